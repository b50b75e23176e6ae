// What a transcript room sends its workspace's index, and how the index takes it: a whole file
// (a new transcript, a file moved in, a room catching up), or the rows that changed since the
// room last sent. Every row carries its state as it is now, so a feed sent twice, or two feeds
// crossing, leave the same index.

export interface IndexedPassage {
  ref_id: string;
  order_key: string;
  /** The speaker's API id (its name is in the speakers' rows). */
  speaker: string;
  start_time: number;
  end_time: number;
  body: string;
}

export interface IndexedSpeaker {
  ref_id: string;
  display: string;
  /** A name a person gave (searched), not "Speaker N". */
  named: boolean;
}

/** The file-wide texts: every speaker, the summary and notes. */
export interface IndexedDetails {
  speakers: IndexedSpeaker[];
  summary: string | null;
  notes: string | null;
}

export type IndexFeed =
  | { kind: "whole"; details: IndexedDetails; passages: IndexedPassage[] }
  | { kind: "changes"; details: IndexedDetails | null; passages: IndexedPassage[]; removed: string[] };

function fileKey(sql: SqlStorage, fileId: string): number {
  const held = sql.exec<{ id: number }>("SELECT id FROM files WHERE file_id = ?", fileId).toArray()[0];
  if (held) return held.id;
  return sql.exec<{ id: number }>("INSERT INTO files (file_id) VALUES (?) RETURNING id", fileId).one().id;
}

function putDetails(sql: SqlStorage, file: number, details: IndexedDetails): void {
  sql.exec("UPDATE files SET summary = ?, notes = ? WHERE id = ?", details.summary, details.notes, file);
  const kept = JSON.stringify(details.speakers.map((s) => s.ref_id));
  sql.exec("DELETE FROM speakers WHERE file = ? AND ref_id NOT IN (SELECT value FROM json_each(?))", file, kept);
  for (const s of details.speakers) {
    sql.exec(
      `INSERT INTO speakers (file, ref_id, display, named) VALUES (?, ?, ?, ?)
       ON CONFLICT (file, ref_id) DO UPDATE SET display = excluded.display, named = excluded.named`,
      file,
      s.ref_id,
      s.display,
      s.named ? 1 : 0,
    );
  }
}

function putPassages(sql: SqlStorage, file: number, passages: readonly IndexedPassage[]): void {
  for (const p of passages) {
    sql.exec(
      `INSERT INTO passages (file, ref_id, order_key, speaker, start_time, end_time, body) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (file, ref_id) DO UPDATE SET order_key = excluded.order_key, speaker = excluded.speaker,
         start_time = excluded.start_time, end_time = excluded.end_time, body = excluded.body`,
      file,
      p.ref_id,
      p.order_key,
      p.speaker,
      p.start_time,
      p.end_time,
      p.body,
    );
  }
}

/** Takes a room's feed in one transaction. */
export function applyFeed(storage: DurableObjectStorage, fileId: string, feed: IndexFeed): void {
  const { sql } = storage;
  storage.transactionSync(() => {
    const file = fileKey(sql, fileId);
    if (feed.kind === "whole") {
      const kept = JSON.stringify(feed.passages.map((p) => p.ref_id));
      sql.exec("DELETE FROM passages WHERE file = ? AND ref_id NOT IN (SELECT value FROM json_each(?))", file, kept);
    } else if (feed.removed.length) {
      sql.exec("DELETE FROM passages WHERE file = ? AND ref_id IN (SELECT value FROM json_each(?))", file, JSON.stringify(feed.removed));
    }
    if (feed.details) putDetails(sql, file, feed.details);
    putPassages(sql, file, feed.passages);
  });
}

/** A file deleted or moved to another workspace: none of its texts are found here any more. */
export function dropFile(storage: DurableObjectStorage, fileId: string): void {
  const { sql } = storage;
  storage.transactionSync(() => {
    const held = sql.exec<{ id: number }>("SELECT id FROM files WHERE file_id = ?", fileId).toArray()[0];
    if (!held) return;
    sql.exec("DELETE FROM passages WHERE file = ?", held.id);
    sql.exec("DELETE FROM speakers WHERE file = ?", held.id);
    sql.exec("DELETE FROM files WHERE id = ?", held.id);
  });
}
