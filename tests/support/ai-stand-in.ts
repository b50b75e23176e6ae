// Stands in for Workers AI in worker tests (Workers AI has no local simulator).
// vitest.config.ts transpiles this file and runs it as the auxiliary worker
// "ai-stand-in", bound as env.AI; so it must import nothing but cloudflare:workers.
//
// It answers with the shapes the real models answer with, and checks the request
// the way the real service would (a wrong input is an error, not a silent default).
//
// @cf/deepgram/nova-3 — the audio body is read as text; "stand-in:<scenario>" picks
// the answer (anything else: "conversation"). Options are honoured like Deepgram does:
// speaker labels only with diarize, punctuated_word only with punctuate/smart_format,
// entities only with detect_entities, sentiments only with sentiment; detect_language adds
// the channel's detected_language ("en"); a language outside Nova-3's list, or a keyterm
// that is not a string or a list of strings, is refused like Deepgram refuses it.
//   conversation   two speakers, 20 words, entities, sentiments, a 3 s pause
//   no-speakers    the same words without speaker labels
//   monologue      one speaker, 192 words, a sentence every 6 s (96 s)
//   run-on         one speaker, 100 words 1 s apart, no punctuation at all
//   silence        no words (5 s)
//   error-retryable / error-bad-audio   fail like Workers AI does
//
// @cf/openai/whisper-large-v3-turbo — audio must be a base64 string of a strictly valid
// PCM16 WAV (RIFF sizes exact, data = the rest) or of MPEG-1 Layer III frames from the
// first byte to the last (no tags). Words are read from the audio itself:
//   WAV: a channel-0 sample >= 10000 marks the start of word "w<value - 10000>";
//   MP3: a frame whose payload starts with 0x01 marks word "w<u16 LE at payload+1>";
// at the marker's time within the piece, 0.4 s long. Values 9001 and 9002 make the
// call fail (retryable, bad input). Segments: up to 3 words, a new one after a gap over
// 1 s or when the value crosses 100; avg_logprob -0.25, or -2 for values >= 100.
//
// @cf/meta/llama-3.1-8b-instruct (the summaries' and Ask's default text model) answers an ask
// prompt from its first passage (textModel), streamed when asked.
//
// @cf/meta/m2m100-1.2b (translations without a chat model) answers "<target_lang>: <text>";
// text and target_lang are required strings, as the model's schema says.
//
// Every request is recorded (received()): the model, what the audio held (nova-3: its
// text; whisper: its base64 length) and every other input as sent, so tests check the
// exact request a service got.
//
// hold() makes the text and translation models slow and failing: each call waits until
// release(), then fails as an overloaded Workers AI does (speech models are not held).
import { WorkerEntrypoint } from "cloudflare:workers";

type Json = Record<string, unknown>;

export interface ReceivedAiRequest {
  model: string;
  audio: string;
  inputs: Json;
}

const received: ReceivedAiRequest[] = [];
let held: { released: Promise<void>; release: () => void } | null = null;
const TEXT_MODELS = ["@cf/meta/llama-3.1-8b-instruct", "@cf/meta/m2m100-1.2b"];

export default class AiStandIn extends WorkerEntrypoint {
  async run(model: string, inputs: Json): Promise<unknown> {
    if (held && TEXT_MODELS.includes(model)) {
      await held.released;
      throw new Error("3040: Capacity temporarily exceeded, please try again.");
    }
    if (model === "@cf/deepgram/nova-3") return nova3(inputs);
    if (model === "@cf/openai/whisper-large-v3-turbo") {
      const { audio, ...rest } = inputs;
      received.push({ model, audio: `base64:${typeof audio === "string" ? audio.length : 0}`, inputs: rest });
      return whisper(inputs);
    }
    if (model === "@cf/meta/llama-3.1-8b-instruct") return textModel(inputs);
    if (model === "@cf/meta/m2m100-1.2b") return translationModel(inputs);
    throw new Error(`5007: No such model ${model} or task`);
  }

