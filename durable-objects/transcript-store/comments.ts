// A file's comment threads in the transcript store (decision 040), beside the words they are
// anchored to, so one call checks an anchor, writes and answers the thread as it reads now.
// Who may act on whose comment is checked here, where the author is stored (common/authorship.ts).
import { type Actor, mayActOn } from "../../common/authorship";
import { COMMENT_LIMITS, COMMENT_MESSAGES, type CommentDto, type CommentPerson, type CommentReplyDto } from "../../common/comments";
import { type AnchorIndex, anchorOn, reanchorByTime, resolveAnchor, type StoredAnchor } from "../../core/comment-anchors";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import { forbidden, notFound, unprocessable } from "../../core/refusal";
import { transcriptWordIndex } from "./anchor-words";

/** Who acts, and their role in the file's workspace (what it allows is common/authorship.ts). */
export interface CommentActor extends Actor {
  name: string;
}

export interface NewThread {
  id: string;
  startWordId: string;
  endWordId: string;
  body: string;
  mentions: CommentPerson[];
}

export interface NewReply {
  id: string;
  body: string;
  mentions: CommentPerson[];
}

export interface CommentChange {
  body?: string;
  mentions?: CommentPerson[];
  resolved?: boolean;
}

/** A thread as it reads now, with the people it concerns (its author, repliers and those mentioned). */
export interface ThreadAnswer {
  thread: CommentDto;
  participants: CommentPerson[];
}

type CommentRow = {
  id: string;
  thread: string | null;
  body: string;
  author_id: string;
  author_name: string;
  mentions: string;
  created_at: string;
  updated_at: string;
  word_ids: string | null;
  start_time: number | null;
  end_time: number | null;
  text: string | null;
  resolved_by_id: string | null;
  resolved_by_name: string | null;
  resolved_at: string | null;
};

function transcriptKey(sql: SqlStorage, fileId: string): number {
  const row = sql.exec<{ id: number }>("SELECT id FROM transcripts WHERE file_id = ?", fileId).toArray()[0];
  if (!row) throw notFound(EDIT_MESSAGES.transcriptNotFound);
  return row.id;
}

/** Every word of the file's transcript in text order. */
export const wordIndex = (sql: SqlStorage, transcript: number): AnchorIndex => transcriptWordIndex(sql, transcript);

const storedAnchor = (row: CommentRow): StoredAnchor => ({
  wordIds: JSON.parse(row.word_ids ?? "[]") as string[],
  startTime: row.start_time ?? 0,
  endTime: row.end_time ?? 0,
  text: row.text ?? "",
});

const person = (id: string, name: string): CommentPerson => ({ id, full_name: name });

function replyDto(row: CommentRow): CommentReplyDto {
  return {
    id: row.id,
    body: row.body,
    author: person(row.author_id, row.author_name),
    created_at: row.created_at,
    updated_at: row.updated_at,
    mentions: JSON.parse(row.mentions) as CommentPerson[],
  };
}

function threadDto(index: AnchorIndex, row: CommentRow, replies: readonly CommentRow[]): CommentDto & { position: number } {
  const a = resolveAnchor(index, storedAnchor(row));
  return {
    ...replyDto(row),
    resolved: row.resolved_at !== null,
    resolved_by: row.resolved_by_id ? person(row.resolved_by_id, row.resolved_by_name ?? "") : null,
    resolved_at: row.resolved_at,
    anchor: {
      start_word_id: a.startWordId,
      end_word_id: a.endWordId,
      start_time: a.startTime,
      end_time: a.endTime,
      text: a.text,
      removed: a.removed,
    },
    replies: replies.map(replyDto),
    position: a.position,
  };
}

const withoutPosition = ({ position: _p, ...dto }: CommentDto & { position: number }): CommentDto => dto;

/** Every thread of the file in text order (a removed anchor where its time falls), then by age. */
export function listComments(sql: SqlStorage, fileId: string): CommentDto[] {
  const index = wordIndex(sql, transcriptKey(sql, fileId));
  const rows = sql.exec<CommentRow>("SELECT * FROM comments WHERE file_id = ? ORDER BY created_at, id", fileId).toArray();
  const replies = new Map<string, CommentRow[]>();
  for (const row of rows) if (row.thread) replies.set(row.thread, [...(replies.get(row.thread) ?? []), row]);
  return rows
    .filter((row) => !row.thread)
    .map((row) => threadDto(index, row, replies.get(row.id) ?? []))
    .sort((a, b) => a.position - b.position || Number(a.anchor.removed) - Number(b.anchor.removed))
    .map(withoutPosition);
}

function commentRow(sql: SqlStorage, fileId: string, id: string): CommentRow {
  const row = sql.exec<CommentRow>("SELECT * FROM comments WHERE id = ? AND file_id = ?", id, fileId).toArray()[0];
  if (!row) throw notFound(COMMENT_MESSAGES.notFound);
  return row;
}

/** The thread as it reads now (`index`: the transcript's words, when the caller read them already). */
function threadAnswer(sql: SqlStorage, fileId: string, threadId: string, index = wordIndex(sql, transcriptKey(sql, fileId))): ThreadAnswer {
  const row = commentRow(sql, fileId, threadId);
  const replies = sql.exec<CommentRow>("SELECT * FROM comments WHERE thread = ? ORDER BY created_at, id", threadId).toArray();
  const thread = withoutPosition(threadDto(index, row, replies));
  const people = new Map<string, CommentPerson>();
  for (const c of [thread, ...thread.replies]) {
    people.set(c.author.id, c.author);
    for (const m of c.mentions) people.set(m.id, m);
  }
  return { thread, participants: [...people.values()] };
}

