// The compact answer of GET /transcripts/{id}/utterances?format=compact, and
// the query that endpoint takes. The spec's shape repeats every key for each of
// 30,000 words (4.7 MB for 3 hours); this one sends arrays, speaker ids once,
// times as integer milliseconds relative to the time before them, and word
// positions by order. Decoding gives back exactly the spec's shape
// (docs/decisions/011-compact-utterances.md).
import { z } from "zod";
import type { Sentiment, UtteranceDto, WordDto } from "./transcript";
import { EDIT_LIMITS } from "./transcript-ops";

export const UTTERANCE_IDS_MAX = 200;
export const UTTERANCE_QUERY_MESSAGES = {
  ids: `ids must list 1 to ${UTTERANCE_IDS_MAX} utterance ids, separated by commas`,
  format: "format must be compact (or left out for the full shape)",
} as const;

const utteranceId = z.string().min(1, UTTERANCE_QUERY_MESSAGES.ids).max(EDIT_LIMITS.idMax, UTTERANCE_QUERY_MESSAGES.ids);

/** `?ids=a,b,…` (only those utterances; unknown ids are simply absent) and `?format=compact`. */
export const utterancesQuerySchema = z.object({
  ids: z
    .string()
    .transform((s) => s.split(","))
    .pipe(z.array(utteranceId).min(1, UTTERANCE_QUERY_MESSAGES.ids).max(UTTERANCE_IDS_MAX, UTTERANCE_QUERY_MESSAGES.ids))
    .optional(),
  format: z.enum(["compact"], UTTERANCE_QUERY_MESSAGES.format).optional(),
});

/**
 * A time: integer milliseconds counted from a reference when that is exact
 * (times stored at ingest have millisecond precision), else the seconds as text
 * (an edit may store any number; text round-trips it exactly).
 */
export type CompactTime = number | string;

/** [id, text, start (from the previous word's end), end (from its start), confidence, 1 when it has entities]. */
export type CompactWord = [string, string, CompactTime, CompactTime, number] | [string, string, CompactTime, CompactTime, number, 1];

/**
 * [id, speaker (index into `speakers`), position, start (from 0), end (from start),
 * confidence, sentiment, sentiment confidence, order key, version, words].
 */
export type CompactUtterance = [
  string,
  number,
  number,
  CompactTime,
  CompactTime,
  number,
  Sentiment | null,
  number | null,
  string,
  number,
  CompactWord[],
];

export interface CompactUtterances {
  format: "compact";
  /** Speaker ids, each once. */
  speakers: string[];
  utterances: CompactUtterance[];
}

/** The integer milliseconds of a time in seconds, when they give it back exactly. */
function exactMs(seconds: number): number | null {
  const ms = Math.round(seconds * 1000);
  return Number.isSafeInteger(ms) && ms / 1000 === seconds ? ms : null;
}

function encodeTime(seconds: number, referenceMs: number): CompactTime {
  const ms = exactMs(seconds);
  const delta = ms === null ? null : ms - referenceMs;
  return delta !== null && Number.isSafeInteger(delta) ? delta : String(seconds);
}

function decodeTime(time: CompactTime, referenceMs: number): number {
  return typeof time === "string" ? Number(time) : (referenceMs + time) / 1000;
}

/** Both sides derive each reference from the value already decoded, so they always agree. */
const reference = (seconds: number) => exactMs(seconds) ?? 0;

type EncodableWord = Pick<WordDto, "id" | "text" | "startTime" | "endTime" | "confidenceScore" | "hasEntities">;
export type EncodableUtterance = Omit<UtteranceDto, "transcriptWords"> & { transcriptWords: readonly EncodableWord[] };

export function encodeUtterances(list: readonly EncodableUtterance[]): CompactUtterances {
  const speakers: string[] = [];
  const speakerIndex = new Map<string, number>();
  const utterances = list.map((u): CompactUtterance => {
    let speaker = speakerIndex.get(u.speakerId);
    if (speaker === undefined) {
      speaker = speakers.push(u.speakerId) - 1;
      speakerIndex.set(u.speakerId, speaker);
    }
    let previous = reference(u.startTime);
    const words = u.transcriptWords.map((w): CompactWord => {
      const start = encodeTime(w.startTime, previous);
      const end = encodeTime(w.endTime, reference(w.startTime));
      previous = reference(w.endTime);
      return w.hasEntities ? [w.id, w.text, start, end, w.confidenceScore, 1] : [w.id, w.text, start, end, w.confidenceScore];
    });
    return [
      u.id,
      speaker,
      u.position,
      encodeTime(u.startTime, 0),
      encodeTime(u.endTime, reference(u.startTime)),
      u.confidenceScore,
      u.sentiment,
      u.sentimentConfidence,
      u.orderKey,
      u.version,
      words,
    ];
  });
  return { format: "compact", speakers, utterances };
}

export function decodeUtterances(compact: CompactUtterances): UtteranceDto[] {
  const { speakers } = compact;
  return compact.utterances.map(
    ([id, speaker, position, start, end, confidenceScore, sentiment, sentimentConfidence, orderKey, version, words]) => {
      const startTime = decodeTime(start, 0);
      let previous = reference(startTime);
      const transcriptWords = words.map(([wordId, text, wordStart, wordEnd, wordConfidence, entities], index): WordDto => {
        const wordStartTime = decodeTime(wordStart, previous);
        const endTime = decodeTime(wordEnd, reference(wordStartTime));
        previous = reference(endTime);
        return {
          id: wordId,
          text,
          startTime: wordStartTime,
          endTime,
          position: index,
          confidenceScore: wordConfidence,
          hasEntities: entities === 1,
        };
      });
      return {
        id,
        speakerId: speakers[speaker]!,
        startTime,
        endTime: decodeTime(end, reference(startTime)),
        position,
        confidenceScore,
        sentiment,
        sentimentConfidence,
        transcriptWords,
        orderKey,
        version,
      };
    },
  );
}
