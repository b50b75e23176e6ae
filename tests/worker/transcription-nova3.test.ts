// Deepgram Nova-3 through env.AI, answered by the Workers AI stand-in
// (tests/support/ai-stand-in.ts): its "conversation" answer is the documented
// Deepgram shape with speakers, confidences, entities and sentiments.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getConfig } from "../../worker/config";
import { nova3Service } from "../../worker/transcription/nova3";
import { HARD_MAX_UTTERANCE_SECONDS } from "../../worker/transcription/segmenting";
import { PermanentTranscriptionError, type NormalizedTranscript } from "../../worker/transcription/types";
import { memoryInput, utf8 } from "../support/audio-fixtures";
import { transcribeAll } from "../support/transcribe-all";

const transcribe = (content: string, durationSeconds: number | null = null) =>
  transcribeAll(
    nova3Service,
    memoryInput(utf8(content), { contentType: "audio/mpeg", filename: "call.mp3", durationSeconds }),
    env,
    getConfig(env),
  );

const texts = (t: NormalizedTranscript) => t.utterances.map((u) => u.words.map((w) => w.text).join(" "));

describe("workers-ai-nova-3", () => {
  it("reaches the stand-in through env.AI", async () => {
    expect(nova3Service.name).toBe("workers-ai-nova-3");
    const raw = (await env.AI.run("@cf/deepgram/nova-3", {
      audio: { body: new Response("stand-in:silence").body!, contentType: "audio/wav" },
    })) as { metadata?: { duration?: number } };
    expect(raw.metadata?.duration).toBe(5);
  });

  it("splits utterances at speaker turns and long pauses, keeping Deepgram's punctuation and confidences", async () => {
    const t = await transcribe("a recording");
    expect(t.duration).toBe(11.5);
    expect(t.speakers).toEqual(["0", "1"]);
    expect(t.utterances.map((u) => u.speaker)).toEqual(["0", "1", "1", "0"]);
    expect(texts(t)).toEqual([
      "Hello, welcome to Acme Corporation. I'm Jane.",
      "Thanks, Jane. This is great!",
      "Anyway, the invoice was wrong.", // after a 3 s pause, same speaker
      "Sorry about that.",
    ]);
    expect(t.utterances.map((u) => [u.start, u.end])).toEqual([
      [0.08, 2.7],
      [3.0, 4.6],
      [7.6, 9.1],
      [9.4, 10.3],
    ]);
    expect(t.utterances[0]!.words[0]).toEqual({ text: "Hello,", start: 0.08, end: 0.4, confidence: 0.99, hasEntities: false });
    expect(t.utterances[0]!.words.map((w) => w.confidence)).toEqual([0.99, 0.98, 0.97, 0.91, 0.95, 0.99, 0.62]);
  });

  it("marks the words inside entity spans (end_word exclusive)", async () => {
    const t = await transcribe("a recording");
    const flagged = t.utterances.flatMap((u) => u.words).flatMap((w, i) => (w.hasEntities ? [`${i}:${w.text}`] : []));
    expect(flagged).toEqual(["3:Acme", "4:Corporation.", "6:Jane.", "8:Jane."]);
  });

  it("gives each utterance the sentiment of the segment covering most of its words", async () => {
    const t = await transcribe("a recording");
    expect(t.utterances.map((u) => [u.sentiment, u.sentimentConfidence])).toEqual([
      ["positive", 0.55], // words 0-6: segment 0-4 covers 5, segment 5-8 covers 2
      ["positive", 0.8], // words 7-11: segment 5-8 covers 2, segment 9-11 covers 3
      ["negative", 0.6],
      ["neutral", 0.1],
    ]);
  });

  it("puts every word on speaker 0 when the answer has no speaker labels", async () => {
    const t = await transcribe("stand-in:no-speakers");
    expect(t.speakers).toEqual(["0"]);
    expect(t.utterances.map((u) => u.words.length)).toEqual([12, 8]); // only the 3 s pause splits
  });

  it("ends long utterances at a sentence end once they pass 25 s", async () => {
    const t = await transcribe("stand-in:monologue");
    // Sentences of 12 words (6 s); the first sentence end after 25 s is at 29.9 s.
    expect(t.utterances.map((u) => u.words.length)).toEqual([60, 60, 60, 12]);
    expect(t.utterances.map((u) => u.start)).toEqual([0, 30, 60, 90]);
    for (const u of t.utterances) expect(u.words[u.words.length - 1]!.text).toMatch(/\.$/);
    expect(t.utterances[0]!.sentiment).toBeNull();
  });

  it("cuts an utterance without any sentence end at 40 s", async () => {
    const t = await transcribe("stand-in:run-on");
    expect(t.utterances.map((u) => u.words.length)).toEqual([40, 40, 20]);
    for (const u of t.utterances) expect(u.end - u.start).toBeLessThanOrEqual(HARD_MAX_UTTERANCE_SECONDS);
  });

  it("returns an empty transcript for silence", async () => {
    expect(await transcribe("stand-in:silence")).toEqual({ duration: 5, speakers: [], utterances: [], language: "en" });
  });

  it("retries a service failure and fails at once on bad audio", async () => {
    const retryable = await transcribe("stand-in:error-retryable").catch((e: unknown) => e);
    expect(retryable).toBeInstanceOf(Error);
    expect(retryable).not.toBeInstanceOf(PermanentTranscriptionError);
    expect((retryable as Error).message).toMatch(/3040/);
    const permanent = await transcribe("stand-in:error-bad-audio").catch((e: unknown) => e);
    expect(permanent).toBeInstanceOf(PermanentTranscriptionError);
    expect((permanent as Error).message).toMatch(/corrupt or unsupported/);
  });
});
