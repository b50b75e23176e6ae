// Deepgram Nova-3 on Workers AI. The typed output omits speaker labels and
// entities, so the raw Deepgram response is read defensively, field by field.
import type { Sentiment } from "../../core/transcript";
import type { NormalizedTranscript, ServiceRequestOptions, TranscriptionInput, TranscriptionService } from "./types";
import { asArray, asRecord, buildTranscript, clamp01, finiteNumber, timing, type SpokenWord, type UtteranceSentiment } from "./segmenting";
import { readAiResult, workersAiError } from "./workers-ai";

export const NOVA3_MODEL = "@cf/deepgram/nova-3";

/** The whole file in one request (Deepgram takes long files): one piece, already the transcript. */
export const nova3Service: TranscriptionService<NormalizedTranscript> = {
  name: "workers-ai-nova-3",
  async plan() {
    return { cut: null };
  },
  async transcribePiece({ input, carried, env, options }) {
    const body = await input.open();
    let raw: unknown;
    try {
      raw = await env.AI.run(NOVA3_MODEL, {
        audio: { body, contentType: input.contentType || "application/octet-stream" },
        ...nova3Options(options),
        punctuate: true,
        smart_format: true,
        sentiment: true,
        detect_entities: true,
      } as Ai_Cf_Deepgram_Nova_3_Input);
    } catch (error) {
      throw workersAiError(error, "Deepgram Nova-3");
    }
    return { piece: normalizeNova3(await readAiResult(raw), input), carried };
  },
  assemble(pieces, _plan, input) {
    return pieces[0] ?? { duration: input.durationSeconds ?? 0, speakers: [], utterances: [], language: null };
  },
};

/**
 * A file's options as Deepgram parameters: `language`, or `detect_language` when none is set;
 * `keyterm`, one entry per term (Deepgram repeats the parameter for each); `diarize`, off only
 * for a one-speaker hint (Deepgram takes no speaker count). Exported for tests.
 */
export function nova3Options(options: ServiceRequestOptions): Record<string, unknown> {
  return {
    ...(options.language ? { language: options.language } : { detect_language: true }),
    ...(options.terms.length ? { keyterm: [...options.terms] } : {}),
    diarize: options.diarize,
  };
}

interface Span {
  start: number;
  /** Inclusive. */
  end: number;
}

/** Deepgram's response → the normalised transcript. Exported for tests. */
export function normalizeNova3(raw: unknown, input: Pick<TranscriptionInput, "durationSeconds">): NormalizedTranscript {
  const response = asRecord(raw);
  const results = asRecord(response?.results);
  if (!results) throw new Error("Deepgram Nova-3 returned no results");
  const channel = asRecord(asArray(results.channels)[0]);
  const alternative = asRecord(asArray(channel?.alternatives)[0]);
  const rawWords = asArray(alternative?.words);

  // Entity spans: Deepgram's end_word is exclusive (its documented example gives "Scott
  // Stephenson" at words 6..8); a span with end_word <= start_word still marks its first word.
  const entities: Span[] = [];
  for (const e of asArray(alternative?.entities)) {
    const entity = asRecord(e);
    const start = finiteNumber(entity?.start_word);
    if (start === null) continue;
    const end = finiteNumber(entity?.end_word);
    entities.push({ start, end: end !== null && end > start ? end - 1 : start });
  }
  const inEntity = (index: number) => entities.some((s) => index >= s.start && index <= s.end);

  const words: SpokenWord[] = [];
  rawWords.forEach((w, index) => {
    const word = asRecord(w);
    const text = String(word?.punctuated_word ?? word?.word ?? "").trim();
    const time = timing(word?.start, word?.end);
    if (!word || !text || !time) return;
    const speaker = word.speaker === undefined || word.speaker === null ? "0" : String(word.speaker);
    words.push({
      text,
      ...time,
      // Deepgram always sends a confidence; were one missing, 1 keeps the word from being
      // flagged (0 would read as "inaudible").
      confidence: clamp01(finiteNumber(word.confidence) ?? 1),
      hasEntities: inEntity(index),
      speaker,
      sourceIndex: index,
    });
  });

  // Sentiment spans: end_word is the index of the segment's last word (inclusive).
  const sentiments: (Span & { sentiment: Sentiment; score: number | null })[] = [];
  for (const s of asArray(asRecord(results.sentiments)?.segments)) {
    const segment = asRecord(s);
    const start = finiteNumber(segment?.start_word);
    const sentiment = segment?.sentiment;
    if (start === null || (sentiment !== "positive" && sentiment !== "negative" && sentiment !== "neutral")) continue;
    const end = finiteNumber(segment?.end_word);
    sentiments.push({ start, end: end !== null && end >= start ? end : start, sentiment, score: finiteNumber(segment?.sentiment_score) });
  }

  // The utterance takes the sentiment of the segment that covers most of its words (the first on a
  // tie); its confidence is the strength Deepgram gives that segment, |sentiment_score| (0..1).
  const sentimentOf = (group: SpokenWord[]): UtteranceSentiment | null => {
    let best: (typeof sentiments)[number] | null = null;
    let bestCount = 0;
    for (const s of sentiments) {
      const count = group.filter((w) => w.sourceIndex! >= s.start && w.sourceIndex! <= s.end).length;
      if (count > bestCount) {
        best = s;
        bestCount = count;
      }
    }
    return best ? { sentiment: best.sentiment, confidence: best.score === null ? null : clamp01(Math.abs(best.score)) } : null;
  };

  const detected = channel?.detected_language;
  return {
    ...buildTranscript(words, {
      duration: finiteNumber(asRecord(response?.metadata)?.duration),
      fallbackDuration: input.durationSeconds,
      sentimentOf,
    }),
    language: typeof detected === "string" && detected ? detected : null,
  };
}
