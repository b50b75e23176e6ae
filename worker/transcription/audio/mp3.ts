// MP3: cut at frame boundaries; a piece's start time is the sum of the preceding frames' durations.
import { PermanentTranscriptionError } from "../types";
import { ascii, concat } from "./bytes";
import type { AudioChunk, ChunkLimits } from "./types";

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
export async function planMp3Chunks(
  stream: ReadableStream<Uint8Array>,
  limits: ChunkLimits,
): Promise<{ chunks: AudioChunk[]; duration: number }> {
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
