// Whisper large-v3-turbo through env.AI, answered by the Workers AI stand-in, which
// decodes the base64 audio strictly and reads word markers from the samples/frames
// (see tests/support/ai-stand-in.ts). So these tests fail if a piece is not a valid
// file, is cut in the wrong place, or its timestamps are not shifted right.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getConfig } from "../../worker/config";
import type { ChunkLimits } from "../../worker/transcription/audio-chunks";
import { PermanentTranscriptionError, type NormalizedTranscript } from "../../worker/transcription/types";
import { WHISPER_CHUNK_LIMITS, createWhisperService, whisperService } from "../../worker/transcription/whisper";
import { concatBytes, id3v2Tag, memoryInput, mp3Frame, utf8, wavBytes, type RecordingInput } from "../support/audio-fixtures";
import { transcribeAll } from "../support/transcribe-all";

const HIGH = Math.exp(-0.25); // stand-in segments' avg_logprob -0.25
const LOW = Math.exp(-2); // values >= 100: avg_logprob -2

const run = (input: RecordingInput, limits?: ChunkLimits) =>
  transcribeAll(limits ? createWhisperService(limits) : whisperService, input, env, getConfig(env));

const allWords = (t: NormalizedTranscript) => t.utterances.flatMap((u) => u.words);

function wav(seconds: number, markers: { time: number; value: number }[]) {
  return memoryInput(wavBytes({ sampleRate: 8000, frames: seconds * 8000, markers }).bytes, {
    contentType: "audio/wav",
    filename: "talk.wav",
  });
}

describe("workers-ai-whisper", () => {
  it("is registered under its name with 15 MB / 10 min pieces", () => {
    expect(whisperService.name).toBe("workers-ai-whisper");
    expect(WHISPER_CHUNK_LIMITS).toEqual({ maxBytes: 15 * 1024 * 1024, maxSeconds: 600 });
  });

  it("sends a long WAV in exact pieces and shifts each piece's timestamps by its start", async () => {
    const input = wav(
      10,
      Array.from({ length: 10 }, (_, k) => ({ time: k + 0.25, value: k + 1 })),
    );
    const t = await run(input, { maxBytes: 1e9, maxSeconds: 3 }); // 4 pieces of 2.5 s
    expect(t.duration).toBe(10);
    expect(t.speakers).toEqual(["0"]);
    expect(t.utterances).toHaveLength(1);
    const words = allWords(t);
    // Segments end with a full stop; the stand-in's segments never span two pieces.
    expect(words.map((w) => w.text)).toEqual(["w1", "w2", "w3.", "w4", "w5.", "w6", "w7", "w8.", "w9", "w10."]);
    words.forEach((w, k) => {
      expect(w.start).toBeCloseTo(k + 0.25, 9);
      expect(w.end).toBeCloseTo(k + 0.65, 9);
      expect(w.confidence).toBeCloseTo(HIGH, 12);
      expect(w.hasEntities).toBe(false);
    });
    // Read by ranges, never as a whole: each read is a header field or one 2.5 s piece.
    expect(input.opens).toBe(0);
    expect(input.ranges.filter(([, length]) => length === 40_000)).toHaveLength(4);
    expect(Math.max(...input.ranges.map(([, length]) => length))).toBe(40_000);
  });

  it("splits utterances at pauses and takes confidence from the segment's avg_logprob", async () => {
    const t = await run(
      wav(8, [
        { time: 0.5, value: 1 },
        { time: 1.5, value: 2 },
        { time: 5, value: 3 }, // 3.1 s after the previous word ends
        { time: 6, value: 150 },
      ]),
    );
    expect(t.utterances.map((u) => u.words.map((w) => w.text))).toEqual([
      ["w1", "w2."],
      ["w3.", "w150."],
    ]);
    expect(t.utterances.map((u) => [u.start, u.end])).toEqual([
      [0.5, expect.closeTo(1.9, 9)],
      [5, expect.closeTo(6.4, 9)],
    ]);
    expect(t.utterances[1]!.words.map((w) => w.confidence)).toEqual([HIGH, LOW]);
    expect(t.utterances.every((u) => u.speaker === "0" && u.sentiment === null && u.sentimentConfidence === null)).toBe(true);
  });

  it("sends an MP3 in whole frames without its ID3 tag or Xing frame, timed by frame durations", async () => {
    const frameTime = 1152 / 44100;
    const frames = Array.from({ length: 200 }, (_, i) =>
      mp3Frame({ padding: i % 2 === 1, ...(i % 40 === 0 ? { marker: i / 40 + 1 } : {}) }),
    );
    const input = memoryInput(concatBytes(id3v2Tag(500), mp3Frame({ xing: true }), ...frames), {
      contentType: "audio/mpeg",
      filename: "talk.mp3",
      pieceSize: 4096,
    });
    const t = await run(input, { maxBytes: 1e9, maxSeconds: 1 }); // 38 frames a piece
    expect(t.duration).toBeCloseTo(200 * frameTime, 12);
    const words = allWords(t);
    expect(words.map((w) => w.text)).toEqual(["w1.", "w2.", "w3.", "w4.", "w5."]);
    for (const [k, w] of words.entries()) expect(w.start).toBeCloseTo(40 * k * frameTime, 9);
    expect(input.opens).toBe(1); // one pass over the frame headers
    expect(input.ranges.length).toBe(1 + Math.ceil(200 / 38)); // the sniffed head, then one range per piece
  });

  it("refuses formats it cannot cut exactly", async () => {
    const ogg = memoryInput(concatBytes(utf8("OggS"), new Uint8Array(200)), { contentType: "audio/ogg", filename: "talk.ogg" });
    await expect(run(ogg)).rejects.toBeInstanceOf(PermanentTranscriptionError);
  });

  it("fails retryably when a piece fails in the service, and at once when the audio is refused", async () => {
    const laterPieceFails = wav(5, [
      { time: 0.25, value: 1 },
      { time: 3.25, value: 9001 },
    ]);
    const retryable = await run(laterPieceFails, { maxBytes: 1e9, maxSeconds: 3 }).catch((e: unknown) => e);
    expect(retryable).toBeInstanceOf(Error);
    expect(retryable).not.toBeInstanceOf(PermanentTranscriptionError);
    expect((retryable as Error).message).toMatch(/3040/);

    const refused = await run(wav(1, [{ time: 0.25, value: 9002 }])).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PermanentTranscriptionError);
  });

  it("returns no utterances for audio without speech, with the file's duration", async () => {
    expect(await run(wav(3, []))).toEqual({ duration: 3, speakers: [], utterances: [], language: "en" });
  });
});
