// Rewriting a PCM WAV's redacted ranges without a codec (decision 058): the header says where the
// samples are and how they are laid out, so each range's bytes are overwritten in place, as the
// file streams from R2 to its new object. The length never changes.
import type { MediaFill } from "../../common/redactions";

/** How a WAV's samples are laid out. */
export interface WavLayout {
  /** Where the samples start and how many bytes they take. */
  dataStart: number;
  dataBytes: number;
  rate: number;
  channels: number;
  bytesPerSample: number;
  float: boolean;
}

/** The bytes a header is looked for in: the fmt and data chunks come within the first 64 KB in practice. */
export const WAV_HEADER_BYTES = 65_536;
/** Each range is widened by this much each side: a word's times are the recogniser's estimate. */
export const RANGE_PAD_SECONDS = 0.05;
const TONE_HZ = 1_000;
/** A quiet tone: a tenth of full scale. */
const TONE_LEVEL = 0.1;

const ascii = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** The layout of a PCM (integer 8–32 bit or 32-bit float) WAV from its first bytes; null for anything else. */
export function wavLayout(head: Uint8Array): WavLayout | null {
  if (head.length < 12 || ascii(head, 0) !== "RIFF" || ascii(head, 8) !== "WAVE") return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let fmt: Omit<WavLayout, "dataStart" | "dataBytes"> | null = null;
  for (let at = 12; at + 8 <= head.length; ) {
    const id = ascii(head, at);
    const size = view.getUint32(at + 4, true);
    if (id === "fmt " && at + 24 <= head.length) {
      let format = view.getUint16(at + 8, true);
      // WAVE_FORMAT_EXTENSIBLE names the real format in its sub-format's first two bytes.
      if (format === 0xfffe && size >= 40 && at + 34 <= head.length) format = view.getUint16(at + 32, true);
      const channels = view.getUint16(at + 10, true);
      const rate = view.getUint32(at + 12, true);
      const bits = view.getUint16(at + 22, true);
      const float = format === 3;
      if (!(format === 1 || (float && bits === 32)) || ![8, 16, 24, 32].includes(bits) || channels < 1 || rate < 1) return null;
      fmt = { rate, channels, bytesPerSample: bits / 8, float };
    } else if (id === "data") {
      return fmt && { ...fmt, dataStart: at + 8, dataBytes: size };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

/** Byte ranges [start, end) of the samples in each time range (widened, whole frames, clipped to the data). */
export function byteRanges(layout: WavLayout, ranges: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const frame = layout.channels * layout.bytesPerSample;
  const frames = Math.floor(layout.dataBytes / frame);
  const out: { start: number; end: number }[] = [];
  for (const r of ranges) {
    const first = Math.max(0, Math.floor((r.start - RANGE_PAD_SECONDS) * layout.rate));
    const last = Math.min(frames, Math.ceil((r.end + RANGE_PAD_SECONDS) * layout.rate));
    if (last > first) out.push({ start: layout.dataStart + first * frame, end: layout.dataStart + last * frame });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** One sample's bytes (little-endian) for a value in [-1, 1]. */
function sampleBytes(layout: WavLayout, value: number): number[] {
  const n = layout.bytesPerSample;
  if (layout.float) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    return [...b];
  }
  // 8-bit WAV is unsigned: its silence is 128.
  if (n === 1) return [Math.round(128 + value * 127) & 0xff];
  let v = Math.round(value * (2 ** (8 * n - 1) - 1));
  if (v < 0) v += 2 ** (8 * n);
  return Array.from({ length: n }, (_, i) => Math.floor(v / 2 ** (8 * i)) & 0xff);
}

/** The byte a fill puts at an absolute offset inside the samples (a tone's sample computed once per frame). */
function filler(layout: WavLayout, silence: number[]) {
  let frame = -1;
  let tone: number[] = silence;
  return (fill: MediaFill, at: number): number => {
    const offset = at - layout.dataStart;
    const within = offset % layout.bytesPerSample;
    if (fill === "silence") return silence[within]!;
    const f = Math.floor(offset / (layout.channels * layout.bytesPerSample));
    if (f !== frame) {
      frame = f;
      tone = sampleBytes(layout, TONE_LEVEL * Math.sin((2 * Math.PI * TONE_HZ * f) / layout.rate));
    }
    return tone[within]!;
  };
}

/**
 * A stream that overwrites the bytes of `ranges` (from byteRanges, each with its fill) in the WAV
 * passing through; everything else passes as it is.
 */
export function wavRedactor(
  layout: WavLayout,
  ranges: readonly { start: number; end: number; fill: MediaFill }[],
): TransformStream<Uint8Array, Uint8Array> {
  const silence = sampleBytes(layout, 0);
  const byteAt = filler(layout, silence);
  let offset = 0;
  return new TransformStream({
    transform(chunk, controller) {
      const from = offset;
      const to = offset + chunk.length;
      offset = to;
      let out = chunk;
      for (const r of ranges) {
        if (r.end <= from || r.start >= to) continue;
        if (out === chunk) out = chunk.slice();
        const [a, b] = [Math.max(r.start, from), Math.min(r.end, to)];
        if (r.fill === "silence" && silence.every((x) => x === 0)) out.fill(0, a - from, b - from);
        else for (let at = a; at < b; at++) out[at - from] = byteAt(r.fill, at);
      }
      controller.enqueue(out);
    },
  });
}
