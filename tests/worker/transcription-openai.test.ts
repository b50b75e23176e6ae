// The OpenAI-compatible adapter against the fake server in tests/support/fake-openai.ts
// (reached through the test outbound handler in vitest.config.ts), which refuses
// requests the real API would refuse.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getConfig, type Config } from "../../worker/config";
import { normalizeOpenAi, openAiCompatibleService, uploadName } from "../../worker/transcription/openai-compatible";
import { PermanentTranscriptionError, type NormalizedTranscript } from "../../worker/transcription/types";
import { memoryInput, utf8 } from "../support/audio-fixtures";
import { FAKE_OPENAI_API_KEY, FAKE_OPENAI_BASE_URL } from "../support/fake-openai";
import { transcribeAll } from "../support/transcribe-all";

const config = (overrides: Partial<Config> = {}): Config => ({ ...getConfig(env), OPENAI_BASE_URL: FAKE_OPENAI_BASE_URL, ...overrides });

const transcribe = (filename: string, overrides: Partial<Config> = {}, contentType = "audio/mpeg") =>
  transcribeAll(openAiCompatibleService, memoryInput(utf8("fake audio bytes"), { filename, contentType }), env, config(overrides));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as Error,
  );

const texts = (t: NormalizedTranscript) => t.utterances.map((u) => u.words.map((w) => w.text).join(" "));

