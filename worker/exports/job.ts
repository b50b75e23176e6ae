// The export queue's consumer. At-least-once safe: an export has one object
// key, so a redelivered message overwrites the same file, and a finished export
// acknowledges any later delivery without generating again.
import { EXPORT_MESSAGES, type ExportOptions } from "../../common/exports";
import type { ExportCompletedMessage } from "../../common/live-messages";
import { publish } from "../live/publish";
import { tellExportCompleted } from "../webhooks/events";
import { maxAttempts, QUEUES, type ExportMessage } from "../queue-messages";
import { failedBecause } from "../lib/job-failure";
import { getDb, type Db } from "../db/client";
import type { ExportRow } from "../db/schema";
import { loadPdfFonts } from "./fonts";
import { renderExport } from "./render";
import { loadExportDocument } from "./source";
import { completeExport, exportStorageKey, failExport, findExport, startAttempt, toExportDto } from "./store";
import { exportOptionsSchema } from "../../common/exports";

/** Generation attempts before an export is failed: the first delivery plus the queue's retries. */
export const EXPORT_MAX_ATTEMPTS = maxAttempts(QUEUES.export);
export const exportRetryDelaySeconds = (attempt: number) => Math.min(10 * 2 ** (attempt - 1), 300);

export async function enqueueExport(env: Env, row: ExportRow): Promise<void> {
  const message: ExportMessage = { type: "export", export_id: row.id, user_id: row.userId };
  await env.EXPORT_QUEUE.send(message);
}

class PermanentExportError extends Error {}

export async function runExportJob(message: Message<unknown>, body: ExportMessage, env: Env): Promise<void> {
  const db = getDb(env.DB);
  const row = await findExport(db, body.export_id);
  if (!row || row.userId !== body.user_id || row.status === "completed" || row.status === "failed") {
    message.ack(); // deleted with its file, or finished by an earlier delivery
    return;
  }
  const attempt = await startAttempt(db, row);
  if (!attempt) {
    message.ack();
    return;
  }
  try {
    await generate(env, db, attempt);
    message.ack();
  } catch (error) {
    const permanent = error instanceof PermanentExportError;
    const last = attempt.attempts >= EXPORT_MAX_ATTEMPTS;
    console.error(`Export ${row.id} failed (attempt ${attempt.attempts}${permanent ? ", permanent" : ""})`, error);
    if (!permanent && !last) {
      message.retry({ delaySeconds: exportRetryDelaySeconds(attempt.attempts) });
      return;
    }
    await failExport(db, row.id, failureReason(error, permanent));
    message.ack();
  }
}

function failureReason(error: unknown, permanent: boolean): string {
  if (permanent) return (error as Error).message;
  const detail = error instanceof Error && error.message ? `: ${error.message.slice(0, 200)}` : "";
  return `${EXPORT_MESSAGES.failedGeneric}${detail}`;
}

async function generate(env: Env, db: Db, row: ExportRow): Promise<void> {
  const options: ExportOptions = exportOptionsSchema.parse(JSON.parse(row.options));
  const doc = await loadExportDocument(env, db, row, { comments: options.include_comments });
  if (!doc) throw new PermanentExportError(EXPORT_MESSAGES.transcriptNotReady);
  const rendered = await renderExport(row.format, doc, options, () => loadPdfFonts(env.ASSETS));
  const key = exportStorageKey(row);
  await env.MEDIA.put(key, rendered.bytes, {
    httpMetadata: {
      contentType: rendered.contentType,
      contentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
    },
  });
  const done = await completeExport(db, row.id, key, rendered.bytes.byteLength);
  if (!done) {
    // The file (and with it the export) was deleted while this ran: leave nothing behind.
    if (!(await findExport(db, row.id))) await env.MEDIA.delete(key);
    return;
  }
  await publish(env, done.userId, exportCompleted(done));
  await tellExportCompleted(env, db, done);
}

const exportCompleted = (row: ExportRow): ExportCompletedMessage => ({
  type: "export_completed",
  export: toExportDto(row),
  message: `${row.filename} is ready to download`,
});

/** Threw outside its generation on the queue's last try: the export fails, saying why. */
export async function giveUpExport(env: Env, body: ExportMessage, error: unknown): Promise<void> {
  await failExport(getDb(env.DB), body.export_id, failedBecause(EXPORT_MESSAGES.failedGeneric, error));
}
