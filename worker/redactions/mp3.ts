// Silencing an MP3's redacted ranges without a codec (decision 058): each MPEG audio Layer III
// frame overlapping a range keeps its 4-byte header and has everything after it zeroed — side
// information of zero length and zero gain, no coded samples — which decodes to silence. Frames
// are found one after another from the header's bitrate and sample rate (an ID3v2 tag at the start
// is skipped); the length never changes. A frame after a silenced one may borrow bits from it (the
// bit reservoir) and play a short click; the ranges are widened by the same 50 ms as a WAV's.
import { RANGE_PAD_SECONDS } from "./wav";

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

interface Frame {
  length: number;
  seconds: number;
  /** A CRC follows the header (then written for the zeroed side information). */
  crc: boolean;
  sideInfo: number;
}

/** The Layer III frame whose header starts at `at`, or null. */
export function frameAt(b: Uint8Array, at: number): Frame | null {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (b[at + 1]! >> 3) & 3;
  const layer = (b[at + 1]! >> 1) & 3;
  const bitrateIndex = b[at + 2]! >> 4;
  const rateIndex = (b[at + 2]! >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const v1 = version === 3;
  const bitrate = (v1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]! * 1000;
  const rate = RATES[version]![rateIndex]!;
  const padding = (b[at + 2]! >> 1) & 1;
  const mono = b[at + 3]! >> 6 === 3;
  return {
    length: Math.floor(((v1 ? 144 : 72) * bitrate) / rate) + padding,
    seconds: (v1 ? 1152 : 576) / rate,
    crc: (b[at + 1]! & 1) === 0,
    sideInfo: v1 ? (mono ? 17 : 32) : mono ? 9 : 21,
  };
}

/** The size of an ID3v2 tag at the start (0 when there is none). */
function id3Size(b: Uint8Array): number {
  if (b.length < 10 || b[0] !== 0x49 || b[1] !== 0x44 || b[2] !== 0x33) return 0;
  const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
  return 10 + size + (b[5]! & 0x10 ? 10 : 0);
}

/** Whether the file's first bytes are an MP3 (a Layer III frame after any ID3v2 tag, and another after it). */
export function isMp3(head: Uint8Array): boolean {
  const start = id3Size(head);
  const first = frameAt(head, start);
  return !!first && (start + first.length + 4 > head.length || !!frameAt(head, start + first.length));
}

/** CRC-16 (polynomial 0x8005, start 0xFFFF) over the header's last two bytes and the zeroed side information. */
function crcOf(h2: number, h3: number, sideInfo: number): [number, number] {
  let crc = 0xffff;
  for (const byte of [h2, h3, ...new Array<number>(sideInfo).fill(0)]) {
    for (let bit = 7; bit >= 0; bit--) {
      const top = ((crc >> 15) ^ (byte >> bit)) & 1;
      crc = (crc << 1) & 0xffff;
      if (top) crc ^= 0x8005;
    }
  }
  return [crc >> 8, crc & 0xff];
}

/** A stream that silences every frame overlapping a range (seconds); everything else passes as it is. */
export function mp3Redactor(ranges: readonly { start: number; end: number }[]): TransformStream<Uint8Array, Uint8Array> {
  const wide = ranges.map((r) => ({ start: r.start - RANGE_PAD_SECONDS, end: r.end + RANGE_PAD_SECONDS }));
  let carry = new Uint8Array(0);
  let first = true;
  let passLeft = 0;
  let patch: number[] = [];
  let zeroLeft = 0;
  let time = 0;
  const step = (buffer: Uint8Array, final: boolean): number => {
    let at = 0;
    if (first) {
      if (buffer.length < 10 && !final) return 0;
      passLeft = id3Size(buffer);
      first = false;
    }
    while (at < buffer.length) {
      if (passLeft > 0) {
        const n = Math.min(passLeft, buffer.length - at);
        passLeft -= n;
        at += n;
        continue;
      }
      if (patch.length) {
        buffer[at++] = patch.shift()!;
        zeroLeft--;
        continue;
      }
      if (zeroLeft > 0) {
        const n = Math.min(zeroLeft, buffer.length - at);
        buffer.fill(0, at, at + n);
        zeroLeft -= n;
        at += n;
        continue;
      }
      if (at + 4 > buffer.length && !final) break; // a header split across chunks: wait for the rest
      const frame = frameAt(buffer, at);
      if (!frame) {
        at++; // not a frame here (a tag, damage): look for the next header
        continue;
      }
      const silent = wide.some((r) => time < r.end && time + frame.seconds > r.start);
      time += frame.seconds;
      if (!silent) {
        passLeft = frame.length;
        continue;
      }
      const header = [buffer[at + 2]!, buffer[at + 3]!];
      at += 4;
      zeroLeft = frame.length - 4;
      patch = frame.crc ? crcOf(header[0]!, header[1]!, frame.sideInfo) : [];
    }
    return at;
  };
  return new TransformStream({
    transform(chunk, controller) {
      const buffer = new Uint8Array(carry.length + chunk.length);
      buffer.set(carry);
      buffer.set(chunk, carry.length);
      const done = step(buffer, false);
      carry = buffer.slice(done);
      if (done) controller.enqueue(buffer.subarray(0, done));
    },
    flush(controller) {
      if (!carry.length) return;
      const done = step(carry, true);
      controller.enqueue(carry.subarray(0, Math.max(done, carry.length)));
    },
  });
}
