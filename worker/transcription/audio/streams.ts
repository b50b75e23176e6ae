// Reading streams and byte ranges of the stored media into buffers.
import type { TranscriptionInput } from "../types";
import type { RangeReader } from "./types";

export async function readAll(stream: ReadableStream<Uint8Array>, expected?: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    total += value.length;
  }
  if (parts.length === 1 && (expected === undefined || total === expected)) return parts[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Reads a stream into `target` from `at`; returns the number of bytes read (never more than fit). */
export async function readInto(stream: ReadableStream<Uint8Array>, target: Uint8Array, at = 0): Promise<number> {
  const reader = stream.getReader();
  let end = at;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (end + value.length > target.length) {
      await reader.cancel();
      throw new Error(`Read more bytes than asked for (${end + value.length - at} > ${target.length - at})`);
    }
    target.set(value, end);
    end += value.length;
  }
  return end - at;
}

export const rangeReader =
  (input: Pick<TranscriptionInput, "openRange" | "size">): RangeReader =>
  async (offset, length) => {
    const len = Math.max(0, Math.min(length, input.size - offset));
    if (!len) return new Uint8Array(0);
    return readAll(await input.openRange(offset, len), len);
  };
