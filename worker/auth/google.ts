import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
}

const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

// One key set per URL per isolate: jose caches the keys and refetches on rotation.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    keySets.set(url, set);
  }
  return set;
}

export type GoogleCheck = { ok: true; identity: GoogleIdentity } | { ok: false; reason: "invalid" | "unverified" };

/** Verifies a Google ID token: signature (JWKS), issuer, audience, expiry, verified e-mail. */
export async function verifyGoogleIdToken(idToken: string, clientId: string, jwksUrl: string): Promise<GoogleCheck> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet(jwksUrl), { issuer: GOOGLE_ISSUERS, audience: clientId }));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const email = typeof payload.email === "string" ? payload.email : null;
  if (!payload.sub || !email) return { ok: false, reason: "invalid" };
  if (payload.email_verified !== true && payload.email_verified !== "true") return { ok: false, reason: "unverified" };
  return {
    ok: true,
    identity: { sub: payload.sub, email: email.toLowerCase(), name: typeof payload.name === "string" ? payload.name : null },
  };
}
