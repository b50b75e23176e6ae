// What a store call answers across RPC: a value, or the refusal the API sends (status and
// message, and for a stale edit the utterances as they now are). Errors thrown inside the
// object would reach the Worker without their class, so refusals travel as data.
import type { UtteranceDto } from "../../common/transcript";
import { ApiError } from "../../worker/lib/errors";
import { StaleUtterancesError } from "../../worker/transcripts/operations";

export type StoreAnswer<T> = { ok: true; value: T } | { ok: false; status: number; error: string; utterances?: UtteranceDto[] };

/** Runs `work`; an ApiError it throws (its transaction rolled back) becomes the refusal. */
export function answer<T>(work: () => T): StoreAnswer<T> {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    if (error instanceof StaleUtterancesError) return { ok: false, status: 409, error: error.message, utterances: error.utterances };
    if (error instanceof ApiError) return { ok: false, status: error.status, error: error.message };
    throw error;
  }
}

/** In the Worker: the value, or the refusal thrown again as the API error it was. */
export function unwrap<T>(a: StoreAnswer<T>): T {
  if (a.ok) return a.value;
  if (a.utterances) throw new StaleUtterancesError(a.utterances);
  throw new ApiError(a.status as ApiError["status"], a.error);
}
