// Cuts long audio into pieces a speech model accepts, only where a cut is exact
// without decoding: PCM WAV at sample-frame (block-align) boundaries, each piece
// with its own RIFF header; MP3 at frame boundaries. Every piece knows its start
// time, computed from the bytes (WAV: byte offset / byte rate; MP3: the sum of
// the preceding frames' durations), so timestamps can be shifted back.
import type { TranscriptionInput } from "./types";
import { PermanentTranscriptionError } from "./types";

export interface ChunkLimits {
  /** Bytes per piece, header included. */
  maxBytes: number;
  /** Seconds of audio per piece. */
  maxSeconds: number;
}

export interface AudioChunk {
  /** Where the piece's audio bytes start in the file. */
  offset: number;
  length: number;
  /** Seconds from the start of the recording. */
  startTime: number;
  duration: number;
}

export interface WavLayout {
  formatTag: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
  /** The fmt chunk's body, copied verbatim into each piece's header. */
  fmt: Uint8Array;
  dataOffset: number;
  dataLength: number;
}

export type ChunkPlan =
  | { kind: "wav"; layout: WavLayout; chunks: AudioChunk[]; duration: number }
  | { kind: "mp3"; chunks: AudioChunk[]; duration: number };

export type RangeReader = (offset: number, length: number) => Promise<Uint8Array>;

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

// ---------------------------------------------------------------- WAV

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

// ---------------------------------------------------------------- MP3

export interface Mp3FrameHeader {
  /** 1, 2 or 2.5 */
  version: 1 | 2 | 2.5;
  bitrate: number;
  sampleRate: number;
  padding: boolean;
  protected: boolean;
  mono: boolean;
  /** Bytes, header included. */
  length: number;
  samples: number;
}

// Layer III bitrates (kbit/s) by bitrate index.
const MPEG1_L3_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_L3_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 2.5: [11025, 12000, 8000] };

/** Parses an MPEG-1/2/2.5 Layer III frame header at `at`; null when the bytes are not one. */
export function parseMp3FrameHeader(bytes: Uint8Array, at = 0): Mp3FrameHeader | null {
  if (at + 4 > bytes.length) return null;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  const b3 = bytes[at + 3]!;
  if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 3;
  if (versionBits === 1) return null; // reserved
  if (((b1 >> 1) & 3) !== 1) return null; // Layer III only
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null; // free format / invalid
  if ((b3 & 3) === 2) return null; // reserved emphasis
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const bitrate = (version === 1 ? MPEG1_L3_BITRATES : MPEG2_L3_BITRATES)[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = Boolean((b2 >> 1) & 1);
  const samples = version === 1 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrate) / sampleRate) + (padding ? 1 : 0);
  return { version, bitrate, sampleRate, padding, protected: (b1 & 1) === 0, mono: b3 >> 6 === 3, length, samples };
}

/** Size of an ID3v2 tag at `at` (header, body and optional footer); 0 when there is none. */
export function id3v2TagSize(bytes: Uint8Array, at = 0): number {
  if (at + 10 > bytes.length || ascii(bytes, at, 3) !== "ID3") return 0;
  const s = bytes.subarray(at + 6, at + 10);
  if (s.some((b) => b & 0x80)) return 0; // sizes are syncsafe
  const body = (s[0]! << 21) | (s[1]! << 14) | (s[2]! << 7) | s[3]!;
  const footer = bytes[at + 5]! & 0x10 ? 10 : 0;
  return 10 + body + footer;
}

/** True when the frame at `at` is a Xing/Info/VBRI header frame: metadata, not audio. */
export function isVbrHeaderFrame(bytes: Uint8Array, at: number, header: Mp3FrameHeader): boolean {
  const side = header.version === 1 ? (header.mono ? 17 : 32) : header.mono ? 9 : 17;
  const candidates = [at + 4 + side, at + 4 + side + 2];
  for (const p of candidates) {
    if (p + 4 <= bytes.length && ["Xing", "Info"].includes(ascii(bytes, p, 4))) return true;
  }
  return at + 40 <= bytes.length && ascii(bytes, at + 36, 4) === "VBRI";
}

export interface Mp3Frame {
  offset: number;
  length: number;
  samples: number;
  sampleRate: number;
}

const same = (a: Mp3FrameHeader, b: Mp3FrameHeader) => a.version === b.version && a.sampleRate === b.sampleRate;

/**
 * Finds MP3 frames in bytes pushed in any pieces, keeping only a few KB at a time.
 * Skips ID3v2 tags and anything that is not a frame (ID3v1/APE tags, junk); when not
 * yet in sync, a header counts only if the next frame's header follows where it
 * should. The Xing/Info header frame and a frame cut short by the end of the file are
 * left out. Frames whose sample rate or MPEG version differ from the first are junk.
 */
export class Mp3FrameScanner {
  private buf = new Uint8Array(0);
  /** Absolute offset of buf[0]. */
  private base = 0;
  private skip = 0;
  private locked: Mp3FrameHeader | null = null;
  private reference: Mp3FrameHeader | null = null;
  private pending: Mp3Frame | null = null;
  private first = true;
  private finished = false;

  constructor(private readonly onFrame: (frame: Mp3Frame) => void) {}

  push(data: Uint8Array): void {
    if (this.finished) throw new Error("scanner already finished");
    if (this.skip > 0) {
      const n = Math.min(this.skip, data.length);
      this.skip -= n;
      this.base += n;
      data = data.subarray(n);
      if (!data.length) return;
    }
    const buf = this.buf.length ? concat(this.buf, data) : data;
    this.consume(buf, false);
  }

