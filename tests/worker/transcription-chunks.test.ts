// The exact cutter for Whisper: PCM WAV at sample-frame boundaries, MP3 at frame
// boundaries, with synthetic files built from the format specifications.
import { describe, expect, it } from "vitest";
import { planAudioChunks, readChunk, type AudioChunk } from "../../worker/transcription/audio-chunks";
import { Mp3ChunkPlanner, Mp3FrameScanner, id3v2TagSize, parseMp3FrameHeader, type Mp3Frame } from "../../worker/transcription/audio/mp3";
import { rangeReader } from "../../worker/transcription/audio/streams";
import { planWavChunks, readWavLayout } from "../../worker/transcription/audio/wav";
import { PermanentTranscriptionError } from "../../worker/transcription/types";
import {
  concatBytes,
  frameLength,
  frameSamples,
  id3v1Tag,
  id3v2Tag,
  memoryInput,
  mp3Frame,
  utf8,
  wavBytes,
  type FrameSpec,
} from "../support/audio-fixtures";

const BIG = { maxBytes: 1e12, maxSeconds: 1e9 };

/** An independent reading of a piece's RIFF header. */
function parsePiece(piece: Uint8Array) {
  const view = new DataView(piece.buffer, piece.byteOffset, piece.byteLength);
  const text = (at: number) => String.fromCharCode(...piece.subarray(at, at + 4));
  const fmtSize = view.getUint32(16, true);
  const dataAt = 20 + fmtSize + (fmtSize & 1);
  return {
    riff: text(0),
    riffSize: view.getUint32(4, true),
    wave: text(8),
    fmtId: text(12),
    fmt: piece.slice(20, 20 + fmtSize),
    dataId: text(dataAt),
    dataSize: view.getUint32(dataAt + 4, true),
    data: piece.subarray(dataAt + 8),
  };
}

function expectContiguous(chunks: AudioChunk[], from: number, total: number) {
  let at = from;
  for (const c of chunks) {
    expect(c.offset).toBe(at);
    at += c.length;
  }
  expect(at - from).toBe(total);
}

