// A transcript's generated summary and its status, kept in its owner's store. The summary job
// and the summary route read and write them only through these functions.
import type { SummaryType, TranscriptDto } from "../../core/transcript";
import { transcriptRoom } from "../objects";

type Status = TranscriptDto["summaryStatus"];
/** The file whose transcript it is, and its owner. */
/** A file's transcript and the store object holding it. */
export type SummaryOf = { audioFileId: string };

/** The summary the transcript has now (the automatic one never replaces it). */
export async function currentSummary(env: Env, of: SummaryOf): Promise<string | null> {
  return (await transcriptRoom(env, of.audioFileId).summaryState(of.audioFileId)).summary;
}

/**
 * Sets the summary's status; with `onlyWhileGenerating`, only over "generating" (a later
 * request may have finished since). Whether it was set.
 */
export async function markSummary(
  env: Env,
  of: SummaryOf,
  status: Status,
  error: string | null,
  onlyWhileGenerating = false,
): Promise<boolean> {
  return transcriptRoom(env, of.audioFileId).markSummary(of.audioFileId, status, error, onlyWhileGenerating);
}

/**
 * A generated summary. Asked for by the user: an edit, so the one it replaces stays in the
 * history. Automatic: written only while the transcript has none.
 */
export async function saveSummary(
  env: Env,
  of: SummaryOf,
  text: string,
  meta: { summaryType: SummaryType; summaryModel: string },
  requested: boolean,
): Promise<void> {
  await transcriptRoom(env, of.audioFileId).saveSummary(of.audioFileId, text, meta, requested);
}
