// HMAC-signed, expiring links for the local stand-ins of R2 presigned URLs.
const encoder = new TextEncoder();

async function hmacKey(secret: string): Promise<CryptoKey> {
  // A key of its own, derived from the app secret, so link signatures can never pass as tokens.
  const derived = await crypto.subtle.digest("SHA-256", encoder.encode(`storage-links:${secret}`));
  return crypto.subtle.importKey("raw", derived, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

const toHex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

function fromHex(hex: string): Uint8Array | null {
  if (!/^[0-9a-f]*$/.test(hex) || hex.length % 2) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
}

export async function signParts(secret: string, parts: string[]): Promise<string> {
  return toHex(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(parts.join("\n"))));
}

/** Constant-time check of a signature over `parts`, and of its expiry (unix seconds). */
export async function verifyParts(secret: string, parts: string[], signature: string, expires: number, now = Date.now()): Promise<boolean> {
  if (!Number.isFinite(expires) || expires * 1000 < now) return false;
  const bytes = fromHex(signature);
  if (!bytes) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, encoder.encode(parts.join("\n")));
}