  finish(): void {
    if (this.finished) return;
    this.consume(this.buf, true);
    this.finished = true;
    // A frame whose bytes did not all arrive is cut short: leave it out.
    if (this.pending && this.skip === 0) this.onFrame(this.pending);
    this.pending = null;
  }

  private consume(buf: Uint8Array, eof: boolean): void {
    let i = 0;
    while (i < buf.length) {
      const next = this.step(buf, i, eof);
      if (next === null) break;
      i = next;
    }
    if (i >= buf.length) {
      // Past the end: the rest of the current frame has not arrived yet.
      if (i > buf.length) this.skip = i - buf.length;
      this.base += buf.length;
      this.buf = new Uint8Array(0);
    } else {
      this.base += i;
      this.buf = buf.slice(i);
    }
  }

  /** Handles the bytes at `i`; returns where to continue, or null to wait for more bytes. */
  private step(buf: Uint8Array, i: number, eof: boolean): number | null {
    const available = buf.length - i;
    if (this.locked) {
      if (available < 4) return eof ? buf.length : null;
      const header = parseMp3FrameHeader(buf, i);
      if (header && same(header, this.locked)) {
        this.accept(buf, i, header);
        return i + header.length;
      }
      this.locked = null; // lost sync: look again from here
      return i;
    }
    if (available < 10 && !eof) return null;
    const tag = id3v2TagSize(buf, i);
    if (tag) return i + tag;
    const header = parseMp3FrameHeader(buf, i);
    if (!header || (this.reference && !same(header, this.reference))) return i + 1;
    const nextAt = i + header.length;
    if (nextAt + 4 <= buf.length) {
      const next = parseMp3FrameHeader(buf, nextAt);
      if (!next || !same(header, next)) return i + 1;
    } else if (!eof) {
      return null; // wait until the next header can be checked
    } else if (nextAt > buf.length) {
      return i + 1; // a lone partial frame at the end
    }
    this.locked = header;
    this.accept(buf, i, header);
    return nextAt;
  }

  private accept(buf: Uint8Array, i: number, header: Mp3FrameHeader): void {
    const offset = this.base + i;
    if (this.first) {
      this.first = false;
      this.reference = header;
      if (isVbrHeaderFrame(buf, i, header)) return;
    }
    if (this.pending) this.onFrame(this.pending);
    this.pending = { offset, length: header.length, samples: header.samples, sampleRate: header.sampleRate };
  }
}

/** Groups frames into pieces greedily: a piece takes frames while both limits allow. */
export class Mp3ChunkPlanner {
  readonly chunks: AudioChunk[] = [];
  private current: { offset: number; end: number; startSamples: number; samples: number } | null = null;
  private totalSamples = 0;
  private sampleRate = 0;

  constructor(private readonly limits: ChunkLimits) {}

  add(frame: Mp3Frame): void {
    this.sampleRate ||= frame.sampleRate;
    const c = this.current;
    const frameEnd = frame.offset + frame.length;
    if (c && frameEnd - c.offset <= this.limits.maxBytes && c.samples + frame.samples <= this.limits.maxSeconds * this.sampleRate) {
      c.end = frameEnd;
      c.samples += frame.samples;
    } else {
      this.close();
      this.current = { offset: frame.offset, end: frameEnd, startSamples: this.totalSamples, samples: frame.samples };
    }
    this.totalSamples += frame.samples;
  }

  finish(): { chunks: AudioChunk[]; duration: number } {
    this.close();
    return { chunks: this.chunks, duration: this.sampleRate ? this.totalSamples / this.sampleRate : 0 };
  }

  private close(): void {
    const c = this.current;
    if (!c) return;
    this.chunks.push({
      offset: c.offset,
      length: c.end - c.offset,
      startTime: c.startSamples / this.sampleRate,
      duration: c.samples / this.sampleRate,
    });
    this.current = null;
  }
}

/** Plans MP3 pieces by reading the stream once (frame headers only are kept). */
export async function planMp3Chunks(stream: ReadableStream<Uint8Array>, limits: ChunkLimits): Promise<{ chunks: AudioChunk[]; duration: number }> {
  const planner = new Mp3ChunkPlanner(limits);
  const scanner = new Mp3FrameScanner((frame) => planner.add(frame));
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    scanner.push(value);
  }
  scanner.finish();
  const plan = planner.finish();
  if (!plan.chunks.length) throw new PermanentTranscriptionError("No MP3 audio frames found in the file");
  return plan;
}

export function looksLikeMp3(head: Uint8Array): boolean {
  return id3v2TagSize(head) > 0 || parseMp3FrameHeader(head) !== null;
}

// ---------------------------------------------------------------- input

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

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

export const rangeReader = (input: Pick<TranscriptionInput, "openRange" | "size">): RangeReader => async (offset, length) => {
  const len = Math.max(0, Math.min(length, input.size - offset));
  if (!len) return new Uint8Array(0);
  return readAll(await input.openRange(offset, len), len);
};

/** Decides how to cut the input (from its first bytes, not its declared type) and plans the pieces. */
export async function planAudioChunks(input: TranscriptionInput, limits: ChunkLimits): Promise<ChunkPlan> {
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
  throw new PermanentTranscriptionError(
    `Whisper on Workers AI takes only MP3 and PCM WAV files (they can be cut exactly); this file (${input.contentType || "unknown type"}) is neither`,
  );
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
