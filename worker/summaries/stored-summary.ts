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
import { movedToObject } from "../transcripts/move";

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
  const inObject = () => userStore(env, row.userId).markSummary(row.audioFileId, status, error, onlyWhileGenerating);
  if (row.store !== "d1") return inObject();
  const inD1 = and(eq(transcripts.id, row.id), eq(transcripts.store, "d1"));
  const marked = await db
    .update(transcripts)
    .set({ summaryStatus: status, summaryError: error, updatedAt: nowIso() })
    .where(onlyWhileGenerating ? and(inD1, eq(transcripts.summaryStatus, "generating")) : inD1)
    .returning({ id: transcripts.id })
    .get();
  if (!marked && (await movedToObject(env.DB, row.id))) return inObject();
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
  const inObject = () => userStore(env, row.userId).saveSummary(row.audioFileId, text, meta, requested);
  if (row.store !== "d1") return inObject();
  // Moved to the owner's object since the header was read (decision 023, step 3): D1's guards refuse, the object takes it.
  const moved = () => movedToObject(env.DB, row.id);
  const set = { ...meta, summaryStatus: null, summaryError: null, updatedAt: nowIso() };
  const inD1 = and(eq(transcripts.id, row.id), eq(transcripts.store, "d1"));
  if (requested) {
    const fresh = await db.select().from(transcripts).where(inD1).get();
    if (!fresh) return (await moved()) ? inObject() : undefined;
    try {
      await updateFields(env.DB, fresh, { summary: text });
    } catch (error) {
      if (await moved()) return inObject();
      throw error;
    }
    await db.update(transcripts).set(set).where(inD1);
    return;
  }
  const saved = await db
    .update(transcripts)
    .set({ summary: text, ...set })
    .where(and(inD1, isNull(transcripts.summary)))
    .returning({ id: transcripts.id })
    .get();
  if (!saved && (await moved())) return inObject();
}
