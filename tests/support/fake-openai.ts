// A fake OpenAI-compatible transcription server for worker tests. vitest.config.ts
// routes outbound requests for FAKE_OPENAI_ORIGIN here (this code runs in Node).
// It checks the request like the real API: multipart with file (an audio content
// type and a name with an audio extension), model, response_format=verbose_json and
// timestamp_granularities[] word and segment; a wrong API key is refused. The file
// name steers the answer:
//   "server-error" 500, "bad-request" 400, "rate-limited" 429, "timeout" 408,
//   "diarized"      segments carry speaker labels (A, B),
//   "segments-only" no words (a server that ignores word timestamps),
//   "needs-key"     401 without the key; "no-key" 400 when an Authorization header is sent.
// Otherwise an OpenAI-style answer: words without punctuation, segments with it.

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

/**
 * Chat completions for summaries, answered from the request so tests can see
 * what was asked: a part of a long transcript gets "- Part i covers: …", the
 * combining request "Summary (type) of n parts", a short transcript "Summary
 * (type): its first words". A transcript containing "fail-summary" gets a 500.
 */
async function fakeChat(request: Request): Promise<Response> {
  const body = (await request.json().catch(() => null)) as { model?: unknown; messages?: { role: string; content: string }[]; max_tokens?: unknown } | null;
  if (!body || typeof body.model !== "string" || !Array.isArray(body.messages) || typeof body.max_tokens !== "number") return error(400, "model, messages and max_tokens are required");
  const ask = body.messages.find((m) => m.role === "user")?.content ?? "";
  if (ask.includes("fail-summary")) return error(500, "The model is overloaded", "server_error");
  const type = /headline/.test(ask) ? "headline" : /gist/.test(ask) ? "gist" : /one paragraph/.test(ask) ? "paragraph" : /5 to 12/.test(ask) ? "bullets_verbose" : "bullets";
  const firstWords = (text: string) => text.split(/\s+/).filter(Boolean).slice(0, 6).join(" ");
  const part = /This is part (\d+) of (\d+)/.exec(ask);
  let content: string;
  if (part) content = `- Part ${part[1]} covers: ${firstWords(ask.split("Transcript part:\n")[1] ?? "")}`;
  else if (ask.includes("Notes:\n")) content = `Summary (${type}) of ${(ask.match(/^Part \d+:/gm) ?? []).length} parts`;
  else content = `Summary (${type}): ${firstWords(ask.split("Transcript:\n")[1] ?? "")}`;
  return Response.json({ id: "chatcmpl-test", object: "chat.completion", model: body.model, choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] });
}

export async function handleFakeOpenAi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === "POST" && url.pathname === "/v1/chat/completions") return fakeChat(request);
  if (request.method !== "POST" || url.pathname !== "/v1/audio/transcriptions") return error(404, `Unknown path ${url.pathname}`);
  const auth = request.headers.get("authorization");
  if (auth !== null && auth !== `Bearer ${FAKE_OPENAI_API_KEY}`) return error(401, "Incorrect API key provided.");
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return error(400, "Expected multipart/form-data");

  const form = await request.formData();
  const file: unknown = form.get("file");
  if (!(file instanceof File) || file.size === 0) return error(400, "No audio file was sent.");
  if (!/^(audio|video)\//.test(file.type)) return error(400, `The file part has no audio content type (${file.type || "none"}).`);
  const name = file.name;
  if (!/\.(flac|m4a|mp3|mp4|mpeg|mpga|oga|ogg|wav|webm)$/i.test(name)) return error(400, `Unrecognized file format: ${name}`);
  if (name.includes("needs-key") && auth === null) return error(401, "You didn't provide an API key.");
  if (name.includes("no-key") && auth !== null) return error(400, "Unexpected Authorization header");
  const model = form.get("model");
  if (typeof model !== "string" || !FAKE_OPENAI_MODELS.includes(model)) return error(404, `The model \`${String(model)}\` does not exist.`);
  if (form.get("response_format") !== "verbose_json") return error(400, "response_format must be verbose_json for timestamps");
  const granularities = form.getAll("timestamp_granularities[]");
  if (!granularities.includes("word") || !granularities.includes("segment")) return error(400, "timestamp_granularities[] must be word and segment");

  if (name.includes("server-error")) return error(500, "The server had an error while processing your request.", "server_error");
  if (name.includes("bad-request")) return error(400, "Audio file might be corrupted or unsupported");
  if (name.includes("rate-limited")) return error(429, "Rate limit reached", "rate_limit_error");
  if (name.includes("timeout")) return error(408, "Request timed out", "timeout");

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
    language: "english",
    duration: 9.5,
    text: SEGMENTS.map((s) => s.text).join("").trim(),
    ...(name.includes("segments-only") ? {} : { words: WORDS.map(([word, start, end]) => ({ word, start, end })) }),
    segments,
  });
}
