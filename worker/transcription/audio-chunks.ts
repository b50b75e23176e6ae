// Cuts long audio into pieces a speech model accepts, only where a cut is exact
// without decoding: PCM WAV at sample-frame (block-align) boundaries, each piece
// with its own RIFF header; MP3 at frame boundaries. Every piece knows its start
// time, computed from the bytes (WAV: byte offset / byte rate; MP3: the sum of
// the preceding frames' durations), so timestamps can be shifted back.
import { PermanentTranscriptionError, type TranscriptionInput } from "./types";
import { looksLikeMp3, planMp3Chunks } from "./audio/mp3";
import { readInto, rangeReader } from "./audio/streams";
import type { AudioChunk, ChunkLimits, ChunkPlan } from "./audio/types";
import { isWav, planWavChunks, readWavLayout, wavHeader } from "./audio/wav";

export type { AudioChunk, ChunkLimits, ChunkPlan } from "./audio/types";

const WHISPER_REFUSAL = (type: string) =>
  `Whisper on Workers AI takes only MP3 and PCM WAV files (they can be cut exactly); this file (${type}) is neither`;

/**
 * Decides how to cut the input (from its first bytes, not its declared type) and plans the pieces;
 * any other format is refused with `refusal` (given the declared type).
 */
export async function planAudioChunks(
  input: TranscriptionInput,
  limits: ChunkLimits,
  refusal: (type: string) => string = WHISPER_REFUSAL,
): Promise<ChunkPlan> {
  const read = rangeReader(input);
  const head = await read(0, 16);
  if (isWav(head)) {
    const layout = await readWavLayout(read, input.size);
    return { kind: "wav", layout, chunks: planWavChunks(layout, limits), duration: layout.dataLength / layout.byteRate };
  }
  if (looksLikeMp3(head)) {
    const { chunks, duration } = await planMp3Chunks(await input.open(), limits);
    return { kind: "mp3", chunks, duration };
  }
  throw new PermanentTranscriptionError(refusal(input.contentType || "unknown type"));
}

/** The bytes to send for one piece (WAV pieces get their own RIFF header), read straight into one buffer. */
export async function readChunk(input: TranscriptionInput, plan: ChunkPlan, chunk: AudioChunk): Promise<Uint8Array> {
  const header = plan.kind === "wav" ? wavHeader(plan.layout, chunk.length) : new Uint8Array(0);
  const out = new Uint8Array(header.length + chunk.length);
  out.set(header, 0);
  const read = await readInto(await input.openRange(chunk.offset, chunk.length), out, header.length);
  if (read !== chunk.length) throw new Error(`Short read: expected ${chunk.length} bytes at ${chunk.offset}, got ${read}`);
  return out;
}
