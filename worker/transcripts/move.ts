// Moving transcripts from D1's tables into their owners' objects (decision 023, step 3). Each
// transcript is read from D1 in pages, written into the object in one transaction, then D1 flips
// its header to 'object' and deletes its rows in one batch, guarded by the header as it was read:
// an edit that landed in D1 meanwhile fails the batch, the object's copy is dropped, and the next
// run tries again. D1's write paths check the store in their own guards (commit.ts), so a save
// that loses the race is run again against the object (store.ts).
import type { MovedSide, MovedSpeaker, MovedTranscript, MovedUtterance } from "../../durable-objects/transcript-store/import";
import { userStore } from "../channel";
import { isConstraintViolation } from "../lib/d1-errors";
import { unzipped } from "./change-codec";

/** Rows a page reads: well under D1's limits for a page of utterances of the longest words. */
const UTTERANCE_PAGE = 500;
const HISTORY_PAGE = 50;

type Header = MovedTranscript["header"] & { id: string; fileId: string; userId: string; run: string };

const UTTERANCE_SELECT = `id, speaker_id AS speakerId, order_key AS orderKey, version, start_time AS start, end_time AS end,
  confidence_score AS confidence, sentiment, sentiment_confidence AS sentimentConfidence, edited, words`;
const SPEAKER_SELECT = "id, original_label AS originalLabel, name, role, position";

async function readHeader(d1: D1Database, tid: string): Promise<Header | null> {
  return d1
    .prepare(
      `SELECT t.id, t.audio_file_id AS fileId, t.user_id AS userId, coalesce(f.processing_started_at, t.completed_at) AS run,
         t.summary, t.summary_type AS summaryType, t.summary_model AS summaryModel, t.summary_status AS summaryStatus,
         t.summary_error AS summaryError, t.notes, t.duration, t.accuracy_percentage AS accuracyPercentage,
         t.confidence_sum AS confidenceSum, t.speaker_count AS speakerCount, t.word_count AS wordCount,
         t.transcription_service AS transcriptionService, t.started_at AS startedAt, t.completed_at AS completedAt,
         t.updated_at AS updatedAt, t.history_index AS historyIndex, f.detected_language AS detectedLanguage,
         f.transcription_notices AS notices
       FROM transcripts t JOIN audio_files f ON f.id = t.audio_file_id WHERE t.id = ? AND t.store = 'd1'`,
    )
    .bind(tid)
    .first<Header>();
}

/** Every row of `table` for the transcript (and side), page by page in `order`. */
async function readPaged<T>(d1: D1Database, select: string, from: string, where: string, binds: unknown[], order: string, page: number) {
  const rows: T[] = [];
  for (let offset = 0; ; offset += page) {
    const { results } = await d1
      .prepare(`SELECT ${select} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${page} OFFSET ${offset}`)
      .bind(...binds)
      .all<T>();
    rows.push(...results);
    if (results.length < page) return rows;
  }
}

async function readSides(d1: D1Database, tid: string): Promise<MovedSide[]> {
  const { results } = await d1
    .prepare(
      `SELECT seq, side, duration, accuracy_percentage AS accuracyPercentage, confidence_sum AS confidenceSum,
         speaker_count AS speakerCount, word_count AS wordCount, transcription_service AS transcriptionService,
         started_at AS startedAt, completed_at AS completedAt, detected_language AS detectedLanguage,
         transcription_notices AS notices
       FROM transcript_snapshots WHERE transcript_id = ? ORDER BY seq, side`,
    )
    .bind(tid)
    .all<Omit<MovedSide, "speakers" | "utterances">>();
  const sides: MovedSide[] = [];
  for (const side of results) {
    const where = "transcript_id = ? AND seq = ? AND side = ?";
    const binds = [tid, side.seq, side.side];
    sides.push({
      ...side,
      speakers: await readPaged<MovedSpeaker>(d1, SPEAKER_SELECT, "snapshot_speakers", where, binds, "id", UTTERANCE_PAGE),
      utterances: await readPaged<MovedUtterance>(d1, UTTERANCE_SELECT, "snapshot_utterances", where, binds, "order_key", UTTERANCE_PAGE),
    });
  }
  return sides;
}

