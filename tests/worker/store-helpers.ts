// Reading a transcript's stored rows in whichever store holds it (decision 023): D1's tables, or
// the owner's object, whose SQLite the test reads inside the object itself. The tests that
// check stored statistics and history rows then hold for both stores.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { decodeStoreWords, storeIds } from "../../durable-objects/transcript-store/layout";
import { userChannel } from "../../worker/channel";

interface Header {
  store: "d1" | "object";
  fileId: string;
  userId: string;
}

export async function headerOf(transcriptId: string): Promise<Header> {
  const row = await env.DB.prepare("SELECT store, audio_file_id AS fileId, user_id AS userId FROM transcripts WHERE id = ?")
    .bind(transcriptId)
    .first<Header>();
  if (!row) throw new Error(`No transcript ${transcriptId}`);
  return row;
}

/** The header as the store functions take it (worker/transcripts/store.ts). */
export async function storeHeader(transcriptId: string) {
  const { store, fileId, userId } = await headerOf(transcriptId);
  return { id: transcriptId, audioFileId: fileId, userId, store };
}

/** Moves the history pointer by hand, in whichever store holds it. */
export async function setHistoryIndex(transcriptId: string, index: number): Promise<void> {
  const header = await headerOf(transcriptId);
  if (header.store === "object")
    await inObject(header.userId, (sql) => sql.exec("UPDATE transcripts SET history_index = ? WHERE file_id = ?", index, header.fileId));
  else await env.DB.prepare("UPDATE transcripts SET history_index = ? WHERE id = ?").bind(index, transcriptId).run();
}

/** The newest history entry's change as its store keeps it, and which store that is. */
export async function lastStoredChange(transcriptId: string): Promise<{ store: "d1" | "object"; change: string }> {
  const header = await headerOf(transcriptId);
  const change =
    header.store === "object"
      ? await inObject(header.userId, (sql) =>
          sql
            .exec<{ change: string }>(
              "SELECT h.change FROM history h JOIN transcripts t ON t.id = h.transcript WHERE t.file_id = ? ORDER BY h.seq DESC LIMIT 1",
              header.fileId,
            )
            .one(),
        )
      : await env.DB.prepare("SELECT change FROM edit_operations WHERE transcript_id = ? ORDER BY seq DESC LIMIT 1")
          .bind(transcriptId)
          .first<{ change: string }>();
  return { store: header.store, change: change!.change };
}

/** Runs `read` on the SQLite of the user's object. */
export async function inObject<T>(userId: string, read: (sql: SqlStorage) => T): Promise<T> {
  return runInDurableObject(await userChannel(env, userId), (_instance, state) => read(state.storage.sql));
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

/** The ids of the utterances marked edited (those a re-transcription keeps), in whichever store. */
export async function editedUtteranceIds(transcriptId: string): Promise<string[]> {
  const header = await headerOf(transcriptId);
  if (header.store === "object")
    return inObject(header.userId, (sql) => {
      const ids = storeIds(sql);
      return sql
        .exec<{ id: number; client_id: string | null }>(
          "SELECT u.id, u.client_id FROM utterances u JOIN transcripts t ON t.id = u.transcript WHERE t.file_id = ? AND u.edited = 1",
          header.fileId,
        )
        .toArray()
        .map((r) => ids.utterance(r.id, r.client_id));
    });
  const { results } = await env.DB.prepare("SELECT id FROM utterances WHERE transcript_id = ? AND edited = 1")
    .bind(transcriptId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}
