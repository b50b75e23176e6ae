// An Idempotency-Key means one request (decision 031). A key is kept with the fingerprint of the
// request that sent it: beside the history entry that request wrote, or, for undo and redo, which
// write none, in `step_keys`. The same key with the same request answers as the first did and
// applies nothing; with another request it is refused and applies nothing either.
import { createHash } from "node:crypto";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import { unprocessable } from "../../core/refusal";

/** A request's key and its fingerprint: the kind of edit, what it names and its body, in one form. */
export interface RequestKey {
  id: string;
  request: string;
}

/** Step keys kept per transcript: a retry comes soon after its request, so the newest are enough. */
const STEP_KEYS_KEPT = 100;

/** JSON with every object's keys sorted (and undefined ones left out): one text for one request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * What a key is bound to: the edit without its key, and an operation without the utterance
 * versions the client read when it sent it. A client that resends an edit it stored (after a
 * reload, or another tab's) reads the versions again, so a repeat of a saved edit carries newer
 * ones and is still the same request.
 */
function boundRequest(edit: { opId?: string | null; req?: object }): object {
  const { opId: _opId, ...request } = edit;
  if (!request.req) return request;
  const { version: _version, sourceVersion: _sourceVersion, ...op } = request.req as { version?: number; sourceVersion?: number };
  return { ...request, req: op };
}

/** The key an edit was sent with, bound to the edit itself; null without one. */
export function requestKey(edit: { opId?: string | null; req?: object }): RequestKey | null {
  if (!edit.opId) return null;
  return {
    id: edit.opId,
    request: createHash("sha256")
      .update(canonicalJson(boundRequest(edit)))
      .digest("base64url"),
  };
}

/**
 * The history entry a known key's request wrote or stepped; undefined for a key not seen on this
 * transcript. 422 when the key came with another request. A key kept before requests had
 * fingerprints matches any request, as it did then.
 */
export function seenRequest(sql: SqlStorage, transcript: number, key: RequestKey | null): { seq: number } | undefined {
  if (!key) return undefined;
  const known = sql
    .exec<{ request: string | null; seq: number }>(
      `SELECT op_request AS request, seq FROM history WHERE transcript = ?1 AND op_id = ?2
       UNION ALL SELECT request, seq FROM step_keys WHERE transcript = ?1 AND op_id = ?2`,
      transcript,
      key.id,
    )
    .toArray()[0];
  if (!known) return undefined;
  if (known.request !== null && known.request !== key.request) throw unprocessable(EDIT_MESSAGES.keyReused);
  return { seq: known.seq };
}

/** An undo or redo's key, with the entry it stepped; the oldest beyond those kept go. */
export function rememberStep(sql: SqlStorage, transcript: number, key: RequestKey | null, seq: number): void {
  if (!key) return;
  sql.exec("INSERT INTO step_keys (transcript, op_id, request, seq) VALUES (?, ?, ?, ?)", transcript, key.id, key.request, seq);
  sql.exec(
    `DELETE FROM step_keys WHERE transcript = ?1
       AND rowid <= (SELECT rowid FROM step_keys WHERE transcript = ?1 ORDER BY rowid DESC LIMIT 1 OFFSET ?2)`,
    transcript,
    STEP_KEYS_KEPT,
  );
}