async function readMoved(d1: D1Database, header: Header): Promise<MovedTranscript> {
  const tid = header.id;
  const where = "transcript_id = ?";
  const history = await readPaged<MovedTranscript["history"][number]>(
    d1,
    "seq, type, summary, change, op_id AS opId, created_at AS createdAt",
    "edit_operations",
    where,
    [tid],
    "seq",
    HISTORY_PAGE,
  );
  for (const entry of history) entry.change = await unzipped(entry.change);
  const { id: _id, fileId, userId: _user, run, ...rest } = header;
  return {
    fileId,
    apiId: tid,
    run,
    header: rest,
    speakers: await readPaged<MovedSpeaker>(d1, SPEAKER_SELECT, "speakers", where, [tid], "position, id", UTTERANCE_PAGE),
    utterances: await readPaged<MovedUtterance>(d1, UTTERANCE_SELECT, "utterances", where, [tid], "order_key", UTTERANCE_PAGE),
    history,
    sides: await readSides(d1, tid),
  };
}

/** D1's half: the header says 'object' and D1's rows go, only if nothing changed since `header` was read. */
function flipStatements(d1: D1Database, header: Header): D1PreparedStatement[] {
  const tid = header.id;
  return [
    // A header that changed makes store NULL: the NOT NULL constraint fails the whole batch.
    d1
      .prepare(
        `UPDATE transcripts SET store = CASE WHEN history_index = ?2 AND updated_at = ?3 AND summary_status IS ?4 AND summary IS ?5
             AND notes IS ?6 THEN 'object' ELSE NULL END,
           summary = NULL, summary_type = NULL, summary_model = NULL, summary_status = NULL, summary_error = NULL, notes = NULL
         WHERE id = ?1 AND store = 'd1'`,
      )
      .bind(tid, header.historyIndex, header.updatedAt, header.summaryStatus, header.summary, header.notes),
    ...["snapshot_utterances", "snapshot_speakers", "transcript_snapshots", "edit_operations", "utterances", "speakers"].map((table) =>
      d1.prepare(`DELETE FROM ${table} WHERE transcript_id = ?`).bind(tid),
    ),
  ];
}

/** Whether the transcript's content is now in its owner's object (moved since the caller read D1's header). */
export async function movedToObject(d1: D1Database, tid: string): Promise<boolean> {
  return (await d1.prepare("SELECT store FROM transcripts WHERE id = ?").bind(tid).first<string>("store")) === "object";
}

export type MoveOutcome = "moved" | "changed" | "gone" | "kept";

/**
 * Moves one transcript. "changed": it was edited while it moved (the next run tries again);
 * "gone": it is no longer in D1 (moved, or its file deleted); "kept": the object holds a copy that
 * has changed since an earlier import, so this one is not written (the orphan sweep's to settle).
 */
export async function moveTranscript(env: Env, tid: string): Promise<MoveOutcome> {
  const d1 = env.DB;
  const header = await readHeader(d1, tid);
  if (!header) return "gone";
  const moved = await readMoved(d1, header);
  const store = userStore(env, header.userId);
  if (!(await store.importTranscript(moved))) return "kept";
  // D1 did not take it: the content stays where D1 says, and the copy goes unless it is live (another run flipped it).
  const undo = async () => {
    if (!(await movedToObject(d1, tid))) await store.dropImport(header.fileId, header);
  };
  try {
    const [flip] = await d1.batch(flipStatements(d1, header));
    if (flip!.meta.changes) return "moved";
    await undo(); // deleted (or moved) meanwhile
    return "gone";
  } catch (error) {
    await undo();
    if (isConstraintViolation(error)) return "changed";
    throw error;
  }
}

/** Up to `limit` of D1's transcripts, least recently changed first; counts by outcome. */
export async function moveTranscripts(env: Env, limit: number): Promise<Record<MoveOutcome, number>> {
  const counts: Record<MoveOutcome, number> = { moved: 0, changed: 0, gone: 0, kept: 0 };
  const { results } = await env.DB.prepare("SELECT id FROM transcripts WHERE store = 'd1' ORDER BY updated_at LIMIT ?")
    .bind(limit)
    .all<{ id: string }>();
  for (const { id } of results) counts[await moveTranscript(env, id)]++;
  return counts;
}
