// Any server that speaks OpenAI's audio transcription API (OpenAI itself,
// speaches/faster-whisper-server, LocalAI, whisper.cpp server, ...):
// POST {OPENAI_BASE_URL}/audio/transcriptions, verbose_json with word and segment timestamps.
// A file over the server's size limit goes in pieces cut exactly, as for Whisper (audio-chunks.ts).
import { MB } from "../../common/format";
import type { Config } from "../config";
import { termsPrompt } from "../../common/transcription-options";
import { planAudioChunks, readChunk } from "./audio-chunks";
import {
  PermanentTranscriptionError,
  RetryableTranscriptionError,
  type NormalizedTranscript,
  type ServiceRequestOptions,
  type TranscriptionInput,
  type TranscriptionService,
} from "./types";
import { whisperPrompt } from "./whisper";
import {
  asArray,
  asRecord,
  buildTranscript,
  clamp01,
  confidenceFromLogprob,
  finiteNumber,
  punctuateFromText,
  timing,
  wordsFromText,
  type SpokenWord,
} from "./segmenting";

/** A transcription of a long file can take minutes; past this the attempt is retried. */
export const OPENAI_TIMEOUT_MS = 10 * 60 * 1000;
/**
 * Files over the server's size limit (OPENAI_MAX_FILE_SIZE_MB) go in pieces of at most this long
 * as well: a retry then costs at most this much audio again, and progress moves in steps users see.
 */
export const OPENAI_PIECE_SECONDS = 10 * 60;

/** One request's words (on the recording's clock) and what the server said of the audio. */
interface OpenAiPiece {
  words: SpokenWord[];
  duration: number | null;
  language: string | null;
}

export const openAiCompatibleService: TranscriptionService<OpenAiPiece> = {
  name: "openai-compatible",
  async plan(input, config) {
    const maxBytes = config.OPENAI_MAX_FILE_SIZE_MB * MB;
    if (input.size <= maxBytes) return { cut: null };
    const cut = await planAudioChunks(
      input,
      { maxBytes, maxSeconds: OPENAI_PIECE_SECONDS },
      (type) =>
        `This file is larger than the OpenAI-compatible server takes in one request (${config.OPENAI_MAX_FILE_SIZE_MB} MB); only MP3 and PCM WAV files can be cut into pieces, and this one (${type}) is neither`,
    );
    return { cut };
  },
  async transcribePiece({ input, plan, index, carried, config, options }) {
    if (!config.OPENAI_BASE_URL) {
      throw new PermanentTranscriptionError("The OpenAI-compatible service is not configured (OPENAI_BASE_URL is not set)");
    }
    const chunk = plan.cut?.chunks[index];
    const contentType = plan.cut ? (plan.cut.kind === "wav" ? "audio/wav" : "audio/mpeg") : input.contentType;
    // The whole file or one piece, in memory (the size limit keeps it small enough).
    const file =
      plan.cut && chunk
        ? new Blob([await readChunk(input, plan.cut, chunk)], { type: contentType })
        : await new Response(await input.open(), { headers: { "content-type": contentType || "application/octet-stream" } }).blob();
    const body = await postAudio(config, file, uploadName(input.filename, contentType), options, carried.text);
    // A diarizing server numbers the speakers of each request anew: its labels stay apart per piece (decision 044).
    const piece = openAiPiece(body, chunk?.startTime ?? 0, plan.cut && plan.cut.chunks.length > 1 ? index + 1 : null);
    const text = piece.words.map((w) => w.text).join(" ");
    return { piece, carried: { language: carried.language ?? piece.language, text: text || carried.text } };
  },
  assemble(pieces, plan, input) {
    const duration = plan.cut ? plan.cut.duration : (pieces[0]?.duration ?? null);
    return {
      ...buildTranscript(
        pieces.flatMap((p) => p.words),
        { duration, fallbackDuration: input.durationSeconds },
      ),
      language: pieces.find((p) => p.language)?.language ?? null,
    };
  },
};

