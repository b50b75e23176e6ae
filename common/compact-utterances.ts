// The compact answer of GET /transcripts/{id}/utterances?format=compact (the
// query it takes is in utterances-query.ts, so a reader that only decodes,
// like the shared page, loads no zod). The spec's shape repeats every key for each of
// 30,000 words (4.7 MB for 3 hours); this one sends arrays, speaker ids once,
// times as integer milliseconds relative to the time before them, and word
// positions by order. Decoding gives back exactly the spec's shape
// (docs/decisions/012-compact-utterances.md).
import type { Sentiment, UtteranceDto, WordDto } from "../core/transcript";

/**
 * A time: integer milliseconds counted from a reference when that is exact
 * (times stored at ingest have millisecond precision), else the seconds as text
 * (an edit may store any number; text round-trips it exactly).
 */
export type CompactTime = number | string;

/**
 * [text, start (from the previous word's end), end (from its start), confidence, 1 when it has entities
 * (0 when not but an original confidence follows), the transcribed confidence once the word was edited].
 */
export type CompactWord =
  | [string, CompactTime, CompactTime, number]
  | [string, CompactTime, CompactTime, number, 1]
  | [string, CompactTime, CompactTime, number, 0 | 1, number];

/**
 * [speaker (index into `speakers`), position, start (from 0), end (from start),
 * confidence, sentiment, sentiment confidence, order key, version, words].
 */
export type CompactUtterance = [
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
  /**
   * Every utterance id in order, then every word id in order, written one after
   * the other: random ids do not compress, so they go apart from everything else
   * and without quotes or commas between them.
   */
  ids: string;
  /** Where each id in `ids` ends: runs of [length, how many ids in a row have it]. */
  idLengths: [number, number][];
  utterances: CompactUtterance[];
}

/** The integer milliseconds of a time in seconds, when they give it back exactly; else NaN. */
function exactMs(seconds: number): number {
  const ms = Math.round(seconds * 1000);
  return Number.isSafeInteger(ms) && ms / 1000 === seconds ? ms : Number.NaN;
}

/** A time as milliseconds from `referenceMs` (a reference is 0 unless exact). */
function encodeTime(seconds: number, ms: number, referenceMs: number): CompactTime {
  const delta = ms - referenceMs;
  return Number.isSafeInteger(delta) ? delta : String(seconds);
}

function decodeTime(time: CompactTime, referenceMs: number): number {
  return typeof time === "string" ? Number(time) : (referenceMs + time) / 1000;
}

/** Both sides derive each reference from the value already decoded, so they always agree. */
function reference(seconds: number): number {
  const ms = exactMs(seconds);
  return Number.isNaN(ms) ? 0 : ms;
}

type EncodableWord = Pick<WordDto, "id" | "text" | "startTime" | "endTime" | "confidenceScore" | "originalConfidenceScore" | "hasEntities">;
export type EncodableUtterance = Omit<UtteranceDto, "transcriptWords"> & { transcriptWords: readonly EncodableWord[] };
type PartFields = Omit<UtteranceDto, "transcriptWords" | "position">;

/** A CompactUtterance after its speaker and position: start, end, confidence, sentiment and its confidence, order key, version, words. */
type CompactRest = [CompactTime, CompactTime, number, Sentiment | null, number | null, string, number, CompactWord[]];

/**
 * One utterance in the compact shape but for what depends on the utterances before it (its
 * speaker's index and its position): what a reader can keep for an utterance that did not change.
 */
export interface CompactPart {
  id: string;
  speakerId: string;
  rest: CompactRest;
  wordIds: string[];
}

/** A part as JSON text: `rest` is the utterance's array from its start time on, closing bracket included. */
export interface CompactPartText {
  id: string;
  speakerId: string;
  rest: string;
  wordIds: string;
  wordRuns: [number, number][];
}

/** Builds one utterance's part a word at a time, so a reader of stored rows need not build the spec's objects first. */
export class CompactPartWriter {
  readonly #part: CompactPart;
  #previousMs: number;

  constructor(u: PartFields) {
    const startMs = reference(u.startTime);
    this.#previousMs = startMs;
    const start = encodeTime(u.startTime, exactMs(u.startTime), 0);
    const end = encodeTime(u.endTime, exactMs(u.endTime), startMs);
    const rest: CompactRest = [start, end, u.confidenceScore, u.sentiment, u.sentimentConfidence, u.orderKey, u.version, []];
    this.#part = { id: u.id, speakerId: u.speakerId, rest, wordIds: [] };
  }

  /** The utterance's next word, in order. */
  word(
    id: string,
    text: string,
    startTime: number,
    endTime: number,
    confidenceScore: number,
    hasEntities: boolean,
    originalConfidenceScore?: number,
  ): void {
    this.#part.wordIds.push(id);
    const startMs = exactMs(startTime);
    const endMs = exactMs(endTime);
    const startRef = Number.isNaN(startMs) ? 0 : startMs;
    const start = encodeTime(startTime, startMs, this.#previousMs);
    const end = encodeTime(endTime, endMs, startRef);
    this.#previousMs = Number.isNaN(endMs) ? 0 : endMs;
    this.#part.rest[7].push(
      originalConfidenceScore !== undefined
        ? [text, start, end, confidenceScore, hasEntities ? 1 : 0, originalConfidenceScore]
        : hasEntities
          ? [text, start, end, confidenceScore, 1]
          : [text, start, end, confidenceScore],
    );
  }

  done(): CompactPart {
    return this.#part;
  }
}

