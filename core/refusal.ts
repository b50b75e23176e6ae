// What the transcript rules refuse, and how a refusal crosses from the store to the Worker.
// A refusal carries the API's status and message (and for a stale edit the utterances as they
// now are); the store answers it as data, since an error thrown across RPC loses its class.
import type { UtteranceDto } from "./transcript";
import type { UtteranceState } from "./change";
import { publicState } from "./outcome";

export type RefusalStatus = 400 | 403 | 404 | 409 | 422;

export class Refusal extends Error {
  constructor(
    readonly status: RefusalStatus,
    message: string,
  ) {
    super(message);
  }
}

/** Words of an utterance that someone else changed too since the version an edit was computed on (decision 052). */
export interface WordConflict {
  utterance_id: string;
  word_ids: string[];
}

/**
 * A sent version no longer matches: 409 with the utterances as they now are, so the client can
 * catch up, and the words both changed when that is why the edit could not be merged.
 */
export class StaleUtterances extends Refusal {
  readonly utterances: UtteranceDto[];
  constructor(
    message: string,
    utterances: readonly UtteranceState[],
    readonly conflicts?: WordConflict[],
  ) {
    super(409, message);
    this.utterances = utterances.map(publicState);
  }
}

export const forbidden = (message: string) => new Refusal(403, message);
export const notFound = (message: string) => new Refusal(404, message);
export const conflict = (message: string) => new Refusal(409, message);
export const unprocessable = (message: string) => new Refusal(422, message);

/** `retryAfter` (seconds) comes with a 429: the user's edits are over their limit (edit-rate.ts). */
export type StoreAnswer<T> =
  | { ok: true; value: T }
  | { ok: false; status: RefusalStatus | 429; error: string; utterances?: UtteranceDto[]; retryAfter?: number };

/** Runs `work`; a refusal it throws (its transaction rolled back) becomes the answer. */
export function answer<T>(work: () => T): StoreAnswer<T> {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    if (error instanceof StaleUtterances) return { ok: false, status: 409, error: error.message, utterances: error.utterances };
    if (error instanceof Refusal) return { ok: false, status: error.status, error: error.message };
    throw error;
  }
}
