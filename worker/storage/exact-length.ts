// A request body taken as exactly `size` bytes for R2, which needs a stream's length up front
// (a FixedLengthStream): the bytes pass through as they come, and a body that runs past `size`
// or ends short stops with its reason. The stream R2 reads still ends whole wherever it can (the
// first `size` bytes of a longer body; a shorter one padded when little is missing), and the
// caller removes what was stored: a stream broken under R2 is reported by the runtime as an
// uncaught error, and bytes written past a FixedLengthStream's length are too.
export class BodyTooLong extends Error {}
export class BodyTooShort extends Error {}

/** A short body is padded to its length up to this much; past it the stream is broken instead. */
const PAD_MAX_BYTES = 1024 * 1024;
const ZEROS = new Uint8Array(64 * 1024);

export function exactLength(body: ReadableStream<Uint8Array>, size: number): { stream: ReadableStream<Uint8Array>; fed: Promise<void> } {
  const fixed = new FixedLengthStream(size);
  const writer = fixed.writable.getWriter();
  const reader = body.getReader();
  const fed = (async () => {
    let total = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (total + value.byteLength > size) {
          await writer.write(value.subarray(0, size - total));
          await writer.close();
          await reader.cancel().catch(() => undefined);
          throw new BodyTooLong();
        }
        total += value.byteLength;
        await writer.write(value);
      }
      if (total < size) {
        if (size - total > PAD_MAX_BYTES) throw new BodyTooShort();
        for (let left = size - total; left > 0; left -= ZEROS.byteLength)
          await writer.write(ZEROS.subarray(0, Math.min(left, ZEROS.byteLength)));
        await writer.close();
        throw new BodyTooShort();
      }
      await writer.close();
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      await writer.abort(error).catch(() => undefined);
      throw error;
    }
  })();
  return { stream: fixed.readable, fed };
}

/** Both sides settled: the reason the body was refused (too long first), or null when it was stored whole. */
export async function settledBoth(stored: Promise<unknown>, fed: Promise<void>): Promise<"too-long" | "mismatch" | null> {
  const [store, feed] = await Promise.allSettled([stored, fed]);
  if (feed.status === "rejected") return feed.reason instanceof BodyTooLong ? "too-long" : "mismatch";
  return store.status === "rejected" ? "mismatch" : null;
}
