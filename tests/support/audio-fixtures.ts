// Synthetic audio and in-memory transcription inputs for the transcription tests.
// The WAV and MP3 bytes are built here from the format specifications, not with
// the code under test.
import type { TranscriptionInput } from "../../worker/transcription/types";

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export const utf8 = (text: string) => new TextEncoder().encode(text);

export interface RecordingInput extends TranscriptionInput {
  /** How often open() was called. */
  opens: number;
  /** Every openRange(offset, length) call. */
  ranges: [number, number][];
}

/** A TranscriptionInput over bytes in memory, recording how it is read. */
export function memoryInput(
  bytes: Uint8Array,
  init: { contentType?: string; filename?: string; durationSeconds?: number | null; pieceSize?: number } = {},
): RecordingInput {
  const stream = (data: Uint8Array): ReadableStream<Uint8Array> => {
    const pieceSize = init.pieceSize;
    if (!pieceSize) return new Response(data.slice()).body!;
    let at = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= data.length) return controller.close();
        controller.enqueue(data.slice(at, at + pieceSize));
        at += pieceSize;
      },
    });
  };
  const input: RecordingInput = {
    opens: 0,
    ranges: [],
    contentType: init.contentType ?? "application/octet-stream",
    filename: init.filename ?? "audio.bin",
    size: bytes.length,
    durationSeconds: init.durationSeconds ?? null,
    async open() {
      input.opens++;
      return stream(bytes);
    },
    async openRange(offset, length) {
      input.ranges.push([offset, length]);
      if (offset < 0 || length < 0 || offset + length > bytes.length)
        throw new RangeError(`range ${offset}+${length} outside ${bytes.length}`);
      return stream(bytes.subarray(offset, offset + length));
    },
  };
  return input;
}

// ------------------------------------------------------------------ WAV

export interface WavSpec {
  sampleRate: number;
  channels?: number;
  bitsPerSample?: number;
  /** Sample frames of audio. */
  frames: number;
  /** 1 PCM (default), 3 float, 0xFFFE extensible (PCM sub-format), others as given. */
  formatTag?: number;
  /** Words for the Whisper stand-in: channel-0 sample 10000 + value at that time (16-bit only). */
  markers?: { time: number; value: number }[];
  /** Fill the audio bytes with a position-dependent pattern (to check cut pieces byte for byte). */
  pattern?: boolean;
  /** Chunks placed between fmt and data (e.g. LIST). */
  extraChunks?: { id: string; body: Uint8Array }[];
  /** Overrides the data chunk's declared size (e.g. 0xFFFFFFFF as streaming writers leave it). */
  dataSizeField?: number;
  /** Bytes after the data chunk. */
  trailing?: Uint8Array;
}

export function wavBytes(spec: WavSpec): { bytes: Uint8Array; dataOffset: number; dataLength: number; blockAlign: number } {
  const channels = spec.channels ?? 1;
  const bits = spec.bitsPerSample ?? 16;
  const blockAlign = channels * (bits / 8);
  const formatTag = spec.formatTag ?? 1;
  const extensible = formatTag === 0xfffe;
  const fmt = new Uint8Array(extensible ? 40 : 16);
  const fv = new DataView(fmt.buffer);
  fv.setUint16(0, formatTag, true);
  fv.setUint16(2, channels, true);
  fv.setUint32(4, spec.sampleRate, true);
  fv.setUint32(8, spec.sampleRate * blockAlign, true);
  fv.setUint16(12, blockAlign, true);
  fv.setUint16(14, bits, true);
  if (extensible) {
    fv.setUint16(16, 22, true); // cbSize
    fv.setUint16(18, bits, true); // valid bits
    fv.setUint32(20, channels === 1 ? 4 : 3, true); // channel mask
    fv.setUint16(24, 1, true); // SubFormat KSDATAFORMAT_SUBTYPE_PCM (GUID 00000001-0000-0010-8000-00aa00389b71)
    fmt.set([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71], 26);
  }
  const data = new Uint8Array(spec.frames * blockAlign);
  if (spec.pattern) for (let i = 0; i < data.length; i++) data[i] = (i * 7 + (i >> 8)) & 0xff;
  const dv = new DataView(data.buffer);
  for (const m of spec.markers ?? []) dv.setInt16(Math.round(m.time * spec.sampleRate) * blockAlign, 10000 + m.value, true);

  const chunk = (id: string, body: Uint8Array, declared = body.length) => {
    const out = new Uint8Array(8 + body.length + (body.length & 1));
    out.set(utf8(id), 0);
    new DataView(out.buffer).setUint32(4, declared, true);
    out.set(body, 8);
    return out;
  };
  const fmtChunk = chunk("fmt ", fmt);
  const extras = (spec.extraChunks ?? []).map((c) => chunk(c.id, c.body));
  const head = concatBytes(utf8("RIFF"), new Uint8Array(4), utf8("WAVE"), fmtChunk, ...extras);
  const dataHeader = new Uint8Array(8);
  dataHeader.set(utf8("data"), 0);
  new DataView(dataHeader.buffer).setUint32(4, spec.dataSizeField ?? data.length, true);
  const trailing = spec.trailing ?? new Uint8Array(0);
  const bytes = concatBytes(head, dataHeader, data, trailing);
  new DataView(bytes.buffer).setUint32(4, bytes.length - 8, true);
  return { bytes, dataOffset: head.length + 8, dataLength: data.length, blockAlign };
}

