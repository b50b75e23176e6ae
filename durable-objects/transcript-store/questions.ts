// A file's recent questions and their answers (decision 045), beside its transcript so they go
// with the file: the newest ASK_LIMITS.recentPerFile are kept, older ones dropped as new arrive.
import { ASK_LIMITS, type AskCitation, type RecentQuestion } from "../../common/ask";
import { transcriptKey } from "./operations";

type QuestionRow = {
  id: string;
  question: string;
  answer: string;
  citations: string;
  asked_by_id: string;
  asked_by_name: string;
  asked_at: string;
};

/** Keeps an answered question; 404 (as data, through `answer`) when the file has no transcript here. */
export function saveQuestion(storage: DurableObjectStorage, fileId: string, q: RecentQuestion): void {
  const { sql } = storage;
  transcriptKey(sql, fileId);
  storage.transactionSync(() => {
    sql.exec(
      `INSERT INTO questions (id, file_id, question, answer, citations, asked_by_id, asked_by_name, asked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      q.id,
      fileId,
      q.question,
      q.answer,
      JSON.stringify(q.citations),
      q.asked_by.id,
      q.asked_by.full_name,
      q.asked_at,
    );
    sql.exec(
      `DELETE FROM questions WHERE file_id = ? AND id NOT IN
       (SELECT id FROM questions WHERE file_id = ? ORDER BY asked_at DESC, id DESC LIMIT ?)`,
      fileId,
      fileId,
      ASK_LIMITS.recentPerFile,
    );
  });
}

/** The file's recent questions, newest first. */
export function listQuestions(sql: SqlStorage, fileId: string): RecentQuestion[] {
  transcriptKey(sql, fileId);
  return sql
    .exec<QuestionRow>("SELECT * FROM questions WHERE file_id = ? ORDER BY asked_at DESC, id DESC", fileId)
    .toArray()
    .map((row) => ({
      id: row.id,
      question: row.question,
      answer: row.answer,
      citations: JSON.parse(row.citations) as AskCitation[],
      asked_at: row.asked_at,
      asked_by: { id: row.asked_by_id, full_name: row.asked_by_name },
    }));
}

export function dropQuestions(sql: SqlStorage, fileIds: readonly string[]): void {
  for (const fileId of fileIds) sql.exec("DELETE FROM questions WHERE file_id = ?", fileId);
}
