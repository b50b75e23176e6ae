// PCM WAV: cut at sample-frame (block-align) boundaries, each piece with its own RIFF header.
import { PermanentTranscriptionError } from "../types";
import { ascii, u16, u32 } from "./bytes";
import type { AudioChunk, ChunkLimits, RangeReader, WavLayout } from "./types";

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export function isWav(head: Uint8Array): boolean {
  return head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WAVE";
}

/** Finds the fmt and data chunks, reading only chunk headers (and the fmt body) through `read`. */
export async function readWavLayout(read: RangeReader, size: number): Promise<WavLayout> {
  const head = await read(0, Math.min(12, size));
  if (!isWav(head)) {
    const kind = head.length >= 4 ? ascii(head, 0, 4) : "";
    throw new PermanentTranscriptionError(
      kind === "RF64" || kind === "RIFX" ? `${kind} WAV files cannot be cut into pieces` : "Not a WAV file (no RIFF/WAVE header)",
    );
  }
  let fmt: Uint8Array | null = null;
  let data: { offset: number; length: number } | null = null;
  let pos = 12;
  for (let guard = 0; pos + 8 <= size && (!fmt || !data) && guard < 10_000; guard++) {
    const header = await read(pos, 8);
    if (header.length < 8) break;
    const id = ascii(header, 0, 4);
    const declared = u32(header, 4);
    const bodyAt = pos + 8;
    if (id === "fmt ") {
      if (declared < 16) throw new PermanentTranscriptionError("WAV fmt chunk is too short");
      fmt = await read(bodyAt, Math.min(declared, 1024));
    } else if (id === "data") {
      // Writers that stream leave the size at 0 or 0xFFFFFFFF; take the rest of the file then.
      const rest = size - bodyAt;
      const length = declared === 0 || declared === 0xffffffff || declared > rest ? rest : declared;
      data = { offset: bodyAt, length };
      if (length === rest) break;
    }
    pos = bodyAt + declared + (declared & 1);
  }
  if (!fmt) throw new PermanentTranscriptionError("WAV file has no fmt chunk");
  if (!data) throw new PermanentTranscriptionError("WAV file has no data chunk");

  let formatTag = u16(fmt, 0);
  if (formatTag === WAVE_FORMAT_EXTENSIBLE && fmt.length >= 26) formatTag = u16(fmt, 24); // SubFormat GUID's first bytes
  const channels = u16(fmt, 2);
  const sampleRate = u32(fmt, 4);
  const blockAlign = u16(fmt, 12);
  const bitsPerSample = u16(fmt, 14);
  if (formatTag !== WAVE_FORMAT_PCM && formatTag !== WAVE_FORMAT_IEEE_FLOAT) {
    throw new PermanentTranscriptionError("Only uncompressed (PCM) WAV files can be cut into pieces; this one is compressed");
  }
  if (!channels || !sampleRate || !blockAlign || !bitsPerSample) throw new PermanentTranscriptionError("WAV header is invalid");
  return {
    formatTag,
    channels,
    sampleRate,
    // The declared byte rate is redundant and sometimes wrong; block align × sample rate is what the data is.
    byteRate: sampleRate * blockAlign,
    blockAlign,
    bitsPerSample,
    fmt,
    dataOffset: data.offset,
    dataLength: data.length - (data.length % blockAlign),
  };
}

export function wavHeaderLength(layout: WavLayout): number {
  return 12 + 8 + layout.fmt.length + (layout.fmt.length & 1) + 8;
}

/** A RIFF header for a piece of `dataLength` bytes of this file's audio. */
export function wavHeader(layout: WavLayout, dataLength: number): Uint8Array {
  const length = wavHeaderLength(layout);
  const out = new Uint8Array(length);
  const view = new DataView(out.buffer);
  const put = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  };
  put(0, "RIFF");
  view.setUint32(4, length - 8 + dataLength, true);
  put(8, "WAVE");
  put(12, "fmt ");
  view.setUint32(16, layout.fmt.length, true);
  out.set(layout.fmt, 20);
  put(length - 8, "data");
  view.setUint32(length - 4, dataLength, true);
  return out;
}

/** Pieces of whole sample frames, as even in size as the limits allow (no tiny last piece). */
export function planWavChunks(layout: WavLayout, limits: ChunkLimits): AudioChunk[] {
  const blocks = Math.floor(layout.dataLength / layout.blockAlign);
  if (!blocks) return [];
  const byBytes = Math.floor((limits.maxBytes - wavHeaderLength(layout)) / layout.blockAlign);
  const bySeconds = Math.floor(limits.maxSeconds * layout.sampleRate);
  const maxBlocks = Math.max(1, Math.min(byBytes, bySeconds));
  const count = Math.ceil(blocks / maxBlocks);
  const perChunk = Math.ceil(blocks / count);
  const chunks: AudioChunk[] = [];
  for (let first = 0; first < blocks; first += perChunk) {
    const n = Math.min(perChunk, blocks - first);
    chunks.push({
      offset: layout.dataOffset + first * layout.blockAlign,
      length: n * layout.blockAlign,
      startTime: first / layout.sampleRate,
      duration: n / layout.sampleRate,
    });
  }
  return chunks;
}
