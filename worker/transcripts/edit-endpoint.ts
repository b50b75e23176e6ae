// What every transcript-changing endpoint (operations, undo, redo) shares:
// the headers it reads, the live push after a change, the 409 with the
// current utterances, and the `{data: OperationResultDto}` answer.
import type { Context } from "hono";
import { unprocessable } from "../lib/errors";
import { publish } from "../live/publish";
import { transcriptChangedMessage } from "./live";
import { StaleUtterancesError, type EditOutcome } from "./operations";
import type { AppEnv } from "../types";

const HEADER_MAX = 100;
export const IDEMPOTENCY_KEY_INVALID = `Idempotency-Key must be 1 to ${HEADER_MAX} characters`;

/** The client's operation id (header Idempotency-Key), if sent. */
export function idempotencyKey(c: Context<AppEnv>): string | null {
  const key = c.req.header("idempotency-key");
  if (key === undefined) return null;
  const trimmed = key.trim();
  if (!trimmed || trimmed.length > HEADER_MAX) throw unprocessable(IDEMPOTENCY_KEY_INVALID);
  return trimmed;
}

/** The tab that sent the request (header X-Client-Id), echoed in the live push. */
export function clientId(c: Context<AppEnv>): string | null {
  const id = c.req.header("x-client-id")?.trim();
  return id && id.length <= HEADER_MAX ? id : null;
}

/** After a change: push `transcript_changed` to the owner's tabs without holding up (or failing) the answer. */
export function notifyChanged(c: Context<AppEnv>, audioFileId: string, outcome: EditOutcome): void {
  if (!outcome.change) return;
  const pushed = publish(c.env, c.var.user.id, transcriptChangedMessage(audioFileId, outcome, clientId(c)));
  try {
    c.executionCtx.waitUntil(pushed);
  } catch {
    // No execution context (direct app.fetch): the promise still runs on its own and never rejects.
  }
}

/** Runs an edit and answers `{data}`; a stale version answers 409 with the current utterances. */
export async function answerEdit(c: Context<AppEnv>, audioFileId: string, run: () => Promise<EditOutcome>) {
  try {
    const outcome = await run();
    notifyChanged(c, audioFileId, outcome);
    return c.json({ data: outcome.result }, 200);
  } catch (error) {
    if (error instanceof StaleUtterancesError) return c.json({ error: error.message, data: { utterances: error.utterances } }, 409);
    throw error;
  }
}
