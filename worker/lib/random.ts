/** URL-safe random string with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buf))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A new row id for transcript content: 96 random bits in 16 characters. Stored
 * in every utterance row and its indexes, where a 36-character UUID cost ≈ 100
 * bytes a row (decision 026).
 */
export const newRowId = (): string => randomToken(12);