describe("WAV", () => {
  it("finds fmt and data past other chunks, reading headers by range only", async () => {
    const { bytes, dataOffset, dataLength } = wavBytes({
      sampleRate: 8000,
      frames: 8000,
      extraChunks: [
        { id: "LIST", body: utf8("INFOISFT") },
        { id: "junk", body: new Uint8Array(5) },
      ], // odd size: padded
    });
    const input = memoryInput(bytes);
    const layout = await readWavLayout(rangeReader(input), bytes.length);
    expect(layout).toMatchObject({
      formatTag: 1,
      channels: 1,
      sampleRate: 8000,
      byteRate: 16000,
      blockAlign: 2,
      bitsPerSample: 16,
      dataOffset,
      dataLength,
    });
    expect(input.opens).toBe(0);
    expect(Math.max(...input.ranges.map(([, length]) => length))).toBeLessThanOrEqual(16);
  });

  it("cuts into even pieces of whole sample frames no longer than the seconds limit", async () => {
    const { bytes, dataOffset, dataLength } = wavBytes({ sampleRate: 8000, frames: 80_000, pattern: true }); // 10 s
    const layout = await readWavLayout(rangeReader(memoryInput(bytes)), bytes.length);
    const chunks = planWavChunks(layout, { maxBytes: 1e9, maxSeconds: 3 });
    expect(chunks.map((c) => c.startTime)).toEqual([0, 2.5, 5, 7.5]);
    expect(chunks.map((c) => c.duration)).toEqual([2.5, 2.5, 2.5, 2.5]);
    expectContiguous(chunks, dataOffset, dataLength);
  });

  it("keeps every piece, header included, under the byte limit and at block-align boundaries", async () => {
    // Stereo 16-bit: 4-byte sample frames; an odd limit forces rounding down.
    const { bytes, dataOffset, dataLength } = wavBytes({ sampleRate: 44100, channels: 2, frames: 10_007, pattern: true });
    const input = memoryInput(bytes, { contentType: "audio/wav" });
    const plan = await planAudioChunks(input, { maxBytes: 9_999, maxSeconds: 1000 });
    expect(plan.kind).toBe("wav");
    expect(plan.duration).toBeCloseTo(10_007 / 44100, 12);
    expectContiguous(plan.chunks, dataOffset, dataLength);
    expect(plan.chunks.length).toBe(Math.ceil(dataLength / (9_999 - 44)));
    const rejoined: Uint8Array[] = [];
    for (const chunk of plan.chunks) {
      expect(chunk.length % 4).toBe(0);
      expect(chunk.startTime).toBeCloseTo((chunk.offset - dataOffset) / (44100 * 4), 12);
      const piece = await readChunk(input, plan, chunk);
      expect(piece.length).toBeLessThanOrEqual(9_999);
      const parsed = parsePiece(piece);
      expect(parsed).toMatchObject({
        riff: "RIFF",
        riffSize: piece.length - 8,
        wave: "WAVE",
        fmtId: "fmt ",
        dataId: "data",
        dataSize: chunk.length,
      });
      expect(parsed.fmt).toEqual(bytes.slice(20, 36));
      expect(parsed.data).toEqual(bytes.slice(chunk.offset, chunk.offset + chunk.length));
      rejoined.push(parsed.data);
    }
    expect(concatBytes(...rejoined)).toEqual(bytes.slice(dataOffset, dataOffset + dataLength));
    expect(input.opens).toBe(0);
  });

  it("copies an extensible fmt chunk verbatim", async () => {
    const { bytes } = wavBytes({ sampleRate: 16000, frames: 1600, formatTag: 0xfffe, pattern: true });
    const input = memoryInput(bytes);
    const plan = await planAudioChunks(input, { maxBytes: 1e9, maxSeconds: 0.05 });
    expect(plan.chunks.length).toBe(2);
    const parsed = parsePiece(await readChunk(input, plan, plan.chunks[1]!));
    expect(parsed.fmt.length).toBe(40);
    expect(parsed.fmt).toEqual(bytes.slice(20, 60));
  });

  it("takes the rest of the file when the data size was never filled in, dropping a partial sample frame", async () => {
    const { bytes, dataOffset } = wavBytes({ sampleRate: 8000, frames: 100, dataSizeField: 0xffffffff, trailing: new Uint8Array([1]) });
    const layout = await readWavLayout(rangeReader(memoryInput(bytes)), bytes.length);
    expect(layout.dataOffset).toBe(dataOffset);
    expect(layout.dataLength).toBe(200); // 201 bytes left, 2-byte frames
  });

  it("refuses WAV files that cannot be cut exactly", async () => {
    const adpcm = wavBytes({ sampleRate: 8000, frames: 100, formatTag: 2 }).bytes;
    const noData = wavBytes({ sampleRate: 8000, frames: 10 }).bytes.slice(0, 36);
    const rf64 = concatBytes(utf8("RF64"), new Uint8Array(4), utf8("WAVE"), new Uint8Array(20));
    for (const bytes of [adpcm, noData, rf64]) {
      await expect(planAudioChunks(memoryInput(bytes), BIG)).rejects.toBeInstanceOf(PermanentTranscriptionError);
    }
    await expect(planAudioChunks(memoryInput(adpcm), BIG)).rejects.toThrow(/PCM/);
  });

  it("plans no pieces for an empty data chunk", async () => {
    const plan = await planAudioChunks(memoryInput(wavBytes({ sampleRate: 8000, frames: 0 }).bytes), BIG);
    expect(plan.chunks).toEqual([]);
    expect(plan.duration).toBe(0);
  });
});

describe("MP3 frame headers", () => {
  const header = (spec: FrameSpec) => parseMp3FrameHeader(mp3Frame(spec));

  it.each([
    [{ version: 1, kbps: 128, sampleRate: 44100 }, 417, 1152],
    [{ version: 1, kbps: 128, sampleRate: 44100, padding: true }, 418, 1152],
    [{ version: 1, kbps: 320, sampleRate: 48000 }, 960, 1152],
    [{ version: 1, kbps: 32, sampleRate: 32000 }, 144, 1152],
    [{ version: 2, kbps: 64, sampleRate: 22050 }, 208, 576],
    [{ version: 2, kbps: 160, sampleRate: 24000, padding: true }, 481, 576],
    [{ version: 2.5, kbps: 8, sampleRate: 8000 }, 72, 576],
    [{ version: 2.5, kbps: 32, sampleRate: 11025, mono: true }, 208, 576],
  ] as [FrameSpec, number, number][])("%o is %i bytes, %i samples", (spec, length, samples) => {
    expect(frameLength(spec)).toBe(length);
    expect(header(spec)).toMatchObject({
      length,
      samples,
      sampleRate: spec.sampleRate,
      version: spec.version,
      padding: Boolean(spec.padding),
    });
  });

  it("rejects what is not an MPEG Layer III frame header", () => {
    expect(header({ layerBits: 2 })).toBeNull(); // Layer II
    expect(header({ layerBits: 3 })).toBeNull(); // Layer I
    const frame = mp3Frame();
    const variant = (i: number, value: number) => {
      const copy = frame.slice(0, 4);
      copy[i] = value;
      return parseMp3FrameHeader(copy);
    };
    expect(variant(2, frame[2]! & 0x0f)).toBeNull(); // free-format bitrate
    expect(variant(2, frame[2]! | 0xf0)).toBeNull(); // bitrate index 15
    expect(variant(2, frame[2]! | 0x0c)).toBeNull(); // sample-rate index 3
    expect(variant(1, (frame[1]! & ~0x18) | 0x08)).toBeNull(); // reserved version
    expect(variant(1, 0x7b)).toBeNull(); // no sync
    expect(variant(3, frame[3]! | 2)).toBeNull(); // reserved emphasis
    expect(parseMp3FrameHeader(frame.slice(0, 3))).toBeNull();
  });

  it("measures ID3v2 tags, with and without footer", () => {
    expect(id3v2TagSize(id3v2Tag(300))).toBe(310);
    expect(id3v2TagSize(id3v2Tag(200_000, true))).toBe(200_020);
    expect(id3v2TagSize(mp3Frame())).toBe(0);
    const bad = id3v2Tag(10);
    bad[7] = 0x80; // not syncsafe
    expect(id3v2TagSize(bad)).toBe(0);
  });
});

