// The one fake OpenAI-compatible speech and chat server (the third party behind
// `openai-compatible`). The worker tests route outbound requests for
// FAKE_OPENAI_ORIGIN here (vitest.config.ts); the browser tests and the editor
// bench serve it over HTTP (tests/e2e/fake-openai-server.mjs). Both run it in Node.
// It checks the request like the real API: multipart with file (an audio content
// type and a name with an audio extension), model, response_format=verbose_json and
// timestamp_granularities[] word and segment; a wrong API key is refused. The file
// name steers the answer:
//   "server-error" 500, "bad-request" or "fail" 400, "rate-limited" 429, "timeout" 408,
//   "hold"          503 (the job retries later, so the file stays processing),
//   "slow"          the ordinary answer after 8 s,
//   "pace-<ms>ms"   every request's ordinary answer after that many milliseconds (a long file's
//                   pieces recognised one by one, slowly enough to watch),
//   "bench3h"       a 3-hour recording (3,000 segments of 10 words, 4 speakers) at once,
//   "long100"       100 segments of 8 words (more than the editor's first screenful),
//   "diarized"      segments carry speaker labels (A, B),
//   "segments-only" no words (a server that ignores word timestamps),
//   "needs-key"     401 without the key; "no-key" 400 when an Authorization header is sent,
//   "busy-<k>x<n>"  the k-th request for this file name and the n-1 after it get 503 with
//                   Retry-After: 1 (a file sent in pieces: the k-th piece fails n times);
//                   "busy-<k>x<n>-long" the same with Retry-After: 120.
// Otherwise the ordinary answer (see FakeOpenAiOptions): words without punctuation,
// segments with it. `language` must be an ISO-639-1 code (the answer then names that
// language; else "english") and `prompt` plain text of at most 224 words.
//
// Every transcription request is recorded: GET /fake/received answers them, oldest
// first, as {file, model, language, prompt} (null for a field not sent), so tests
// check what the speech server was really asked; GET /fake/answered lists when each ordinary
// answer went out, as {file, at} (ms since the epoch). Chat completions answer summaries
// and ask requests (fakeChat, fakeAsk); GET /fake/asked lists the questions asked.

import { fakeChapters } from "./fake-chapters";
import { fakeTranslate } from "./fake-translate";

export const FAKE_OPENAI_ORIGIN = "https://fake-openai.test";
export const FAKE_OPENAI_BASE_URL = `${FAKE_OPENAI_ORIGIN}/v1`;
export const FAKE_OPENAI_API_KEY = "sk-test-key";
export const FAKE_OPENAI_MODELS = ["whisper-1", "custom-model"];

const error = (status: number, message: string, type = "invalid_request_error") =>
  Response.json({ error: { message, type, param: null, code: null } }, { status });

const SEGMENTS = [
  { text: " Good morning, everyone. Thanks for joining.", start: 0, end: 3.2, avg_logprob: -0.1, speaker: "A" },
  { text: " Let's begin.", start: 3.4, end: 5.0, avg_logprob: -0.5, speaker: "B" },
  { text: " First item: the budget.", start: 7.2, end: 9.0, avg_logprob: -0.2, speaker: "B" },
];
const WORDS: [string, number, number][] = [
  ["Good", 0.0, 0.4],
  ["morning", 0.4, 0.9],
  ["everyone", 0.9, 1.6],
  ["Thanks", 1.8, 2.2],
  ["for", 2.2, 2.4],
  ["joining", 2.4, 3.1],
  ["Let's", 3.4, 3.8],
  ["begin", 3.8, 4.6],
  ["First", 7.2, 7.6],
  ["item", 7.6, 8.0],
  ["the", 8.0, 8.2],
  ["budget", 8.2, 8.9],
];

/** Questions the ask answers were asked for, oldest first (GET /fake/asked): tests check the model was or was not called. */
const asked: string[] = [];
/** Questions answered malformed once already ("ask-malformed-once"). */
const malformedOnce = new Set<string>();

