import { scrypt, randomBytes, timingSafeEqual } from "node:crypto";

// scrypt is memory-hard and native in workerd (nodejs_compat). 16 MiB per hash
// (128 * N * r) fits the 128 MB isolate; p=5 follows OWASP's equivalent of
// N=2^17. Parameters live in the hash so they can be raised later: a login
// with older parameters rehashes (see needsRehash).
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5, keyLength: 32 } as const;
/**
 * About 60 times cheaper, for test runs that sign up hundreds of accounts
 * (PASSWORD_HASH_COST=low, refused outside development by the config check).
 */
const LOW_COST_PARAMS = { N: 2 ** 10, r: 8, p: 1, keyLength: 32 } as const;
export type ScryptParams = typeof SCRYPT_PARAMS | typeof LOW_COST_PARAMS;

export const scryptParamsFor = (cost: "standard" | "low"): ScryptParams => (cost === "low" ? LOW_COST_PARAMS : SCRYPT_PARAMS);

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const { N, r, p, keyLength } = params;
  const salt = randomBytes(16);
  const hash = await derive(password, salt, N, r, p, keyLength);
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

function parse(stored: string): Parsed | null {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return null;
  return { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(salt, "base64"), hash: Buffer.from(hash, "base64") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

export function needsRehash(stored: string, params: ScryptParams): boolean {
  const parsed = parse(stored);
  const { N, r, p } = params;
  return !parsed || parsed.N < N || parsed.r < r || parsed.p < p;
}

// Hashed once per isolate so unknown e-mails cost the same time as wrong passwords.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string, params: ScryptParams): Promise<void> {
  dummyHash ??= hashPassword("timing-equaliser", params);
  await verifyPassword(password, await dummyHash);
}