  /** From now on the text models answer nothing until release(), then fail. */
  hold(): void {
    if (held) return;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    held = { released, release };
  }

  release(): void {
    held?.release();
    held = null;
  }

  /** The requests received so far, oldest first. */
  received(): ReceivedAiRequest[] {
    return received;
  }
}

// ------------------------------------------------------------------ text model

/**
 * @cf/meta/llama-3.1-8b-instruct, as an ask answer: "Workers AI says: <the first passage's
 * words> [1]." With `stream: true` server-sent events of `{response}` a word each and
 * `[DONE]`, as Workers AI streams; else `{response}`. Messages are required.
 */
function textModel(inputs: Json): unknown {
  const messages = inputs.messages as { role: string; content: string }[] | undefined;
  if (!Array.isArray(messages) || !messages.length) throw new Error("5006: messages is required");
  const ask = messages.find((m) => m.role === "user")?.content ?? "";
  const said = /^Said: [^:\n]*: ([^\n]*)/m.exec(ask)?.[1] ?? "";
  const content = `Workers AI says: ${said.split(/\s+/).slice(0, 6).join(" ")} [1].`;
  if (!inputs.stream) return { response: content };
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of content.split(/(?<= )/)) controller.enqueue(encoder.encode(`data: ${JSON.stringify({ response: piece })}\n\n`));
      controller.enqueue(encoder.encode("data: [DONE]\n\n"));
      controller.close();
    },
  });
}

/** @cf/meta/m2m100-1.2b: `{translated_text}`, recorded like every request. */
function translationModel(inputs: Json): unknown {
  if (typeof inputs.text !== "string" || typeof inputs.target_lang !== "string")
    throw new Error("5006: text and target_lang are required strings");
  received.push({ model: "@cf/meta/m2m100-1.2b", audio: "", inputs });
  return { translated_text: `${inputs.target_lang}: ${inputs.text}` };
}

// ------------------------------------------------------------------ nova-3

type WordSpec = [word: string, punctuated: string, start: number, end: number, confidence: number, speaker: number];

const CONVERSATION: WordSpec[] = [
  ["hello", "Hello,", 0.08, 0.4, 0.99, 0],
  ["welcome", "welcome", 0.44, 0.8, 0.98, 0],
  ["to", "to", 0.8, 0.92, 0.97, 0],
  ["acme", "Acme", 0.96, 1.3, 0.91, 0],
  ["corporation", "Corporation.", 1.3, 2.0, 0.95, 0],
  ["i'm", "I'm", 2.1, 2.3, 0.99, 0],
  ["jane", "Jane.", 2.3, 2.7, 0.62, 0],
  ["thanks", "Thanks,", 3.0, 3.4, 0.97, 1],
  ["jane", "Jane.", 3.4, 3.8, 0.93, 1],
  ["this", "This", 3.9, 4.05, 0.99, 1],
  ["is", "is", 4.05, 4.15, 0.99, 1],
  ["great", "great!", 4.15, 4.6, 0.96, 1],
  ["anyway", "Anyway,", 7.6, 8.0, 0.88, 1],
  ["the", "the", 8.0, 8.1, 0.99, 1],
  ["invoice", "invoice", 8.1, 8.5, 0.97, 1],
  ["was", "was", 8.5, 8.65, 0.98, 1],
  ["wrong", "wrong.", 8.65, 9.1, 0.94, 1],
  ["sorry", "Sorry", 9.4, 9.8, 0.96, 0],
  ["about", "about", 9.8, 10.0, 0.99, 0],
  ["that", "that.", 10.0, 10.3, 0.99, 0],
];
const CONVERSATION_ENTITIES = [
  { label: "ORG", value: " Acme Corporation", confidence: 0.98, start_word: 3, end_word: 5 },
  { label: "NAME", value: " Jane", confidence: 0.99, start_word: 6, end_word: 7 },
  { label: "NAME", value: " Jane", confidence: 0.97, start_word: 8, end_word: 9 },
];
const CONVERSATION_SENTIMENTS: [start: number, end: number, sentiment: string, score: number][] = [
  [0, 4, "positive", 0.55],
  [5, 8, "neutral", 0.2],
  [9, 11, "positive", 0.8],
  [12, 16, "negative", -0.6],
  [17, 19, "neutral", -0.1],
];