// ------------------------------------------------------------------ MP3

const KBPS_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const KBPS_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<string, number[]> = { "1": [44100, 48000, 32000], "2": [22050, 24000, 16000], "2.5": [11025, 12000, 8000] };

export interface FrameSpec {
  version?: 1 | 2 | 2.5;
  kbps?: number;
  sampleRate?: number;
  padding?: boolean;
  mono?: boolean;
  /** Protection bit clear: a CRC follows the header. */
  crc?: boolean;
  /** Layer bits: 1 = Layer III (default), 2 = Layer II, 3 = Layer I. */
  layerBits?: number;
  /** A word marker for the Whisper stand-in (payload 0x01, value u16 LE). */
  marker?: number;
  /** Make it a Xing VBR header frame. */
  xing?: boolean;
  /** Payload fill byte. */
  fill?: number;
}

export function frameLength(spec: FrameSpec): number {
  const version = spec.version ?? 1;
  const kbps = spec.kbps ?? 128;
  const rate = spec.sampleRate ?? 44100;
  return Math.floor(((version === 1 ? 144 : 72) * kbps * 1000) / rate) + (spec.padding ? 1 : 0);
}

export const frameSamples = (spec: FrameSpec) => ((spec.version ?? 1) === 1 ? 1152 : 576);

export function mp3Frame(spec: FrameSpec = {}): Uint8Array {
  const version = spec.version ?? 1;
  const kbps = spec.kbps ?? 128;
  const rate = spec.sampleRate ?? 44100;
  const bitrateIndex = (version === 1 ? KBPS_V1 : KBPS_V2).indexOf(kbps);
  const rateIndex = RATES[String(version)]!.indexOf(rate);
  if (bitrateIndex < 1 || rateIndex < 0) throw new Error(`no such frame: MPEG ${version} ${kbps} kbps ${rate} Hz`);
  const versionBits = version === 1 ? 3 : version === 2 ? 2 : 0;
  const out = new Uint8Array(frameLength(spec)).fill(spec.fill ?? 0x55);
  out[0] = 0xff;
  out[1] = 0xe0 | (versionBits << 3) | ((spec.layerBits ?? 1) << 1) | (spec.crc ? 0 : 1);
  out[2] = (bitrateIndex << 4) | (rateIndex << 2) | (spec.padding ? 2 : 0);
  out[3] = (spec.mono ? 3 : 1) << 6; // mono or joint stereo; no emphasis
  out[4] = 0;
  if (spec.marker !== undefined) {
    out[4] = 1;
    out[5] = spec.marker & 0xff;
    out[6] = spec.marker >> 8;
  }
  if (spec.xing) {
    const side = version === 1 ? (spec.mono ? 17 : 32) : spec.mono ? 9 : 17;
    out.fill(0, 4, 4 + side);
    out.set(utf8("Xing"), 4 + side);
  }
  return out;
}

/** An ID3v2.4 tag of `bodySize` bytes (optionally with a footer), its body starting with `content`. */
export function id3v2Tag(bodySize: number, footer = false, content?: Uint8Array): Uint8Array {
  const out = new Uint8Array(10 + bodySize + (footer ? 10 : 0)).fill(0x41, 10);
  if (content) out.set(content, 10);
  out.set(utf8("ID3"), 0);
  out[3] = 4;
  out[5] = footer ? 0x10 : 0;
  out[6] = (bodySize >> 21) & 0x7f;
  out[7] = (bodySize >> 14) & 0x7f;
  out[8] = (bodySize >> 7) & 0x7f;
  out[9] = bodySize & 0x7f;
  if (footer) out.set(utf8("3DI"), 10 + bodySize);
  return out;
}

/** An ID3v1 tag (128 bytes at the end of a file). */
export function id3v1Tag(): Uint8Array {
  const out = new Uint8Array(128).fill(0x20);
  out.set(utf8("TAG"), 0);
  return out;
}
