// How a recorded change is stored in a history entry (decision 024). An utterance
// with both states is stored as their diff (utterance-diff.ts) and its versions, one with a
// single state as that state in short form; speakers, fields and speaker moves as they are.
import type { Change, UtteranceState } from "./change";
import { wordsFromValue, wordsValue } from "./stored-words";
import { diffUtterance, type UtteranceDiff } from "./utterance-diff";

/**
 * An utterance as a history entry records it: its one state (an utterance added or
 * removed), or a diff that only gives a state against the row as it now is
 * (history.ts resolves it), with the versions before and after (entries written before
 * decision 052 have none).
 */
export type RecordedUtterance = Change["utterances"][number] | { id: string; diff: UtteranceDiff; versions?: [number, number] };
export interface RecordedChange extends Omit<Change, "utterances"> {
  utterances: RecordedUtterance[];
}

/** A whole state in short form: its words as stored-words.ts stores them, its id in the entry. */
type ShortState = Omit<UtteranceState, "id" | "transcriptWords"> & { sw: unknown[] };
/**
 * A stored entry: a diff (`d`) with the version before (`v`) and after (`va`, only when not
 * `v` + 1, which an operation's always is), or a state in short form on one side (`b`, `a`).
 */
type StoredUtterance = { id: string; d: UtteranceDiff; v?: number; va?: number } | { id: string; b?: ShortState; a?: ShortState };

const toShortState = ({ id: _id, transcriptWords, ...rest }: UtteranceState): ShortState => ({
  ...rest,
  sw: wordsValue(transcriptWords),
});
function fromShortState(id: string, { sw, ...rest }: ShortState): UtteranceState {
  return { id, ...rest, transcriptWords: wordsFromValue(sw) };
}

function toStored({ id, before, after }: Change["utterances"][number]): StoredUtterance {
  if (before && after) {
    return {
      id,
      d: diffUtterance(before, after),
      v: before.version,
      ...(after.version !== before.version + 1 ? { va: after.version } : {}),
    };
  }
  return { id, ...(before ? { b: toShortState(before) } : {}), ...(after ? { a: toShortState(after) } : {}) };
}

function fromStored(entry: StoredUtterance): RecordedUtterance {
  if ("d" in entry) {
    if (entry.v === undefined) return { id: entry.id, diff: entry.d };
    return { id: entry.id, diff: entry.d, versions: [entry.v, entry.va ?? entry.v + 1] };
  }
  return {
    id: entry.id,
    before: entry.b ? fromShortState(entry.id, entry.b) : null,
    after: entry.a ? fromShortState(entry.id, entry.a) : null,
  };
}

/** The change as stored in a history entry. */
export const encodeChange = (change: Change): string => JSON.stringify({ ...change, utterances: change.utterances.map(toStored) });

/** A stored change. */
export function decodeChange(json: string): RecordedChange {
  const parsed = JSON.parse(json) as Omit<Change, "utterances"> & { utterances: StoredUtterance[] };
  return { ...parsed, utterances: parsed.utterances.map(fromStored) };
}