/** One request to POST {OPENAI_BASE_URL}/audio/transcriptions; the parsed JSON answer. */
async function postAudio(config: Config, file: Blob, name: string, options: ServiceRequestOptions, previousText: string): Promise<unknown> {
  const url = `${config.OPENAI_BASE_URL!.replace(/\/+$/, "")}/audio/transcriptions`;
  const form = new FormData();
  form.append("file", file, name);
  form.append("model", config.OPENAI_TRANSCRIPTION_MODEL);
  form.append("response_format", "verbose_json");
  form.append("timestamp_granularities[]", "word");
  form.append("timestamp_granularities[]", "segment");
  // The API's own fields: `language` (else it detects it) and `prompt` (the terms, comma-separated,
  // then the previous piece's last words, as OpenAI suggests for audio sent in pieces).
  if (options.language) form.append("language", options.language);
  const prompt = whisperPrompt(termsPrompt(options.terms), previousText);
  if (prompt) form.append("prompt", prompt);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (config.OPENAI_API_KEY) headers.Authorization = `Bearer ${config.OPENAI_API_KEY}`;

  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body: form, headers, signal: AbortSignal.timeout(OPENAI_TIMEOUT_MS) });
  } catch (error) {
    throw new Error(`Could not reach the OpenAI-compatible server: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (!response.ok) throw await httpError(response);
  try {
    return await response.json();
  } catch {
    throw new Error("The OpenAI-compatible server answered with something that is not JSON");
  }
}

const EXTENSIONS: Record<string, string> = {
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/mp4": "m4a",
  "audio/x-m4a": "m4a",
  "audio/m4a": "m4a",
  "video/mp4": "mp4",
  "audio/flac": "flac",
  "audio/x-flac": "flac",
  "audio/ogg": "ogg",
  "application/ogg": "ogg",
  "audio/webm": "webm",
  "video/webm": "webm",
};

/** OpenAI recognises the format by the file name's extension: make sure it has a fitting one. */
export function uploadName(filename: string, contentType: string): string {
  const name = (filename || "audio").replace(/[\\/]/g, "_");
  const ext = EXTENSIONS[contentType.split(";")[0]!.trim().toLowerCase()];
  if (!ext || /\.(mp3|mpeg|mpga|wav|m4a|mp4|flac|ogg|oga|webm)$/i.test(name)) return name;
  return `${name}.${ext}`;
}

/** Retry-After as seconds to wait (it may be a number of seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

async function httpError(response: Response): Promise<Error> {
  const status = response.status;
  let detail = "";
  const text = await response.text().catch(() => "");
  try {
    const json = asRecord(JSON.parse(text));
    const error = json?.error;
    const message = asRecord(error)?.message ?? (typeof error === "string" ? error : undefined) ?? json?.detail ?? json?.message;
    detail = typeof message === "string" ? message : message !== undefined ? JSON.stringify(message) : text;
  } catch {
    detail = text;
  }
  detail = detail.trim().slice(0, 300);
  const suffix = detail ? `: ${detail}` : "";
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    const reason =
      status === 401 || status === 403
        ? "refused the credentials (check OPENAI_API_KEY)"
        : status === 404
          ? "does not know this endpoint or model (check OPENAI_BASE_URL and OPENAI_TRANSCRIPTION_MODEL)"
          : status === 413
            ? "says the file is too large"
            : "rejected the file";
    return new PermanentTranscriptionError(`The OpenAI-compatible server ${reason} (HTTP ${status})${suffix}`);
  }
  return new RetryableTranscriptionError(
    `The OpenAI-compatible server failed (HTTP ${status})${suffix}`,
    retryAfterSeconds(response.headers.get("retry-after")),
  );
}

interface Segment {
  start: number;
  end: number;
  text: string;
  speaker: string;
  confidence: number;
  words: SpokenWord[];
}

/**
 * verbose_json → the normalised transcript. Words come from `words` and are given to the
 * segment whose time span holds their midpoint (else the nearest); a segment's `speaker`
 * labels its words (one speaker "0" when segments carry none). A word's confidence is its own
 * `probability`/`confidence` when the server sends one (speaches does), else its segment's
 * exp(avg_logprob), else 1 (the server said nothing about doubt). Punctuation missing from
 * the words is taken from the segment text. Without `words`, a segment's text is split on
 * spaces and its time spread by word length.
 */
export function normalizeOpenAi(raw: unknown, input: Pick<TranscriptionInput, "durationSeconds">): NormalizedTranscript {
  const piece = openAiPiece(raw, 0);
  return {
    ...buildTranscript(piece.words, { duration: piece.duration, fallbackDuration: input.durationSeconds }),
    language: piece.language,
  };
}

/**
 * One answer's words, shifted by `offset` seconds (where its piece starts in the recording); the
 * speaker labels the server sent are marked with `piece` (its number, when the file was cut).
 */
function openAiPiece(raw: unknown, offset: number, piece: number | null = null): OpenAiPiece {
  const body = asRecord(raw);
  if (!body) throw new Error("The OpenAI-compatible server returned no transcription");
  const segments: Segment[] = [];
  for (const s of asArray(body.segments)) {
    const segment = asRecord(s);
    const time = timing(segment?.start, segment?.end);
    if (!segment || !time) continue;
    const sent = typeof segment.speaker === "string" || typeof segment.speaker === "number" ? String(segment.speaker) : null;
    const speaker = sent === null ? "0" : piece === null ? sent : `${sent} (piece ${piece})`;
    segments.push({
      ...time,
      text: typeof segment.text === "string" ? segment.text : "",
      speaker,
      confidence: confidenceFromLogprob(segment.avg_logprob) ?? 1,
      words: [],
    });
  }
  segments.sort((a, b) => a.start - b.start);

  const rawWords: { text: string; start: number; end: number; confidence: number | null }[] = [];
  for (const w of asArray(body.words)) {
    const word = asRecord(w);
    const text = typeof word?.word === "string" ? word.word.trim() : "";
    const time = timing(word?.start, word?.end);
    if (!text || !time) continue;
    const own = finiteNumber(word!.probability) ?? finiteNumber(word!.confidence);
    rawWords.push({ text, ...time, confidence: own === null ? null : clamp01(own) });
  }
  rawWords.sort((a, b) => a.start - b.start);

  const words: SpokenWord[] = [];
  if (rawWords.length && segments.length) {
    let j = 0;
    for (const w of rawWords) {
      const mid = (w.start + w.end) / 2;
      while (j + 1 < segments.length && segments[j + 1]!.start <= mid) j++;
      const next = segments[j + 1];
      if (mid > segments[j]!.end && next && next.start - mid < mid - segments[j]!.end) j++;
      const segment = segments[j]!;
      segment.words.push({ ...w, confidence: w.confidence ?? segment.confidence, hasEntities: false, speaker: segment.speaker });
    }
    for (const segment of segments) {
      const punctuated = punctuateFromText(segment.words, segment.text);
      const last = punctuated[punctuated.length - 1];
      if (last) last.breakAfter = true;
      words.push(...punctuated);
    }
  } else if (rawWords.length) {
    for (const w of rawWords) words.push({ ...w, confidence: w.confidence ?? 1, hasEntities: false, speaker: "0" });
  } else {
    for (const segment of segments) {
      const fromText = wordsFromText(segment.text, segment.start, segment.end).map(
        (w): SpokenWord => ({ ...w, confidence: segment.confidence, hasEntities: false, speaker: segment.speaker }),
      );
      const last = fromText[fromText.length - 1];
      if (last) last.breakAfter = true;
      words.push(...fromText);
    }
  }
  const language = typeof body.language === "string" && body.language ? body.language : null;
  const shifted = offset ? words.map((w) => ({ ...w, start: w.start + offset, end: w.end + offset })) : words;
  return { words: shifted, duration: finiteNumber(body.duration), language };
}