/**
 * An ask request (its prompt has numbered passages and a question), answered deterministically:
 * one sentence per passage, "Passage n: <its first words> [n]." Markers in the question:
 *   "ask-invented"        also cites passages that were not given ([n + 1] and [99]),
 *   "ask-malformed"       a stream whose chunk is not JSON, every time,
 *   "ask-malformed-once"  that once for the question, then the ordinary answer,
 *   "ask-fail"            500,
 *   "ask-slow"            each chunk 300 ms after the one before.
 * `stream: true` answers server-sent chunks as the real API does (a word a chunk), else one JSON.
 */
async function fakeAsk(ask: string, body: { model: string; stream?: unknown }): Promise<Response> {
  const question = /\nQuestion: (.*)$/s.exec(ask)?.[1] ?? "";
  asked.push(question);
  if (question.includes("ask-fail")) return error(500, "The model is overloaded", "server_error");
  const malformed = question.includes("ask-malformed-once") ? !malformedOnce.has(question) : question.includes("ask-malformed");
  if (question.includes("ask-malformed-once")) malformedOnce.add(question);
  const passages = [...ask.matchAll(/^\[(\d+)\][^\n]*\n(?:Before: [^\n]*\n)*Said: [^:\n]*: ([^\n]*)/gm)].map((m) => ({
    n: Number(m[1]),
    said: m[2]!.split(/\s+/).slice(0, 8).join(" "),
  }));
  let content = passages.map((p) => `Passage ${p.n}: ${p.said} [${p.n}].`).join(" ");
  if (question.includes("ask-invented")) content += ` Also this [${passages.length + 1}] and that [99].`;
  if (!body.stream) {
    if (malformed) return Response.json({ id: "chatcmpl-test", object: "chat.completion", choices: [] });
    return Response.json({
      id: "chatcmpl-test",
      object: "chat.completion",
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    });
  }
  const pause = question.includes("ask-slow") ? 300 : 0;
  const chunks = malformed ? ["{not json"] : content.split(/(?<= )/).map((text) => JSON.stringify(chunk(body.model, text)));
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const data of chunks) {
        if (pause) await sleep(pause);
        controller.enqueue(encoder.encode(`data: ${data}\n\n`));
      }
      controller.enqueue(encoder.encode("data: [DONE]\n\n"));
      controller.close();
    },
  });
  return new Response(stream, { headers: { "content-type": "text/event-stream" } });
}

const chunk = (model: string, text: string) => ({
  id: "chatcmpl-test",
  object: "chat.completion.chunk",
  model,
  choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
});

/**
 * Chat completions for summaries, answered from the request so tests can see
 * what was asked: a part of a long transcript gets "- Part i covers: …", the
 * combining request "Summary (type) of n parts", a short transcript "Summary
 * (type): its first words". A transcript containing "fail-summary" gets a 500.
 */
async function fakeChat(request: Request): Promise<Response> {
  const body = (await request.json().catch(() => null)) as {
    model?: unknown;
    messages?: { role: string; content: string }[];
    max_tokens?: unknown;
  } | null;
  if (!body || typeof body.model !== "string" || !Array.isArray(body.messages) || typeof body.max_tokens !== "number")
    return error(400, "model, messages and max_tokens are required");
  const ask = body.messages.find((m) => m.role === "user")?.content ?? "";
  if (ask.startsWith("Passages:\n")) return fakeAsk(ask, body as { model: string; stream?: unknown });
  if (ask.startsWith("Chapters of utterances")) return fakeChapters(ask, body.model);
  if (ask.includes("fail-summary")) return error(500, "The model is overloaded", "server_error");
  const type = /headline/.test(ask)
    ? "headline"
    : /gist/.test(ask)
      ? "gist"
      : /one paragraph/.test(ask)
        ? "paragraph"
        : /5 to 12/.test(ask)
          ? "bullets_verbose"
          : "bullets";
  const firstWords = (text: string) => text.split(/\s+/).filter(Boolean).slice(0, 6).join(" ");
  const part = /This is part (\d+) of (\d+)/.exec(ask);
  let content: string;
  if (part) content = `- Part ${part[1]} covers: ${firstWords(ask.split("Transcript part:\n")[1] ?? "")}`;
  else if (ask.includes("Notes:\n")) content = `Summary (${type}) of ${(ask.match(/^Part \d+:/gm) ?? []).length} parts`;
  else content = `Summary (${type}): ${firstWords(ask.split("Transcript:\n")[1] ?? "")}`;
  return Response.json({
    id: "chatcmpl-test",
    object: "chat.completion",
    model: body.model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });
}