/** A file's frames, as laid out by the test; `audio` marks the frames that count. */
function layout(parts: { bytes: Uint8Array; audio?: FrameSpec }[]) {
  const expected: Mp3Frame[] = [];
  let at = 0;
  for (const p of parts) {
    if (p.audio)
      expected.push({ offset: at, length: p.bytes.length, samples: frameSamples(p.audio), sampleRate: p.audio.sampleRate ?? 44100 });
    at += p.bytes.length;
  }
  return { bytes: concatBytes(...parts.map((p) => p.bytes)), expected };
}

function scan(bytes: Uint8Array, piece = bytes.length): Mp3Frame[] {
  const frames: Mp3Frame[] = [];
  const scanner = new Mp3FrameScanner((f) => frames.push(f));
  for (let at = 0; at < bytes.length; at += piece) scanner.push(bytes.subarray(at, at + piece));
  scanner.finish();
  return frames;
}

const audioFrame = (spec: FrameSpec = {}) => ({ bytes: mp3Frame(spec), audio: spec });

describe("MP3 frame scanner", () => {
  it("skips the ID3v2 tag, the Xing header frame and the ID3v1 tag; finds every frame whatever the read sizes", () => {
    const frames = Array.from({ length: 60 }, (_, i) => audioFrame({ padding: i % 3 === 0 }));
    const { bytes, expected } = layout([{ bytes: id3v2Tag(1000) }, { bytes: mp3Frame({ xing: true }) }, ...frames, { bytes: id3v1Tag() }]);
    expect(expected[0]!.offset).toBe(1010 + 417);
    for (const piece of [bytes.length, 4096, 1000, 100, 7, 1]) expect(scan(bytes, piece)).toEqual(expected);
  });

  it("does not mistake frame-like bytes inside an ID3v2 tag (say, cover art) for audio", () => {
    const art = concatBytes(mp3Frame(), mp3Frame(), mp3Frame());
    const { bytes, expected } = layout([
      { bytes: id3v2Tag(art.length + 10, false, art) },
      ...Array.from({ length: 3 }, () => audioFrame()),
    ]);
    expect(expected[0]!.offset).toBe(10 + art.length + 10);
    for (const piece of [bytes.length, 5]) expect(scan(bytes, piece)).toEqual(expected);
  });

  it("resyncs after junk and is not fooled by a lone frame-like header", () => {
    const junk = new Uint8Array(37).fill(0);
    junk.set(mp3Frame().subarray(0, 4), 10); // a valid-looking header not followed by a frame
    const { bytes, expected } = layout([
      ...Array.from({ length: 5 }, () => audioFrame()),
      { bytes: junk },
      ...Array.from({ length: 5 }, () => audioFrame({ padding: true })),
    ]);
    for (const piece of [bytes.length, 50, 3]) expect(scan(bytes, piece)).toEqual(expected);
  });

  it("treats frames of another sample rate as junk and leaves out a frame cut short at the end", () => {
    const { bytes, expected } = layout([
      ...Array.from({ length: 4 }, () => audioFrame()),
      { bytes: mp3Frame({ sampleRate: 48000 }) },
      ...Array.from({ length: 4 }, () => audioFrame()),
      { bytes: mp3Frame().subarray(0, 200) },
    ]);
    for (const piece of [bytes.length, 64, 1]) expect(scan(bytes, piece)).toEqual(expected);
  });

  it("reads MPEG-2 and MPEG-2.5 Layer III", () => {
    for (const spec of [
      { version: 2, kbps: 64, sampleRate: 22050 },
      { version: 2.5, kbps: 16, sampleRate: 8000, mono: true },
    ] as FrameSpec[]) {
      const { bytes, expected } = layout([
        { bytes: id3v2Tag(20) },
        ...Array.from({ length: 10 }, (_, i) => audioFrame({ ...spec, padding: i === 4 })),
      ]);
      expect(scan(bytes, 33)).toEqual(expected);
    }
  });
});

