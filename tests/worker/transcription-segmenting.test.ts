// The rules every adapter shares: words → utterances, durations, text helpers,
// Workers AI error sorting, and the service registry.
import { describe, expect, it } from "vitest";
import { EDIT_LIMITS } from "../../core/edit-limits";
import { SERVICES, serviceInfo } from "../../worker/transcription/services";
import {
  buildTranscript,
  groupIntoUtterances,
  punctuateFromText,
  wordsFromText,
  type SpokenWord,
} from "../../worker/transcription/segmenting";
import { readAiResult, workersAiError } from "../../worker/transcription/workers-ai";
import { normalizeNova3 } from "../../worker/transcription/nova3";
import { whisperWords } from "../../worker/transcription/whisper";
import { PermanentTranscriptionError } from "../../worker/transcription/types";

const word = (text: string, start: number, end = start + 0.4, speaker = "0", extra: Partial<SpokenWord> = {}): SpokenWord => ({
  text,
  start,
  end,
  confidence: 0.9,
  hasEntities: false,
  speaker,
  ...extra,
});

const sizes = (groups: SpokenWord[][]) => groups.map((g) => g.length);

describe("grouping words into utterances", () => {
  it("splits at a speaker change and at a pause longer than 1.5 s", () => {
    expect(sizes(groupIntoUtterances([word("a", 0), word("b", 0.5, 0.9, "1"), word("c", 1.0, 1.4, "1")]))).toEqual([1, 2]);
    expect(sizes(groupIntoUtterances([word("a", 0, 1), word("b", 2.5), word("c", 4.41)]))).toEqual([2, 1]); // 1.5 s keeps, 1.51 s splits
  });

  it("ends an utterance at the first sentence or segment end after 25 s, and never lets it pass 40 s", () => {
    const sentences = [word("One.", 0, 20), word("two.", 20, 24.9), word("three", 25, 26), word("four.", 26, 27), word("five", 27.5)];
    expect(sizes(groupIntoUtterances(sentences))).toEqual([4, 1]);
    const segments = [word("one", 0, 26, "0", { breakAfter: true }), word("two", 26)];
    expect(sizes(groupIntoUtterances(segments))).toEqual([1, 1]);
    const runOn = [word("a", 0, 30), word("b", 30, 40), word("c", 40, 40.1)];
    expect(sizes(groupIntoUtterances(runOn))).toEqual([2, 1]);
  });

  it("never makes an utterance of more words than an edit may hold, however short their times", () => {
    // A service can answer thousands of words in one instant: the editor could never save such an utterance.
    const burst = Array.from({ length: 12_001 }, (_, i) => word(`w${i}`, 5, 5));
    const max = EDIT_LIMITS.wordsPerUtteranceMax;
    expect(sizes(groupIntoUtterances(burst))).toEqual([max, max, 12_001 - 2 * max]);
  });

  it("builds utterances with speakers in order of first appearance and a duration fallback", () => {
    const t = buildTranscript([word("Hi.", 0, 1, "1"), word("Hello.", 1.2, 2, "0"), word("Bye.", 2.1, 3, "1")], { fallbackDuration: 60 });
    expect(t.speakers).toEqual(["1", "0"]);
    expect(t.utterances.map((u) => [u.speaker, u.start, u.end, u.sentiment, u.sentimentConfidence])).toEqual([
      ["1", 0, 1, null, null],
      ["0", 1.2, 2, null, null],
      ["1", 2.1, 3, null, null],
    ]);
    expect(Object.keys(t.utterances[0]!.words[0]!).sort()).toEqual(["confidence", "end", "hasEntities", "start", "text"]);
    expect(t.duration).toBe(60);
    expect(buildTranscript([word("a", 0, 7)], { fallbackDuration: null }).duration).toBe(7);
    expect(buildTranscript([word("a", 0, 7)], { duration: 8.25, fallbackDuration: 60 }).duration).toBe(8.25);
  });
});

describe("text helpers", () => {
  it("spreads a segment's time over its words by length", () => {
    expect(wordsFromText(" ab  abcd ab ", 1, 5)).toEqual([
      { text: "ab", start: 1, end: 2 },
      { text: "abcd", start: 2, end: 4 },
      { text: "ab", start: 4, end: 5 },
    ]);
    expect(wordsFromText("   ", 0, 1)).toEqual([]);
  });

  it("takes punctuation from the segment text only where the letters agree", () => {
    const words = ["hello", "world", "again"].map((text) => ({ text }));
    expect(punctuateFromText(words, "Hello, world! Again.").map((w) => w.text)).toEqual(["Hello,", "world!", "Again."]);
    expect(punctuateFromText(words, "Hullo, world.").map((w) => w.text)).toEqual(["hello", "world.", "again"]);
  });
});

