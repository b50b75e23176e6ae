// A file's highlights in the transcript store (decision 047), beside the words they mark, anchored
// like comments (core/comment-anchors.ts): by the ids of their words, so they follow edits, splits,
// merges and undo, and keep their last time, text and speaker once every word is gone. Roles are
// the Worker's (workspaces/access.ts); who may remove whose highlight is checked here (common/authorship.ts).
import { type Actor, mayActOn } from "../../common/authorship";
import { HIGHLIGHT_LIMITS, HIGHLIGHT_MESSAGES, type HighlightDto, sameLabel } from "../../common/highlights";
import { type AnchorIndex, anchorOn, reanchorByTime, resolveAnchor, type StoredAnchor } from "../../core/comment-anchors";
import { forbidden, notFound, unprocessable } from "../../core/refusal";
import { speakerNames, transcriptWordIndex } from "./anchor-words";
import { transcriptKey } from "./operations";

/** Who acts, and their role in the file's workspace (what it allows is common/authorship.ts). */
export interface HighlightActor extends Actor {
  name: string;
}

export type HighlightsChange =
  | { kind: "create"; id: string; startWordId: string; endWordId: string; label: string }
  | { kind: "delete"; id: string };

type HighlightRow = {
  id: string;
  label: string;
  word_ids: string;
  start_time: number;
  end_time: number;
  text: string;
  speaker: string;
  created_by_id: string;
  created_by_name: string;
  created_at: string;
};

/** The transcript's words, and the name of who speaks each of them. */
interface Words {
  index: AnchorIndex;
  speakerAt(position: number): string;
}

function wordsOf(sql: SqlStorage, transcript: number): Words {
  const keys: number[] = [];
  const index = transcriptWordIndex(sql, transcript, keys);
  const names = speakerNames(sql, transcript);
  return { index, speakerAt: (position) => names.get(keys[position]!) ?? "" };
}

const storedAnchor = (row: HighlightRow): StoredAnchor => ({
  wordIds: JSON.parse(row.word_ids) as string[],
  startTime: row.start_time,
  endTime: row.end_time,
  text: row.text,
});

function toDto(words: Words, row: HighlightRow): HighlightDto & { position: number } {
  const a = resolveAnchor(words.index, storedAnchor(row));
  return {
    id: row.id,
    label: row.label,
    start_time: a.startTime,
    end_time: a.endTime,
    text: a.text,
    speaker: a.removed ? row.speaker : words.speakerAt(a.position),
    start_word_id: a.startWordId,
    end_word_id: a.endWordId,
    removed: a.removed,
    created_by: { id: row.created_by_id, full_name: row.created_by_name },
    created_at: row.created_at,
    position: a.position,
  };
}

const withoutPosition = ({ position: _p, ...dto }: HighlightDto & { position: number }): HighlightDto => dto;

/** The file's highlights in text order (a removed one where its time falls), then by age; only `label`'s when given. */
export function listHighlights(sql: SqlStorage, fileId: string, label?: string): HighlightDto[] {
  const words = wordsOf(sql, transcriptKey(sql, fileId));
  return sql
    .exec<HighlightRow>("SELECT * FROM highlights WHERE file_id = ? ORDER BY created_at, id", fileId)
    .toArray()
    .filter((row) => label === undefined || sameLabel(row.label, label))
    .map((row) => toDto(words, row))
    .sort((a, b) => a.position - b.position || Number(a.removed) - Number(b.removed))
    .map(withoutPosition);
}

const ANCHOR_REFUSALS = {
  not_found: HIGHLIGHT_MESSAGES.wordsNotFound,
  reversed: HIGHLIGHT_MESSAGES.wordsReversed,
  too_long: HIGHLIGHT_MESSAGES.tooLong,
} as const;

function createHighlight(
  storage: DurableObjectStorage,
  fileId: string,
  input: Extract<HighlightsChange, { kind: "create" }>,
  actor: HighlightActor,
): HighlightDto {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const words = wordsOf(sql, transcriptKey(sql, fileId));
    const count = sql.exec<{ n: number }>("SELECT count(*) AS n FROM highlights WHERE file_id = ?", fileId).one().n;
    if (count >= HIGHLIGHT_LIMITS.perFile) throw forbidden(HIGHLIGHT_MESSAGES.tooMany);
    const anchor = anchorOn(words.index, input.startWordId, input.endWordId, HIGHLIGHT_LIMITS.maxWords);
    if (typeof anchor === "string") throw unprocessable(ANCHOR_REFUSALS[anchor]);
    const row: HighlightRow = {
      id: input.id,
      label: input.label,
      word_ids: JSON.stringify(anchor.wordIds),
      start_time: anchor.startTime,
      end_time: anchor.endTime,
      text: anchor.text,
      speaker: words.speakerAt(words.index.indexOf(input.startWordId)!),
      created_by_id: actor.id,
      created_by_name: actor.name,
      created_at: new Date().toISOString(),
    };
    sql.exec(
      `INSERT INTO highlights (id, file_id, label, word_ids, start_time, end_time, text, speaker, created_by_id, created_by_name, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      row.id,
      fileId,
      row.label,
      row.word_ids,
      row.start_time,
      row.end_time,
      row.text,
      row.speaker,
      row.created_by_id,
      row.created_by_name,
      row.created_at,
    );
    return withoutPosition(toDto(words, row));
  });
}

function deleteHighlight(storage: DurableObjectStorage, fileId: string, id: string, actor: HighlightActor): void {
  const { sql } = storage;
  storage.transactionSync(() => {
    const row = sql
      .exec<{ created_by_id: string }>("SELECT created_by_id FROM highlights WHERE id = ? AND file_id = ?", id, fileId)
      .toArray()[0];
    if (!row) throw notFound(HIGHLIGHT_MESSAGES.notFound);
    if (!mayActOn("remove", actor, row.created_by_id)) throw forbidden(HIGHLIGHT_MESSAGES.notMaker);
    sql.exec("DELETE FROM highlights WHERE id = ?", id);
  });
}

/** One change to a file's highlights: the new highlight as it reads, or null once removed. */
export function runHighlightsChange(
  storage: DurableObjectStorage,
  fileId: string,
  change: HighlightsChange,
  actor: HighlightActor,
): HighlightDto | null {
  if (change.kind === "create") return createHighlight(storage, fileId, change, actor);
  deleteHighlight(storage, fileId, change.id, actor);
  return null;
}

/** Inside the caller's transaction: a deleted file's highlights go with its transcript. */
export function dropHighlights(sql: SqlStorage, fileIds: readonly string[]): void {
  for (const fileId of fileIds) sql.exec("DELETE FROM highlights WHERE file_id = ?", fileId);
}

/** After a new transcription replaced words: highlights whose words are all gone take the new words spoken in their time. */
export function reanchorHighlights(sql: SqlStorage, fileId: string): number {
  const rows = sql.exec<HighlightRow>("SELECT * FROM highlights WHERE file_id = ?", fileId).toArray();
  if (!rows.length) return 0;
  const { index } = wordsOf(sql, transcriptKey(sql, fileId));
  let moved = 0;
  for (const row of rows) {
    const next = reanchorByTime(index, storedAnchor(row), HIGHLIGHT_LIMITS.maxWords);
    if (!next) continue;
    sql.exec("UPDATE highlights SET word_ids = ? WHERE id = ?", JSON.stringify(next.wordIds), row.id);
    moved++;
  }
  return moved;
}
