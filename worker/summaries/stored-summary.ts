// Where a transcript's generated summary and its status are kept: D1's transcript row, or the
// owner's object for a transcript it holds (decision 023). The summary job and the summary
// route read and write them only through these functions.
import { and, eq, isNull } from "drizzle-orm";
import type { SummaryType, TranscriptDto } from "../../common/transcript";
import { userStore } from "../channel";
import type { Db } from "../db/client";
import { transcripts, type TranscriptRow } from "../db/schema";
import { nowIso } from "../lib/time";
import { updateFields } from "../transcripts/details-edits";

type Status = TranscriptDto["summaryStatus"];
type Header = Pick<TranscriptRow, "id" | "audioFileId" | "userId" | "store">;

/** The summary the transcript has now (the automatic one never replaces it). */
export async function currentSummary(env: Env, row: TranscriptRow): Promise<string | null> {
  if (row.store === "d1") return row.summary;
  return (await userStore(env, row.userId).summaryState(row.audioFileId)).summary;
}

/**
 * Sets the summary's status; with `onlyWhileGenerating`, only over "generating" (a later
 * request may have finished since). Whether it was set.
 */
export async function markSummary(
  env: Env,
  db: Db,
  row: Header,
  status: Status,
  error: string | null,
  onlyWhileGenerating = false,
): Promise<boolean> {
  if (row.store !== "d1") return userStore(env, row.userId).markSummary(row.audioFileId, status, error, onlyWhileGenerating);
  const marked = await db
    .update(transcripts)
    .set({ summaryStatus: status, summaryError: error, updatedAt: nowIso() })
    .where(onlyWhileGenerating ? and(eq(transcripts.id, row.id), eq(transcripts.summaryStatus, "generating")) : eq(transcripts.id, row.id))
    .returning({ id: transcripts.id })
    .get();
  return Boolean(marked);
}

/**
 * A generated summary. Asked for by the user: an edit, so the one it replaces stays in the
 * history. Automatic: written only while the transcript has none.
 */
export async function saveSummary(
  env: Env,
  db: Db,
  row: Header,
  text: string,
  meta: { summaryType: SummaryType; summaryModel: string },
  requested: boolean,
): Promise<void> {
  if (row.store !== "d1") {
    await userStore(env, row.userId).saveSummary(row.audioFileId, text, meta, requested);
    return;
  }
  const set = { ...meta, summaryStatus: null, summaryError: null, updatedAt: nowIso() };
  if (requested) {
    const fresh = await db.select().from(transcripts).where(eq(transcripts.id, row.id)).get();
    if (!fresh) return;
    await updateFields(env.DB, fresh, { summary: text });
    await db.update(transcripts).set(set).where(eq(transcripts.id, row.id));
    return;
  }
  await db
    .update(transcripts)
    .set({ summary: text, ...set })
    .where(and(eq(transcripts.id, row.id), isNull(transcripts.summary)));
}
