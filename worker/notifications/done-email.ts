// "A word when it is done" (docs/product.md#notifications): when a transcription
// ends and the owner has no tab of the app open, an e-mail says so, as the
// owner's preference `notifications.email_when_done` allows. A row in
// done_emails, claimed before sending, keeps it to one e-mail per file, run
// and outcome even when the queue delivers the job again.
import { eq } from "drizzle-orm";
import { LONG_FILE_SECONDS, type EmailWhenDone } from "../../common/preferences";
import { preferencesOf } from "../auth/users";
import { getConfig } from "../config";
import type { Db } from "../db/client";
import { users, type AudioFileRow } from "../db/schema";
import { createMailer } from "../mail/mailer";
import { transcriptionDoneMessage } from "../mail/templates";
import { nowIso } from "../../common/time";

export type DoneOutcome = "ready" | "failed";

/** Whether the preference asks for an e-mail about a file of this length (seconds; unknown counts as short). */
export function wantsDoneEmail(preference: EmailWhenDone, durationSeconds: number | null): boolean {
  if (preference === "always") return true;
  if (preference === "never") return false;
  return (durationSeconds ?? 0) > LONG_FILE_SECONDS;
}

/** The run a status change belongs to: its processing start (older rows: the upload). */
const runOf = (file: Pick<AudioFileRow, "processingStartedAt" | "createdAt">) => file.processingStartedAt ?? file.createdAt;

/**
 * Called after the status push of a finished transcription with how many tabs
 * received it (null when the push failed: then nobody may have seen it).
 * Returns whether an e-mail went out. Never throws: the job's outcome stands.
 */
export async function emailWhenDone(
  env: Env,
  db: Db,
  file: AudioFileRow,
  outcome: DoneOutcome,
  tabsReached: number | null,
): Promise<boolean> {
  if (tabsReached !== null && tabsReached > 0) return false;
  // The one who uploaded it hears of it; nobody once that account is gone.
  if (file.uploadedBy === null) return false;
  try {
    const user = await db
      .select({ email: users.email, fullName: users.fullName, preferences: users.preferences })
      .from(users)
      .where(eq(users.id, file.uploadedBy))
      .get();
    if (!user) return false;
    const preference = preferencesOf(user).notifications.email_when_done;
    if (!wantsDoneEmail(preference, file.durationSeconds)) return false;
    const run = runOf(file);
    const claim = await env.DB.prepare(
      "INSERT OR IGNORE INTO done_emails (audio_file_id, run_started_at, outcome, sent_at) VALUES (?, ?, ?, ?)",
    )
      .bind(file.id, run, outcome, nowIso())
      .run();
    if (!claim.meta.changes) return false;
    const config = getConfig(env);
    try {
      await createMailer(env, config, db).send(
        transcriptionDoneMessage(config.APP_NAME, user.email, user.fullName, {
          fileName: file.name,
          outcome,
          reason: file.failureReason,
          link: `${config.APP_URL}/dashboard/file/${encodeURIComponent(file.id)}`,
        }),
      );
    } catch (error) {
      // Not sent: release the claim so a redelivery of the job may try again.
      await env.DB.prepare("DELETE FROM done_emails WHERE audio_file_id = ? AND run_started_at = ? AND outcome = ?")
        .bind(file.id, run, outcome)
        .run();
      throw error;
    }
    return true;
  } catch (error) {
    console.error("Could not send the transcription e-mail for", file.id, error);
    return false;
  }
}
