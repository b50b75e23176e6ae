// Ids for what a transcript holds, made by the Worker (a transcription's rows) and by the
// editor (a split's new utterance, an operation's Idempotency-Key): 96 random bits in 16
// URL-safe characters. Each is stored in rows and index entries, where a 36-character UUID
// costs about 20 bytes more every time (decision 026, docs/scaling.md).

/** A new id: 12 random bytes as unpadded base64url. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}