function monologue(): WordSpec[] {
  const words: WordSpec[] = [];
  for (let k = 0; k < 192; k++) {
    const last = k % 12 === 11;
    const word = `word${k}`;
    words.push([word, last ? `${word}.` : word, k * 0.5, k * 0.5 + 0.4, 0.9, 0]);
  }
  return words;
}

function runOn(): WordSpec[] {
  return Array.from({ length: 100 }, (_, k): WordSpec => [`word${k}`, `word${k}`, k, k + 0.8, 0.9, 0]);
}

const NOVA3_LANGUAGES = "multi en en-US en-AU en-GB en-IN en-NZ es es-419 fr fr-CA de de-CH hi ru pt pt-BR pt-PT ja it nl".split(" ");

function checkNova3Options(inputs: Json): void {
  const language = inputs.language;
  if (language !== undefined && (typeof language !== "string" || !NOVA3_LANGUAGES.includes(language)))
    throw new Error(`5004: Invalid data: No such model/language/tier combination found (language ${String(language)})`);
  const keyterm = inputs.keyterm;
  const terms = typeof keyterm === "string" ? [keyterm] : keyterm;
  if (terms !== undefined && (!Array.isArray(terms) || terms.some((t) => typeof t !== "string" || !t)))
    throw new Error("5004: Invalid data: keyterm must be a string or a list of strings");
  for (const name of ["diarize", "detect_language", "punctuate", "smart_format", "sentiment", "detect_entities"]) {
    if (inputs[name] !== undefined && typeof inputs[name] !== "boolean") throw new Error(`5004: Invalid data: ${name} must be a boolean`);
  }
}

async function nova3(inputs: Json): Promise<unknown> {
  const audio = inputs.audio as { body?: unknown; contentType?: unknown } | undefined;
  if (!audio || !(audio.body instanceof ReadableStream) || typeof audio.contentType !== "string" || !audio.contentType) {
    throw new Error("3003: Request is missing headers or body: audio.body must be a stream and audio.contentType a string");
  }
  const text = (await new Response(audio.body).text()).trim();
  const { audio: _audio, ...rest } = inputs;
  received.push({ model: "@cf/deepgram/nova-3", audio: text, inputs: rest });
  checkNova3Options(inputs);
  const scenario = text.startsWith("stand-in:") ? text.slice("stand-in:".length) : "conversation";
  const on = (name: string) => inputs[name] === true;

  let specs: WordSpec[];
  let duration: number;
  let entities: typeof CONVERSATION_ENTITIES = [];
  let sentiments: typeof CONVERSATION_SENTIMENTS = [];
  let labelled = true;
  switch (scenario) {
    case "conversation":
    case "no-speakers":
      specs = CONVERSATION;
      duration = 11.5;
      entities = CONVERSATION_ENTITIES;
      sentiments = CONVERSATION_SENTIMENTS;
      labelled = scenario === "conversation";
      break;
    case "monologue":
      specs = monologue();
      duration = 96.5;
      break;
    case "run-on":
      specs = runOn();
      duration = 100.5;
      break;
    case "silence":
      specs = [];
      duration = 5;
      break;
    case "error-retryable":
      throw new Error("3040: No more data centers to forward the request to");
    case "error-bad-audio":
      throw new Error("5004: Invalid data: corrupt or unsupported audio data");
    default:
      throw new Error(`stand-in: unknown nova-3 scenario ${scenario}`);
  }

  const punctuated = on("punctuate") || on("smart_format");
  const sentimentOfWord = (index: number) => sentiments.find(([s, e]) => index >= s && index <= e);
  const words = specs.map(([word, punct, start, end, confidence, speaker], index) => {
    const w: Json = { word, start, end, confidence };
    if (punctuated) w.punctuated_word = punct;
    if (on("diarize") && labelled) {
      w.speaker = speaker;
      w.speaker_confidence = 0.8;
    }
    if (on("sentiment")) {
      const s = sentimentOfWord(index);
      w.sentiment = s?.[2] ?? "neutral";
      w.sentiment_score = s?.[3] ?? 0;
    }
    return w;
  });
  const alternative: Json = {
    transcript: specs.map(([word, punct]) => (punctuated ? punct : word)).join(" "),
    confidence: specs.length ? specs.reduce((n, s) => n + s[4], 0) / specs.length : 0,
    words,
  };
  if (on("detect_entities")) alternative.entities = entities;
  const channel: Json = { alternatives: [alternative] };
  if (on("detect_language") && inputs.language === undefined) {
    channel.detected_language = "en";
    channel.language_confidence = 0.98;
  }
  const results: Json = { channels: [channel] };
  if (on("sentiment")) {
    const average = sentiments.length ? sentiments.reduce((n, s) => n + s[3], 0) / sentiments.length : 0;
    results.sentiments = {
      segments: sentiments.map(([start_word, end_word, sentiment, sentiment_score]) => ({
        text: specs
          .slice(start_word, end_word + 1)
          .map((s) => s[1])
          .join(" "),
        start_word,
        end_word,
        sentiment,
        sentiment_score,
      })),
      average: { sentiment: average > 0.333 ? "positive" : average < -0.333 ? "negative" : "neutral", sentiment_score: average },
    };
  }
  return {
    metadata: {
      transaction_key: "deprecated",
      request_id: crypto.randomUUID(),
      sha256: "0".repeat(64),
      created: new Date().toISOString(),
      duration,
      channels: 1,
      models: ["2187e11a-3532-4498-b076-81fa530bdd49"],
      model_info: { "2187e11a-3532-4498-b076-81fa530bdd49": { name: "general-nova-3", version: "2025-01-01.0", arch: "nova-3" } },
    },
    results,
  };
}

