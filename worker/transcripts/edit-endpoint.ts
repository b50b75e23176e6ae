// What every transcript-changing endpoint shares: the headers it reads, the one call into the
// owner's store (which commits and pushes the change to the user's tabs), and the 409 with the
// current utterances when a sent version is stale.
import type { Context } from "hono";
import type { EditAnswers, StoreEdit } from "../../durable-objects/transcript-store/edits";
import { ApiError, unprocessable } from "../lib/errors";
import { editLimitMessage } from "../../core/edit-rate";
import { chargeEdit, chargeEditWeight } from "../auth/edit-budget";
import type { OperationResultDto, WordConflictDto } from "../../core/operation-results";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import type { AppEnv } from "../types";
import { tellTranscriptEdited } from "../webhooks/events";
import { editTargetFrom } from "../workspaces/access";
import { fileAccessOf } from "./file-access";
import { editTranscript, StaleUtterancesError } from "./store";

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

/**
 * An edit of the file's transcript by a member whose role allows editing: one D1 read (the file's
 * store, the caller's role and whether a webhook listens; sent with the sign-in check on a route
 * marked `fileAccess`), then one call into the store that commits and tells open tabs.
 */
export async function edit<K extends StoreEdit["kind"]>(
  c: Context<AppEnv>,
  audioFileId: string,
  change: Extract<StoreEdit, { kind: K }>,
): Promise<EditAnswers[K]> {
  const file = editTargetFrom(await fileAccessOf(c, audioFileId), audioFileId);
  // The author's limit, wherever the edit lands: charged with the sign-in check, or here for an API token.
  const wait = c.var.editWait ?? (await chargeEdit(c.var.db, c.var.user.id));
  if (wait > 0) throw new ApiError(429, editLimitMessage(wait), { "Retry-After": String(wait) });
  const { data: done, historyBytes } = await editTranscript<K>(c.env, audioFileId, change, clientId(c), {
    id: c.var.user.id,
    name: c.var.user.fullName,
  });
  // A trip only for a heavy edit (a long replace-all): a typed word weighs the unit already taken.
  await chargeEditWeight(c.var.db, c.var.user.id, historyBytes);
  // Webhooks hear of it after the answer (at most once a minute per file); a word conflict changed nothing.
  if (file.hooked && !isWordConflict(done)) c.executionCtx.waitUntil(tellTranscriptEdited(c.env, c.var.db, file, c.var.user.id));
  return done;
}

const isWordConflict = (data: unknown): data is WordConflictDto => typeof data === "object" && data !== null && "conflicts" in data;

/**
 * Runs an edit and answers `{data}`; a stale version answers 409 with the current utterances, and
 * a word edit that someone else's change to the same words kept from merging names them too.
 */
export async function answerEdit(
  c: Context<AppEnv>,
  audioFileId: string,
  change: Extract<StoreEdit, { kind: "operation" | "step" | "merge_speakers" }>,
) {
  try {
    const data: OperationResultDto | WordConflictDto = await edit(c, audioFileId, change);
    if (isWordConflict(data)) return c.json({ error: EDIT_MESSAGES.stale, data }, 409);
    return c.json({ data }, 200);
  } catch (error) {
    if (error instanceof StaleUtterancesError) return c.json({ error: error.message, data: { utterances: error.utterances } }, 409);
    throw error;
  }
}
