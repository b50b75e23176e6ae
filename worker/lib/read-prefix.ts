// The start of an answer from another server, read without trusting its length: reading stops
// once `maxBytes` have come and the rest is cancelled (the connection closes), so a receiver that
// answers with hundreds of megabytes costs us a few kilobytes of memory and no waiting.

/** At most the first `maxBytes` of a body as text (a character cut in half at the end is dropped); the body is always let go. */
export async function readPrefix(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let read = 0;
  try {
    while (read < maxBytes) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      const piece = value.subarray(0, maxBytes - read);
      read += piece.byteLength;
      text += decoder.decode(piece, { stream: true });
    }
    return text;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