// ------------------------------------------------------------------ whisper

interface Marker {
  value: number;
  time: number;
}

function invalid(reason: string): Error {
  return new Error(`5004: Invalid data: ${reason}`);
}

function decodeBase64(audio: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(audio);
  } catch {
    throw invalid("audio is not valid base64");
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const text4 = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

function wavMarkers(bytes: Uint8Array): { markers: Marker[]; duration: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (text4(bytes, 0) !== "RIFF" || text4(bytes, 8) !== "WAVE") throw invalid("not a WAV file");
  if (view.getUint32(4, true) !== bytes.length - 8) throw invalid("RIFF size does not match the file");
  if (text4(bytes, 12) !== "fmt ") throw invalid("fmt chunk expected first");
  const fmtSize = view.getUint32(16, true);
  const format = view.getUint16(20, true);
  const channels = view.getUint16(22, true);
  const sampleRate = view.getUint32(24, true);
  const byteRate = view.getUint32(28, true);
  const blockAlign = view.getUint16(32, true);
  const bits = view.getUint16(34, true);
  if (format !== 1 || bits !== 16 || blockAlign !== channels * 2 || byteRate !== sampleRate * blockAlign)
    throw invalid("fmt is not consistent PCM16");
  const dataAt = 20 + fmtSize + (fmtSize & 1);
  if (text4(bytes, dataAt) !== "data") throw invalid("data chunk expected after fmt");
  const dataSize = view.getUint32(dataAt + 4, true);
  const start = dataAt + 8;
  if (dataSize !== bytes.length - start || dataSize % blockAlign !== 0) throw invalid("data size does not match the file");
  const markers: Marker[] = [];
  for (let frame = 0; frame < dataSize / blockAlign; frame++) {
    const sample = view.getInt16(start + frame * blockAlign, true);
    if (sample >= 10000) markers.push({ value: sample - 10000, time: frame / sampleRate });
  }
  return { markers, duration: dataSize / byteRate };
}

const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG1_RATES = [44100, 48000, 32000];

function mp3Markers(bytes: Uint8Array): { markers: Marker[]; duration: number } {
  const markers: Marker[] = [];
  let at = 0;
  let samples = 0;
  let rate = 0;
  while (at < bytes.length) {
    if (at + 4 > bytes.length) throw invalid(`trailing bytes at ${at}`);
    const [b0, b1, b2] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!];
    if (b0 !== 0xff || (b1 & 0xfe) !== 0xfa) throw invalid(`no MPEG-1 Layer III frame at byte ${at}`);
    const kbps = MPEG1_L3_KBPS[b2 >> 4];
    const sampleRate = MPEG1_RATES[(b2 >> 2) & 3];
    if (!kbps || !sampleRate) throw invalid(`bad frame header at byte ${at}`);
    if (rate && rate !== sampleRate) throw invalid("sample rate changes");
    rate = sampleRate;
    const length = Math.floor((144 * kbps * 1000) / sampleRate) + ((b2 >> 1) & 1);
    if (at + length > bytes.length) throw invalid(`frame at byte ${at} is cut short`);
    if (bytes[at + 4] === 1) markers.push({ value: bytes[at + 5]! | (bytes[at + 6]! << 8), time: samples / sampleRate });
    samples += 1152;
    at += length;
  }
  if (!rate) throw invalid("no frames");
  return { markers, duration: samples / rate };
}