describe("Workers AI answers and errors", () => {
  it.each([
    ["5004: Invalid data type for base64 input: object", true],
    ["InferenceUpstreamError: 3006: Request is too large", true],
    ["3003: Request is missing headers or body: audio", true],
    ["Bad Request: corrupt or unsupported data in the audio", true],
    ["3040: No more data centers to forward the request to", false],
    ["3007: Request timeout", false],
    ["Network connection lost.", false],
    ["5007: No such model @cf/x or task", false],
  ])("%s → permanent: %s", (message, permanent) => {
    const error = workersAiError(new Error(message), "Model");
    expect(error instanceof PermanentTranscriptionError).toBe(permanent);
    expect(error.message).toContain(message);
  });

  it("reads JSON whether it comes as an object, a string, a stream or wrapped in result", async () => {
    const answer = { results: { channels: [] } };
    expect(await readAiResult(answer)).toBe(answer);
    expect(await readAiResult(JSON.stringify(answer))).toEqual(answer);
    expect(await readAiResult(new Response(JSON.stringify(answer)).body)).toEqual(answer);
    expect(await readAiResult({ result: answer })).toEqual(answer);
    await expect(readAiResult("<html>")).rejects.toThrow(/not JSON/);
  });

  it("reads a Deepgram answer defensively", () => {
    expect(() => normalizeNova3({ error: "nope" }, { durationSeconds: null })).toThrow(/no results/);
    const t = normalizeNova3(
      {
        results: {
          channels: [
            {
              alternatives: [
                {
                  words: [
                    { word: "hi", start: 0.5, end: 0.9, speaker: 2 }, // no confidence, no punctuated_word
                    { word: "lost", end: 1 }, // no start: dropped
                    { word: " ", start: 1.1, end: 1.2, confidence: 1 }, // empty: dropped
                  ],
                  entities: [{ label: "X", start_word: 0, end_word: 0 }],
                },
              ],
            },
          ],
          sentiments: { segments: [{ start_word: 0, end_word: 0, sentiment: "angry", sentiment_score: -1 }] },
        },
      },
      { durationSeconds: 3 },
    );
    expect(t).toEqual({
      duration: 3,
      // No detected language in the answer: none is claimed.
      language: null,
      speakers: ["2"],
      utterances: [
        {
          speaker: "2",
          start: 0.5,
          end: 0.9,
          words: [{ text: "hi", start: 0.5, end: 0.9, confidence: 1, hasEntities: true }],
          sentiment: null,
          sentimentConfidence: null,
        },
      ],
    });
  });

  it("takes the first of two Deepgram sentiment segments covering an utterance equally", () => {
    const words = ["a", "b", "c", "d"].map((w, i) => ({ word: w, start: i, end: i + 0.5, confidence: 0.9, speaker: 0 }));
    const t = normalizeNova3(
      {
        metadata: { duration: 4 },
        results: {
          channels: [{ alternatives: [{ words }] }],
          sentiments: {
            segments: [
              { start_word: 0, end_word: 1, sentiment: "positive", sentiment_score: 0.5 },
              { start_word: 2, end_word: 3, sentiment: "negative", sentiment_score: -0.7 },
            ],
          },
        },
      },
      { durationSeconds: null },
    );
    expect(t.utterances.map((u) => [u.words.length, u.sentiment, u.sentimentConfidence])).toEqual([[4, "positive", 0.5]]);
  });

  it("reads Whisper segments without word timings, and text-only answers", () => {
    const fromSegments = whisperWords({ segments: [{ start: 1, end: 3, text: " Hi there.", avg_logprob: 0 }] }, 10, 30);
    expect(fromSegments.map((w) => [w.text, w.start, w.end, w.confidence, w.breakAfter ?? false])).toEqual([
      ["Hi", 11, 11.5, 1, false],
      ["there.", 11.5, 13, 1, true],
    ]);
    const textOnly = whisperWords({ text: "just text" }, 5, 2);
    expect(textOnly.map((w) => [w.text, w.start, w.end])).toEqual([
      ["just", 5, 6],
      ["text", 6, 7],
    ]);
  });
});

describe("registry", () => {
  it("has an adapter for every service the library offers", () => {
    for (const info of SERVICES) expect(info.adapter.name).toBe(info.name);
  });

  it("refuses an unknown service name", () => {
    expect(() => serviceInfo("nope", {} as never)).toThrow(PermanentTranscriptionError);
  });
});
