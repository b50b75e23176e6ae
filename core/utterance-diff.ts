// An utterance's before and after states as a diff (decision 024): the scalar
// fields that changed, as [before, after], and the words between the common
// prefix and suffix of the two word lists. History is linear, so when an entry
// is applied the row holds exactly one of its two states: undo reverts the diff
// from the after state, redo applies it to the before state. The words are
// stored as stored-words.ts stores an utterance's words (`dw`, `iw`).
import type { WordDto } from "./transcript";
import type { UtteranceState } from "./change";
import { wordsFromValue, wordsValue } from "./stored-words";

/**
 * The fields a diff compares one by one. Not `position` (recomputed on read) nor
 * `version` (a step writes the row's version + 1): the row's own are kept.
 */
type Scalars = Omit<UtteranceState, "id" | "transcriptWords" | "position" | "version">;
type ScalarKey = keyof Scalars;
/** `edited` (true or absent) is stored as a boolean: JSON has no "absent" inside an array. */
type ScalarValue = string | number | boolean | null;
// The type requires every field: one added to UtteranceState must be listed here.
const SCALAR_KEYS = Object.keys({
  speakerId: 0,
  startTime: 0,
  endTime: 0,
  confidenceScore: 0,
  sentiment: 0,
  sentimentConfidence: 0,
  orderKey: 0,
  edited: 0,
} satisfies Record<ScalarKey, 0>) as ScalarKey[];

export interface UtteranceDiff {
  /** The fields that changed, as [before, after]. */
  f?: Partial<Record<ScalarKey, [ScalarValue, ScalarValue]>>;
  /** Where the words differ: `dw` are the before state's words there, `iw` the after state's (stored words). */
  at?: number;
  dw?: unknown[];
  iw?: unknown[];
}

/** Same word, position aside (an insertion before it shifts it without changing it). */
function sameWord(a: WordDto, b: WordDto): boolean {
  return (
    a.id === b.id &&
    a.text === b.text &&
    a.startTime === b.startTime &&
    a.endTime === b.endTime &&
    a.confidenceScore === b.confidenceScore &&
    a.originalConfidenceScore === b.originalConfidenceScore &&
    a.hasEntities === b.hasEntities
  );
}

const scalar = (u: UtteranceState, key: ScalarKey): ScalarValue => (key === "edited" ? u.edited === true : u[key]);

export function diffUtterance(before: UtteranceState, after: UtteranceState): UtteranceDiff {
  const diff: UtteranceDiff = {};
  for (const key of SCALAR_KEYS) {
    const [old, now] = [scalar(before, key), scalar(after, key)];
    if (old !== now) diff.f = { ...diff.f, [key]: [old, now] };
  }
  const [a, b] = [before.transcriptWords, after.transcriptWords];
  let start = 0;
  while (start < a.length && start < b.length && sameWord(a[start]!, b[start]!)) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && sameWord(a[a.length - 1 - end]!, b[b.length - 1 - end]!)) end++;
  const [del, ins] = [a.slice(start, a.length - end), b.slice(start, b.length - end)];
  if (del.length || ins.length) diff.at = start;
  if (del.length) diff.dw = wordsValue(del);
  if (ins.length) diff.iw = wordsValue(ins);
  return diff;
}

/** The words a diff removes (side 1) or restores (side 0) at `at`, and the ones it puts there. */
function wordsAt(diff: UtteranceDiff, at: number): { deleted: WordDto[]; inserted: WordDto[] } {
  const read = (value: unknown[] | undefined) => (value ? wordsFromValue(value, at) : []);
  return { deleted: read(diff.dw), inserted: read(diff.iw) };
}

/** The after state, from the before state the row holds (its version and position kept). */
export const forward = (before: UtteranceState, diff: UtteranceDiff) => apply(before, diff, 1);

/** The before state, from the after state the row holds (its version and position kept). */
export const revert = (after: UtteranceState, diff: UtteranceDiff) => apply(after, diff, 0);

function apply(state: UtteranceState, diff: UtteranceDiff, side: 0 | 1): UtteranceState {
  const { edited: wasEdited, ...rest } = state;
  const changed: Partial<Record<ScalarKey, ScalarValue>> = {};
  for (const [key, values] of Object.entries(diff.f ?? {}) as [ScalarKey, [ScalarValue, ScalarValue]][]) changed[key] = values[side];
  const { edited = wasEdited === true, ...fields } = changed;
  const words = state.transcriptWords;
  const at = diff.at ?? words.length;
  const { deleted, inserted } = wordsAt(diff, at);
  const [removed, added] = side ? [deleted, inserted] : [inserted, deleted];
  const transcriptWords = [
    ...words.slice(0, at),
    ...added,
    ...words.slice(at + removed.length).map((w, i) => ({ ...w, position: at + added.length + i })),
  ];
  return { ...rest, ...fields, transcriptWords, ...(edited ? { edited: true as const } : {}) } as UtteranceState;
}