async function whisper(inputs: Json): Promise<unknown> {
  if (typeof inputs.audio !== "string" || !inputs.audio)
    throw new Error(`5004: Invalid data type for base64 input: ${typeof inputs.audio}`);
  if (inputs.task !== undefined && inputs.task !== "transcribe" && inputs.task !== "translate")
    throw invalid("task must be transcribe or translate");
  for (const name of ["language", "initial_prompt", "prefix"]) {
    if (inputs[name] !== undefined && typeof inputs[name] !== "string") throw invalid(`${name} must be a string`);
  }
  const bytes = decodeBase64(inputs.audio);
  const decoded = text4(bytes, 0) === "RIFF" ? wavMarkers(bytes) : bytes[0] === 0xff ? mp3Markers(bytes) : null;
  if (!decoded) throw invalid("could not decode audio");
  if (decoded.markers.some((m) => m.value === 9001)) throw new Error("3040: No more data centers to forward the request to");
  if (decoded.markers.some((m) => m.value === 9002)) throw invalid("audio could not be processed");

  const groups: Marker[][] = [];
  for (const m of decoded.markers) {
    const group = groups[groups.length - 1];
    const prev = group?.[group.length - 1];
    if (!group || !prev || group.length >= 3 || m.time - (prev.time + 0.4) > 1 || m.value >= 100 !== prev.value >= 100) groups.push([m]);
    else group.push(m);
  }
  const segments = groups.map((group) => {
    const words = group.map((m, i) => ({
      word: ` w${m.value}${i === group.length - 1 ? "." : ""}`,
      start: m.time,
      end: m.time + 0.4,
    }));
    return {
      start: words[0]!.start,
      end: words[words.length - 1]!.end,
      text: words.map((w) => w.word).join(""),
      temperature: 0,
      avg_logprob: group[0]!.value >= 100 ? -2 : -0.25,
      compression_ratio: 1.1,
      no_speech_prob: 0.01,
      words,
    };
  });
  const text = segments
    .map((s) => s.text)
    .join("")
    .trim();
  const stamp = (t: number) => {
    const ms = Math.round(t * 1000);
    const pad = (n: number, w = 2) => String(n).padStart(w, "0");
    return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
  };
  return {
    text,
    word_count: decoded.markers.length,
    segments,
    transcription_info: {
      language: typeof inputs.language === "string" ? inputs.language : "en",
      language_probability: 0.97,
      duration: decoded.duration,
      duration_after_vad: decoded.duration,
    },
    vtt: `WEBVTT\n\n${segments.map((s) => `${stamp(s.start)} --> ${stamp(s.end)}\n${s.text.trim()}`).join("\n\n")}\n`,
  };
}
