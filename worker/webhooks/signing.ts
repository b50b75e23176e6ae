// A delivery's signature (decision 041), as Stripe's: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>" under the webhook's secret>`. The receiver recomputes it and refuses an old t.
// The secret is kept encrypted (AES-GCM under a key derived from JWT_SECRET): signing needs it
// back, so it cannot be a hash, but a copy of the database alone does not give it away.
const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function signature(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`));
  return `t=${timestamp},v1=${hex(mac)}`;
}

/** A new secret: `whsec_` and 256 bits from the CSPRNG. */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")}`;
}

async function sealingKey(jwtSecret: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(jwtSecret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("webhook secrets") },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function sealSecret(jwtSecret: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealingKey(jwtSecret), encoder.encode(secret));
  return `${b64(iv)}.${b64(new Uint8Array(sealed))}`;
}

export async function openSecret(jwtSecret: string, sealed: string): Promise<string> {
  const [iv, data] = sealed.split(".");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unb64(iv ?? "") }, await sealingKey(jwtSecret), unb64(data ?? ""));
  return new TextDecoder().decode(plain);
}
