// Whisper large-v3-turbo on Workers AI. The model takes the audio as base64 in a
// JSON body, so long files are sent in pieces cut exactly (see audio-chunks.ts)
// and the pieces' timestamps are shifted by each piece's start time.
import { Buffer } from "node:buffer";
import { MB } from "../../common/format";
import { planAudioChunks, readChunk, type ChunkLimits } from "./audio-chunks";
import { termsPrompt } from "../../common/transcription-options";
import type { TranscriptionService } from "./types";
import {
  asArray,
  asRecord,
  buildTranscript,
  confidenceFromLogprob,
  finiteNumber,
  timing,
  wordsFromText,
  type SpokenWord,
} from "./segmenting";
import { readAiResult, workersAiError } from "./workers-ai";

export const WHISPER_MODEL = "@cf/openai/whisper-large-v3-turbo";

/**
 * Per request: at most 15 MB of audio (about 20 MB once base64-encoded, well under
 * the request limits) and at most 10 minutes of it.
 */
export const WHISPER_CHUNK_LIMITS: ChunkLimits = { maxBytes: 15 * MB, maxSeconds: 10 * 60 };

/** The previous piece's last words, given as the next piece's prompt so a cut does not lose context. */
const PROMPT_CHARS = 200;

/** One piece's words on the recording's clock, and the language Whisper detected on it. */
interface WhisperPiece {
  words: SpokenWord[];
  detected: string | null;
}

export function createWhisperService(limits: ChunkLimits = WHISPER_CHUNK_LIMITS): TranscriptionService<WhisperPiece> {
  return {
    name: "workers-ai-whisper",
    async plan(input) {
      return { cut: await planAudioChunks(input, limits) };
    },
    async transcribePiece({ input, plan, index, carried, env, options }) {
      const cut = plan.cut!;
      const chunk = cut.chunks[index]!;
      const bytes = await readChunk(input, cut, chunk);
      const audio = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
      // The user's language, else the one detected on the first piece, kept so pieces do not switch languages.
      const language = options.language ?? carried.language;
      // The terms lead every piece's prompt (the services registry keeps them short enough).
      const terms = termsPrompt(options.terms);
      let raw: unknown;
      try {
        raw = await env.AI.run(WHISPER_MODEL, {
          audio,
          task: "transcribe",
          ...(language ? { language } : {}),
          ...(terms || carried.text ? { initial_prompt: whisperPrompt(terms, carried.text) } : {}),
        });
      } catch (error) {
        throw workersAiError(error, "Whisper");
      }
      const output = asRecord(await readAiResult(raw));
      if (!output) throw new Error("Whisper returned no result");
      const info = asRecord(output.transcription_info)?.language;
      const detected = typeof info === "string" && info ? info : null;
      const words = whisperWords(output, chunk.startTime, chunk.duration);
      const text = typeof output.text === "string" ? output.text.trim() : words.map((w) => w.text).join(" ");
      return {
        piece: { words, detected },
        carried: { language: carried.language ?? detected, text: text || carried.text },
      };
    },
    assemble(pieces, plan, input) {
      return {
        ...buildTranscript(
          pieces.flatMap((p) => p.words),
          { duration: plan.cut?.duration ?? null, fallbackDuration: input.durationSeconds },
        ),
        language: pieces.find((p) => p.detected)?.detected ?? null,
      };
    },
  };
}

/** The terms, comma-separated, then the previous piece's last words. Exported for tests. */
export function whisperPrompt(terms: string, previousText: string): string {
  const tail = previousText.slice(-PROMPT_CHARS);
  return terms && tail ? `${terms}. ${tail}` : terms || tail;
}

export const whisperService = createWhisperService();

/**
 * One piece's output → words on the recording's clock. One speaker ("0"). Each word's
 * confidence is its segment's exp(avg_logprob) (Whisper gives no per-word score); a
 * segment without avg_logprob gives 1, as nothing says the words are doubtful. A
 * segment without word timings is split on spaces, its time spread by word length.
 */
export function whisperWords(output: Record<string, unknown>, offset: number, pieceDuration: number): SpokenWord[] {
  const words: SpokenWord[] = [];
  for (const s of asArray(output.segments)) {
    const segment = asRecord(s);
    if (!segment) continue;
    const confidence = confidenceFromLogprob(segment.avg_logprob) ?? 1;
    const fromSegment: SpokenWord[] = [];
    const rawWords = asArray(segment.words);
    if (rawWords.length) {
      for (const w of rawWords) {
        const word = asRecord(w);
        const text = typeof word?.word === "string" ? word.word.trim() : "";
        const time = timing(word?.start, word?.end, offset);
        if (text && time) fromSegment.push({ text, ...time, confidence, hasEntities: false, speaker: "0" });
      }
    } else {
      const time = timing(segment.start, segment.end, offset);
      const text = typeof segment.text === "string" ? segment.text : "";
      if (time) {
        for (const w of wordsFromText(text, time.start, time.end)) fromSegment.push({ ...w, confidence, hasEntities: false, speaker: "0" });
      }
    }
    const last = fromSegment[fromSegment.length - 1];
    if (last) last.breakAfter = true;
    words.push(...fromSegment);
  }
  // Some outputs carry only text: keep it rather than lose it.
  if (!words.length && typeof output.text === "string" && output.text.trim()) {
    const duration = finiteNumber(asRecord(output.transcription_info)?.duration) ?? pieceDuration;
    for (const w of wordsFromText(output.text, offset, offset + duration))
      words.push({ ...w, confidence: 1, hasEntities: false, speaker: "0" });
  }
  return words;
}