describe("MP3 pieces", () => {
  const frames = (n: number, spec: FrameSpec = {}) => Array.from({ length: n }, (_, i) => audioFrame({ ...spec, padding: i % 2 === 1 }));

  it("cuts at frame boundaries within the seconds limit, start times from frame durations", () => {
    const { bytes, expected } = layout([{ bytes: id3v2Tag(50) }, ...frames(100)]);
    const planner = new Mp3ChunkPlanner({ maxBytes: 1e9, maxSeconds: 1 });
    for (const f of scan(bytes)) planner.add(f);
    const { chunks, duration } = planner.finish();
    // 38 frames of 1152 samples fit in a second at 44.1 kHz (39 do not).
    expect(chunks.map((c) => c.offset)).toEqual([0, 38, 76].map((i) => expected[i]!.offset));
    expect(chunks.map((c) => c.startTime)).toEqual([0, (38 * 1152) / 44100, (76 * 1152) / 44100]);
    expect(chunks.map((c) => c.duration)).toEqual([38, 38, 24].map((n) => (n * 1152) / 44100));
    expect(duration).toBe((100 * 1152) / 44100);
    expectContiguous(chunks, expected[0]!.offset, bytes.length - expected[0]!.offset);
  });

  it("keeps each piece within the byte limit", () => {
    const { bytes, expected } = layout(frames(50));
    const planner = new Mp3ChunkPlanner({ maxBytes: 2000, maxSeconds: 1e9 });
    for (const f of scan(bytes)) planner.add(f);
    const { chunks } = planner.finish();
    // 417 + 418 + 417 + 418 = 1670; a fifth frame would make 2087.
    expect(chunks.map((c) => c.length)).toEqual([...Array(12).fill(1670), 835]);
    expectContiguous(chunks, 0, bytes.length);
    expect(chunks.every((c, i) => c.offset === expected[i * 4]!.offset)).toBe(true);
  });

  it("plans from one streamed read and hands out the frames' bytes", async () => {
    const spec: FrameSpec = { version: 2, kbps: 32, sampleRate: 16000 };
    const { bytes, expected } = layout([{ bytes: id3v2Tag(10) }, { bytes: mp3Frame({ ...spec, xing: true }) }, ...frames(20, spec)]);
    const input = memoryInput(bytes, { contentType: "audio/mpeg", pieceSize: 100 });
    const plan = await planAudioChunks(input, { maxBytes: 1e9, maxSeconds: 0.3 });
    expect(plan.kind).toBe("mp3");
    expect(input.opens).toBe(1);
    expect(plan.duration).toBe((20 * 576) / 16000);
    // 8 frames of 576 samples = 0.288 s per piece.
    expect(plan.chunks.map((c) => c.startTime)).toEqual([0, 0.288, 0.576]);
    expect(plan.chunks[0]!.offset).toBe(expected[0]!.offset);
    for (const chunk of plan.chunks) {
      expect(await readChunk(input, plan, chunk)).toEqual(bytes.slice(chunk.offset, chunk.offset + chunk.length));
    }
  });

  it("refuses a file without MP3 frames", async () => {
    await expect(planAudioChunks(memoryInput(concatBytes(id3v2Tag(10), new Uint8Array(500))), BIG)).rejects.toBeInstanceOf(
      PermanentTranscriptionError,
    );
  });
});

describe("other formats", () => {
  it.each([
    ["Ogg", concatBytes(utf8("OggS"), new Uint8Array(100)), "audio/ogg"],
    ["FLAC", concatBytes(utf8("fLaC"), new Uint8Array(100)), "audio/flac"],
    ["M4A", concatBytes(new Uint8Array([0, 0, 0, 0x20]), utf8("ftypM4A "), new Uint8Array(100)), "audio/mp4"],
    ["Layer II", concatBytes(...Array.from({ length: 5 }, () => mp3Frame({ layerBits: 2 }))), "audio/mpeg"],
  ])("%s is refused as permanent", async (_name, bytes, contentType) => {
    const error = await planAudioChunks(memoryInput(bytes, { contentType }), BIG).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentTranscriptionError);
    expect((error as Error).message).toMatch(/MP3|WAV/);
  });
});