describe("openai-compatible", () => {
  it("sends verbose_json with word and segment timestamps; words get the segments' punctuation and confidence", async () => {
    const t = await transcribe("meeting.mp3");
    expect(openAiCompatibleService.name).toBe("openai-compatible");
    expect(t.duration).toBe(9.5);
    expect(t.speakers).toEqual(["0"]);
    // The 2.6 s pause before "First" starts a new utterance; segments alone do not.
    expect(texts(t)).toEqual(["Good morning, everyone. Thanks for joining. Let's begin.", "First item: the budget."]);
    expect(t.utterances.map((u) => [u.speaker, u.start, u.end])).toEqual([
      ["0", 0, 4.6],
      ["0", 7.2, 8.9],
    ]);
    const confidences = t.utterances.flatMap((u) => u.words.map((w) => w.confidence));
    const [a, b, c] = [Math.exp(-0.1), Math.exp(-0.5), Math.exp(-0.2)];
    expect(confidences).toEqual([a, a, a, a, a, a, b, b, c, c, c, c]);
    expect(t.utterances[0]!.words[1]).toEqual({ text: "morning,", start: 0.4, end: 0.9, confidence: a, hasEntities: false });
    expect(t.utterances.every((u) => u.sentiment === null && u.sentimentConfidence === null)).toBe(true);
  });

  it("uses the segments' speaker labels when the server diarizes", async () => {
    const t = await transcribe("meeting-diarized.mp3");
    expect(t.speakers).toEqual(["A", "B"]);
    expect(t.utterances.map((u) => u.speaker)).toEqual(["A", "B", "B"]);
    expect(texts(t)).toEqual(["Good morning, everyone. Thanks for joining.", "Let's begin.", "First item: the budget."]);
  });

  it("spreads a segment's time over its words when the server sends no word timestamps", async () => {
    const t = await transcribe("meeting-segments-only.mp3");
    const words = t.utterances.flatMap((u) => u.words);
    expect(words.map((w) => w.text)).toEqual("Good morning, everyone. Thanks for joining. Let's begin. First item: the budget.".split(" "));
    expect(words[0]!.start).toBe(0);
    expect(words[5]!.end).toBeCloseTo(3.2, 9); // "joining." ends its segment
    expect(words[6]!.start).toBe(3.4);
    for (const w of words) expect(w.end).toBeGreaterThan(w.start);
  });

  it("sends the configured model and adds a file extension the server can recognise", async () => {
    await expect(transcribe("meeting.mp3", { OPENAI_TRANSCRIPTION_MODEL: "custom-model" })).resolves.toMatchObject({ duration: 9.5 });
    await expect(transcribe("Interview with Sam", {}, "audio/mp4")).resolves.toMatchObject({ duration: 9.5 });
    const unknownModel = await failure(transcribe("meeting.mp3", { OPENAI_TRANSCRIPTION_MODEL: "no-such-model" }));
    expect(unknownModel).toBeInstanceOf(PermanentTranscriptionError);
    expect(unknownModel!.message).toContain("The model `no-such-model` does not exist.");
    expect(uploadName("Interview with Sam", "audio/mp4")).toBe("Interview with Sam.m4a");
    expect(uploadName("a/b.wav", "audio/wav")).toBe("a_b.wav");
  });

  it("sends the API key as a bearer token only when one is set", async () => {
    await expect(transcribe("needs-key.mp3", { OPENAI_API_KEY: FAKE_OPENAI_API_KEY })).resolves.toMatchObject({ duration: 9.5 });
    await expect(transcribe("no-key.mp3", { OPENAI_API_KEY: undefined })).resolves.toMatchObject({ duration: 9.5 });
    const missing = await failure(transcribe("needs-key.mp3", { OPENAI_API_KEY: undefined }));
    expect(missing).toBeInstanceOf(PermanentTranscriptionError);
    expect(missing!.message).toMatch(/credentials.*HTTP 401/);
    expect(await failure(transcribe("meeting.mp3", { OPENAI_API_KEY: "sk-wrong" }))).toBeInstanceOf(PermanentTranscriptionError);
  });

  it("fails at once on a 4xx refusal, with the server's reason", async () => {
    const error = await failure(transcribe("bad-request.mp3"));
    expect(error).toBeInstanceOf(PermanentTranscriptionError);
    expect(error!.message).toBe("The OpenAI-compatible server rejected the file (HTTP 400): Audio file might be corrupted or unsupported");
  });

  it.each([
    ["server-error.mp3", 500],
    ["rate-limited.mp3", 429],
    ["timeout.mp3", 408],
  ])("leaves %s (HTTP %i) to be retried", async (filename, status) => {
    const error = await failure(transcribe(filename));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentTranscriptionError);
    expect(error!.message).toContain(`HTTP ${status}`);
  });

  it("leaves an unreachable server to be retried", async () => {
    // The test outbound handler answers 503 for any other host, as a gateway would.
    const error = await failure(transcribe("meeting.mp3", { OPENAI_BASE_URL: "https://elsewhere.test/v1" }));
    expect(error).not.toBeInstanceOf(PermanentTranscriptionError);
    expect(error!.message).toContain("HTTP 503");
  });

  it("fails at once when no server is configured", async () => {
    const error = await failure(transcribe("meeting.mp3", { OPENAI_BASE_URL: undefined }));
    expect(error).toBeInstanceOf(PermanentTranscriptionError);
    expect(error!.message).toMatch(/OPENAI_BASE_URL/);
  });

  it("prefers a word's own probability and assigns words to segments by time", () => {
    const t = normalizeOpenAi(
      {
        duration: 4,
        words: [
          { word: "hi", start: 0, end: 0.5, probability: 0.42 },
          { word: "there", start: 0.5, end: 1.0 },
          { word: "bye", start: 2.9, end: 3.3 }, // between segments, nearer the second
        ],
        segments: [
          { start: 0, end: 1.2, text: " Hi there!", avg_logprob: -0.3, speaker: "SPEAKER_00" },
          { start: 3.0, end: 3.5, text: " Bye.", speaker: "SPEAKER_01" },
        ],
      },
      { durationSeconds: null },
    );
    expect(t.speakers).toEqual(["SPEAKER_00", "SPEAKER_01"]);
    expect(t.utterances.map((u) => u.words.map((w) => [w.text, w.confidence]))).toEqual([
      [
        ["Hi", 0.42], // spelling and punctuation from the segment text
        ["there!", Math.exp(-0.3)],
      ],
      [["Bye.", 1]], // no avg_logprob: nothing says the word is doubtful
    ]);
  });
});