export interface FakeOpenAiOptions {
  /** Before an ordinary answer: the browser tests watch files processing. */
  latencyMs?: number;
  /**
   * "fixed": three segments of a meeting ("Good morning, everyone…", the worker tests);
   * "generated": six segments of eight words from one sentence, two speakers
   * ("so the quarterly budget looks fine…", the browser tests).
   */
  ordinary?: "fixed" | "generated";
}

const SLOW_MS = 8_000;
const VOCAB = "so the quarterly budget looks fine but we should talk about hiring plans before the next review".split(" ");

/** `segments` segments of `wordsPer` words, speakers taking turns. */
export function generatedTranscript(segments: number, wordsPer: number, speakers = 2) {
  const words: { word: string; start: number; end: number }[] = [];
  const segs: { id: number; start: number; end: number; text: string; speaker: string; avg_logprob: number }[] = [];
  let t = 0;
  for (let s = 0; s < segments; s++) {
    const start = t;
    const text: string[] = [];
    for (let w = 0; w < wordsPer; w++) {
      const word = VOCAB[(s * 5 + w) % VOCAB.length]!;
      words.push({ word, start: +t.toFixed(2), end: +(t + 0.3).toFixed(2) });
      text.push(word);
      t += 0.35;
    }
    segs.push({
      id: s,
      start,
      end: +t.toFixed(2),
      text: `${text.join(" ")}.`,
      speaker: `SPEAKER_0${s % speakers}`,
      avg_logprob: s % 3 === 0 ? -0.5 : -0.05,
    });
    t += 0.4;
  }
  return { task: "transcribe", language: "en", duration: +t.toFixed(2), text: segs.map((s) => s.text).join(" "), words, segments: segs };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ReceivedTranscription {
  file: string;
  model: string | null;
  language: string | null;
  prompt: string | null;
}
const received: ReceivedTranscription[] = [];
/** When each ordinary answer went out, oldest first (GET /fake/answered): tests time what follows it. */
const answered: { file: string; at: number }[] = [];
const LANGUAGE_NAMES: Record<string, string> = { en: "english", de: "german", fr: "french", es: "spanish", pt: "portuguese", nl: "dutch" };
const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : null;
};