/** A part's word ids written one after the other, with their length runs. */
const wordIdsText = (part: CompactPart): Pick<CompactPartText, "wordIds" | "wordRuns"> => ({
  wordIds: part.wordIds.join(""),
  wordRuns: appendRuns(
    [],
    part.wordIds.map((id) => [id.length, 1]),
  ),
});

/** The part as the text writer takes it. */
export function compactPartText(part: CompactPart): CompactPartText {
  return { id: part.id, speakerId: part.speakerId, rest: JSON.stringify(part.rest).slice(1), ...wordIdsText(part) };
}

/** Runs of [length, count] added to `runs`, equal lengths next to each other joined. */
function appendRuns(runs: [number, number][], more: readonly (readonly [number, number])[]): [number, number][] {
  for (const [length, count] of more) {
    const last = runs[runs.length - 1];
    if (last?.[0] === length) last[1] += count;
    else runs.push([length, count]);
  }
  return runs;
}

/** What the answer says besides its utterances: speakers each once, and every id with its length runs. */
class CompactIndex {
  readonly #speakers: string[] = [];
  readonly #speakerIndex = new Map<string, number>();
  readonly #utteranceIds: string[] = [];
  readonly #utteranceRuns: [number, number][] = [];
  readonly #wordIds: string[] = [];
  readonly #wordRuns: [number, number][] = [];

  /** Notes an utterance's ids; its speaker's index. */
  add(id: string, speakerId: string, wordIds: string, wordRuns: readonly (readonly [number, number])[]): number {
    let speaker = this.#speakerIndex.get(speakerId);
    if (speaker === undefined) {
      speaker = this.#speakers.push(speakerId) - 1;
      this.#speakerIndex.set(speakerId, speaker);
    }
    this.#utteranceIds.push(id);
    appendRuns(this.#utteranceRuns, [[id.length, 1]]);
    this.#wordIds.push(wordIds);
    appendRuns(this.#wordRuns, wordRuns);
    return speaker;
  }

  head(): Omit<CompactUtterances, "format" | "utterances"> {
    return {
      speakers: this.#speakers,
      ids: this.#utteranceIds.join("") + this.#wordIds.join(""),
      idLengths: appendRuns(
        this.#utteranceRuns.map(([length, count]) => [length, count]),
        this.#wordRuns,
      ),
    };
  }
}

/** The compact answer, a part at a time. */
export class CompactWriter {
  readonly #index = new CompactIndex();
  readonly #utterances: CompactUtterance[] = [];

  add(part: CompactPart, position: number): void {
    const { wordIds, wordRuns } = wordIdsText(part);
    const speaker = this.#index.add(part.id, part.speakerId, wordIds, wordRuns);
    this.#utterances.push([speaker, position, ...part.rest]);
  }

  finish(): CompactUtterances {
    return { format: "compact", ...this.#index.head(), utterances: this.#utterances };
  }
}

/**
 * The compact answer as JSON text, from parts kept as text: the same text JSON.stringify gives
 * for CompactWriter's answer, without writing again what did not change.
 */
export class CompactTextWriter {
  readonly #index = new CompactIndex();
  readonly #utterances: string[] = [];

  add(part: CompactPartText, position: number): void {
    const speaker = this.#index.add(part.id, part.speakerId, part.wordIds, part.wordRuns);
    this.#utterances.push(`[${speaker},${position},${part.rest}`);
  }

  finish(): string {
    const { speakers, ids, idLengths } = this.#index.head();
    return `{"format":"compact","speakers":${JSON.stringify(speakers)},"ids":${JSON.stringify(ids)},"idLengths":${JSON.stringify(idLengths)},"utterances":[${this.#utterances.join(",")}]}`;
  }
}

function idReader(ids: string, runs: readonly [number, number][]): () => string {
  let at = 0;
  let run = 0;
  let left = runs[0]?.[1] ?? 0;
  return () => {
    while (left === 0) left = runs[++run]![1];
    left--;
    const length = runs[run]![0];
    at += length;
    return ids.slice(at - length, at);
  };
}

export function encodeUtterances(list: readonly EncodableUtterance[]): CompactUtterances {
  const writer = new CompactWriter();
  for (const u of list) {
    const part = new CompactPartWriter(u);
    for (const w of u.transcriptWords)
      part.word(w.id, w.text, w.startTime, w.endTime, w.confidenceScore, w.hasEntities, w.originalConfidenceScore);
    writer.add(part.done(), u.position);
  }
  return writer.finish();
}

export function decodeUtterances(compact: CompactUtterances): UtteranceDto[] {
  const { speakers } = compact;
  const nextId = idReader(compact.ids, compact.idLengths);
  const utteranceIds = compact.utterances.map(() => nextId());
  return compact.utterances.map(
    ([speaker, position, start, end, confidenceScore, sentiment, sentimentConfidence, orderKey, version, words], i) => {
      const startTime = decodeTime(start, 0);
      let previous = reference(startTime);
      const transcriptWords = words.map(([text, wordStart, wordEnd, wordConfidence, entities, original], index): WordDto => {
        const wordStartTime = decodeTime(wordStart, previous);
        const endTime = decodeTime(wordEnd, reference(wordStartTime));
        previous = reference(endTime);
        return {
          id: nextId(),
          text,
          startTime: wordStartTime,
          endTime,
          position: index,
          confidenceScore: wordConfidence,
          ...(original === undefined ? {} : { originalConfidenceScore: original }),
          hasEntities: entities === 1,
        };
      });
      return {
        id: utteranceIds[i]!,
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