const ANCHOR_REFUSALS = {
  not_found: COMMENT_MESSAGES.anchorNotFound,
  reversed: COMMENT_MESSAGES.anchorReversed,
  too_long: COMMENT_MESSAGES.anchorTooLong,
} as const;

export function createThread(storage: DurableObjectStorage, fileId: string, input: NewThread, actor: CommentActor): ThreadAnswer {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const index = wordIndex(sql, transcriptKey(sql, fileId));
    const threads = sql.exec<{ n: number }>("SELECT count(*) AS n FROM comments WHERE file_id = ? AND thread IS NULL", fileId).one().n;
    if (threads >= COMMENT_LIMITS.threadsPerFile) throw forbidden(COMMENT_MESSAGES.tooManyThreads);
    const anchor = anchorOn(index, input.startWordId, input.endWordId, COMMENT_LIMITS.anchorMaxWords);
    if (typeof anchor === "string") throw unprocessable(ANCHOR_REFUSALS[anchor]);
    const now = new Date().toISOString();
    sql.exec(
      `INSERT INTO comments (id, file_id, body, author_id, author_name, mentions, created_at, updated_at, word_ids, start_time, end_time, text)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      input.id,
      fileId,
      input.body,
      actor.id,
      actor.name,
      JSON.stringify(input.mentions),
      now,
      now,
      JSON.stringify(anchor.wordIds),
      anchor.startTime,
      anchor.endTime,
      anchor.text,
    );
    return threadAnswer(sql, fileId, input.id, index);
  });
}

export function addReply(
  storage: DurableObjectStorage,
  fileId: string,
  threadId: string,
  input: NewReply,
  actor: CommentActor,
): ThreadAnswer {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const thread = commentRow(sql, fileId, threadId);
    if (thread.thread) throw notFound(COMMENT_MESSAGES.notFound);
    const replies = sql.exec<{ n: number }>("SELECT count(*) AS n FROM comments WHERE thread = ?", threadId).one().n;
    if (replies >= COMMENT_LIMITS.repliesPerThread) throw forbidden(COMMENT_MESSAGES.tooManyReplies);
    const now = new Date().toISOString();
    sql.exec(
      `INSERT INTO comments (id, file_id, thread, body, author_id, author_name, mentions, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      input.id,
      fileId,
      threadId,
      input.body,
      actor.id,
      actor.name,
      JSON.stringify(input.mentions),
      now,
      now,
    );
    return threadAnswer(sql, fileId, threadId);
  });
}

/** A new body (its author only) and/or resolved or reopened (a thread; editors and its author). */
export function updateComment(
  storage: DurableObjectStorage,
  fileId: string,
  id: string,
  change: CommentChange,
  actor: CommentActor,
): ThreadAnswer {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const row = commentRow(sql, fileId, id);
    const now = new Date().toISOString();
    if (change.resolved !== undefined) {
      if (row.thread) throw unprocessable(COMMENT_MESSAGES.replyNotResolvable);
      if (!mayActOn("resolve", actor, row.author_id)) throw forbidden(COMMENT_MESSAGES.resolveNotAllowed);
    }
    if (change.body !== undefined && !mayActOn("rewrite", actor, row.author_id)) throw forbidden(COMMENT_MESSAGES.notAuthor);
    if (change.body !== undefined) {
      sql.exec(
        "UPDATE comments SET body = ?, mentions = ?, updated_at = ? WHERE id = ?",
        change.body,
        JSON.stringify(change.mentions ?? []),
        now,
        id,
      );
    }
    if (change.resolved === true && row.resolved_at === null) {
      sql.exec("UPDATE comments SET resolved_by_id = ?, resolved_by_name = ?, resolved_at = ? WHERE id = ?", actor.id, actor.name, now, id);
    } else if (change.resolved === false && row.resolved_at !== null) {
      sql.exec("UPDATE comments SET resolved_by_id = NULL, resolved_by_name = NULL, resolved_at = NULL WHERE id = ?", id);
    }
    return threadAnswer(sql, fileId, row.thread ?? id);
  });
}

/** Deletes a comment (its author only); a thread goes with its replies. Answers the thread's id and whether it went. */
export function deleteComment(
  storage: DurableObjectStorage,
  fileId: string,
  id: string,
  actor: CommentActor,
): { threadId: string; threadDeleted: boolean } {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const row = commentRow(sql, fileId, id);
    if (!mayActOn("rewrite", actor, row.author_id)) throw forbidden(COMMENT_MESSAGES.notAuthor);
    sql.exec("DELETE FROM comments WHERE id = ? OR thread = ?", id, id);
    return { threadId: row.thread ?? id, threadDeleted: row.thread === null };
  });
}

/** Inside the caller's transaction: a deleted file's comments go with its transcript. */
export function dropComments(sql: SqlStorage, fileIds: readonly string[]): void {
  for (const fileId of fileIds) sql.exec("DELETE FROM comments WHERE file_id = ?", fileId);
}

/**
 * After a new transcription replaced words: threads whose words are all gone take the new words
 * spoken in their time (core/comment-anchors.ts), so a comment on unedited text follows it.
 */
export function reanchorComments(sql: SqlStorage, fileId: string): number {
  const threads = sql.exec<CommentRow>("SELECT * FROM comments WHERE file_id = ? AND thread IS NULL", fileId).toArray();
  if (!threads.length) return 0;
  const index = wordIndex(sql, transcriptKey(sql, fileId));
  let moved = 0;
  for (const row of threads) {
    const next = reanchorByTime(index, storedAnchor(row), COMMENT_LIMITS.anchorMaxWords);
    if (!next) continue;
    sql.exec("UPDATE comments SET word_ids = ? WHERE id = ?", JSON.stringify(next.wordIds), row.id);
    moved++;
  }
  return moved;
}