export async function handleFakeOpenAi(request: Request, options: FakeOpenAiOptions = {}): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === "GET" && url.pathname === "/fake/received") return Response.json(received);
  if (request.method === "GET" && url.pathname === "/fake/asked") return Response.json(asked);
  if (request.method === "GET" && url.pathname === "/fake/answered") return Response.json(answered);
  if (url.pathname === "/v1/chat/completions" || url.pathname === "/fake/translations") return fakeTranslate(request, fakeChat);
  if (request.method !== "POST" || url.pathname !== "/v1/audio/transcriptions") return error(404, `Unknown path ${url.pathname}`);
  const auth = request.headers.get("authorization");
  if (auth !== null && auth !== `Bearer ${FAKE_OPENAI_API_KEY}`) return error(401, "Incorrect API key provided.");
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return error(400, "Expected multipart/form-data");

  const form = await request.formData();
  const file: unknown = form.get("file");
  if (!(file instanceof File) || file.size === 0) return error(400, "No audio file was sent.");
  const language = field(form, "language");
  const prompt = field(form, "prompt");
  received.push({ file: file.name, model: field(form, "model"), language, prompt });
  if (form.has("language") && (language === null || !/^[a-z]{2,3}$/.test(language)))
    return error(400, `Invalid language ${String(language)}: use ISO-639-1 format (e.g. en)`);
  if (form.has("prompt") && (prompt === null || prompt.split(/\s+/).length > 224))
    return error(400, "prompt must be text of at most 224 words");
  if (!/^(audio|video)\//.test(file.type)) return error(400, `The file part has no audio content type (${file.type || "none"}).`);
  const name = file.name;
  if (!/\.(flac|m4a|mp3|mp4|mpeg|mpga|oga|ogg|wav|webm)$/i.test(name)) return error(400, `Unrecognized file format: ${name}`);
  if (name.includes("needs-key") && auth === null) return error(401, "You didn't provide an API key.");
  if (name.includes("no-key") && auth !== null) return error(400, "Unexpected Authorization header");
  const model = form.get("model");
  if (typeof model !== "string" || !FAKE_OPENAI_MODELS.includes(model)) return error(404, `The model \`${String(model)}\` does not exist.`);
  if (form.get("response_format") !== "verbose_json") return error(400, "response_format must be verbose_json for timestamps");
  const granularities = form.getAll("timestamp_granularities[]");
  if (!granularities.includes("word") || !granularities.includes("segment"))
    return error(400, "timestamp_granularities[] must be word and segment");

  const busy = /busy-(\d+)x(\d+)(-long)?/.exec(name);
  if (busy) {
    const seen = received.filter((r) => r.file === name).length;
    const [first, times] = [Number(busy[1]), Number(busy[2])];
    if (seen >= first && seen < first + times)
      return Response.json(
        { error: { message: "The server is busy", type: "server_error", param: null, code: null } },
        { status: 503, headers: { "retry-after": busy[3] ? "120" : "1" } },
      );
  }
  if (name.includes("server-error")) return error(500, "The server had an error while processing your request.", "server_error");
  if (name.includes("bad-request") || name.includes("fail")) return error(400, "Audio file might be corrupted or unsupported");
  if (name.includes("rate-limited")) return error(429, "Rate limit reached", "rate_limit_error");
  if (name.includes("timeout")) return error(408, "Request timed out", "timeout");
  if (name.includes("hold")) return error(503, "Busy, try later", "server_error");
  if (name.includes("bench3h")) return Response.json(generatedTranscript(3_000, 10, 4));
  if (name.includes("long100")) return Response.json(generatedTranscript(100, 8));

  const paced = /pace-(\d+)ms/.exec(name);
  const latency = paced ? Number(paced[1]) : name.includes("slow") ? SLOW_MS : (options.latencyMs ?? 0);
  if (latency > 0) await sleep(latency);
  answered.push({ file: name, at: Date.now() });
  if (options.ordinary === "generated")
    return Response.json({ ...generatedTranscript(6, 8), language: (language && LANGUAGE_NAMES[language]) ?? language ?? "english" });

  const diarized = name.includes("diarized");
  const segments = SEGMENTS.map(({ speaker, ...s }, id) => ({
    id,
    seek: 0,
    ...s,
    tokens: [50364 + id],
    temperature: 0,
    compression_ratio: 1.2,
    no_speech_prob: 0.01,
    ...(diarized ? { speaker } : {}),
  }));
  return Response.json({
    task: "transcribe",
    language: (language && LANGUAGE_NAMES[language]) ?? language ?? "english",
    duration: 9.5,
    text: SEGMENTS.map((s) => s.text)
      .join("")
      .trim(),
    ...(name.includes("segments-only") ? {} : { words: WORDS.map(([word, start, end]) => ({ word, start, end })) }),
    segments,
  });
}
