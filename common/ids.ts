// Random ids and tokens, made by the Worker (a transcription's rows, secrets) and by the
// editor (a split's new utterance, an operation's Idempotency-Key).

/** URL-safe random string with `bytes` bytes of entropy (unpadded base64url). */
export function randomToken(bytes = 32): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buf))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * A new id for transcript content or an operation: 96 random bits in 16 characters. Each is
 * stored in rows and index entries, where a 36-character UUID costs about 20 bytes more every
 * time (decision 026, docs/scaling.md).
 */
export const newId = (): string => randomToken(12);
