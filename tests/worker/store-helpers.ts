// Reading a transcript's stored rows in its file's transcript room, whose SQLite the test reads
// inside the object itself.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { type EditDone, runEdit, type StoreEdit } from "../../durable-objects/transcript-store/edits";
import { decodeStoreWords, storeIds } from "../../durable-objects/transcript-store/layout";
import { transcriptRoom } from "../../worker/objects";

interface Header {
  fileId: string;
}

/** D1's header of a transcript: its file (whose id names its room). */
export async function headerOf(transcriptId: string): Promise<Header> {
  const row = await env.DB.prepare("SELECT t.audio_file_id AS fileId FROM transcripts t WHERE t.id = ?").bind(transcriptId).first<Header>();
  if (!row) throw new Error(`No transcript ${transcriptId}`);
  return row;
}

/** Moves the history pointer by hand. */
export async function setHistoryIndex(transcriptId: string, index: number): Promise<void> {
  const header = await headerOf(transcriptId);
  await inObject(header.fileId, (sql) => sql.exec("UPDATE transcripts SET history_index = ? WHERE file_id = ?", index, header.fileId));
}

/** The newest history entry's change as the store keeps it. */
export async function lastStoredChange(transcriptId: string): Promise<string> {
  const header = await headerOf(transcriptId);
  return inObject(header.fileId, (sql) =>
    sql
      .exec<{ change: string }>(
        "SELECT h.change FROM history h JOIN transcripts t ON t.id = h.transcript WHERE t.file_id = ? ORDER BY h.seq DESC LIMIT 1",
        header.fileId,
      )
      .one(),
  ).then((r) => r.change);
}

/** Runs `read` on the SQLite of the file's transcript room. */
export async function inObject<T>(fileId: string, read: (sql: SqlStorage) => T): Promise<T> {
  return runInDurableObject(transcriptRoom(env, fileId), (_instance, state) => read(state.storage.sql));
}

/** The object's rows of a file's utterances: speaker key and words in the store's form, decoded. */
export function objectUtterances(sql: SqlStorage, fileId: string) {
  return sql
    .exec<{ id: number; speaker: number; words: string }>(
      "SELECT u.id, u.speaker, u.words FROM utterances u JOIN transcripts t ON t.id = u.transcript WHERE t.file_id = ?",
      fileId,
    )
    .toArray()
    .map((r) => ({ speaker: String(r.speaker), words: decodeStoreWords(r.id, r.words) }));
}

/** The ids of the utterances marked edited (those a re-transcription keeps). */
export async function editedUtteranceIds(transcriptId: string): Promise<string[]> {
  const header = await headerOf(transcriptId);
  return inObject(header.fileId, (sql) => {
    const ids = storeIds(sql);
    return sql
      .exec<{ id: number; client_id: string | null }>(
        "SELECT u.id, u.client_id FROM utterances u JOIN transcripts t ON t.id = u.transcript WHERE t.file_id = ? AND u.edited = 1",
        header.fileId,
      )
      .toArray()
      .map((r) => ids.utterance(r.id, r.client_id));
  });
}

/** An edit run inside the file's room as its one call runs it, answering the outcome too (rows written). */
export async function editInStore(fileId: string, edit: StoreEdit): Promise<EditDone> {
  return runInDurableObject(transcriptRoom(env, fileId), (_instance, state) => runEdit(state.storage, fileId, edit));
}

/** Waits until every transcript room has sent its changes to its workspace's index (sent after an edit's answer). */
export async function settleIndexes(): Promise<void> {
  const { results } = await env.DB.prepare("SELECT audio_file_id AS id FROM transcripts").all<{ id: string }>();
  await Promise.all(
    results.map(async (r) => {
      const left = await transcriptRoom(env, r.id).indexSettled();
      expect(left).toBe(0);
    }),
  );
}
