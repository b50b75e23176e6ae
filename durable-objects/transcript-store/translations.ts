// A file's translations (decision 048), beside its transcript so they go with the file: per
// language its status and progress, and per utterance the translated text with the fingerprint
// of the text it was made from. An edit changes an utterance's fingerprint, so its translation
// is known to be stale without the edit knowing about translations; a removed utterance's
// translation is simply no longer listed (and dropped when a run finishes).
import {
  sourceFingerprint,
  TRANSLATION_MESSAGES,
  type TranslationDto,
  type TranslationStatus,
  type TranslationSummaryDto,
} from "../../common/translations";
import { newId } from "../../common/ids";
import { notFound } from "../../core/refusal";
import { decodeStoreWords, storeIds } from "./layout";
import { transcriptKey } from "./operations";

/** An utterance to translate: its row's key, API id, place in the transcript (from 1), text and that text's fingerprint. */
export interface TranslationWork {
  key: number;
  id: string;
  position: number;
  text: string;
  fingerprint: string;
}

type TranslationRow = {
  language: string;
  status: TranslationStatus;
  error: string | null;
  run: string;
  full: number;
  done: number;
  total: number;
  updated_at: string;
};
type TranslatedRow = { utterance: number; source: string; run: string; text: string };

/** The transcript's utterances with words, in order, with their texts and fingerprints. */
function currentUtterances(sql: SqlStorage, fileId: string): TranslationWork[] {
  const transcript = transcriptKey(sql, fileId);
  const ids = storeIds(sql);
  // The words' texts are the stored value's second item, joined by spaces (core/stored-words.ts);
  // the rare list kept in the first form is decoded.
  const rows = sql
    .exec<{ id: number; client_id: string | null; text: string | null; words: string | null }>(
      `SELECT id, client_id,
         CASE WHEN json_type(words, '$[1]') = 'text' THEN json_extract(words, '$[1]') END AS text,
         CASE WHEN json_type(words, '$[1]') = 'text' THEN NULL ELSE words END AS words
       FROM utterances WHERE transcript = ? ORDER BY order_key`,
      transcript,
    )
    .toArray();
  const out: TranslationWork[] = [];
  rows.forEach((row, i) => {
    const text =
      row.text ??
      decodeStoreWords(row.id, row.words ?? "[]")
        .map((w) => w.t)
        .join(" ");
    if (!text.trim()) return;
    out.push({ key: row.id, id: ids.utterance(row.id, row.client_id), position: i + 1, text, fingerprint: sourceFingerprint(text) });
  });
  return out;
}

function translationRow(sql: SqlStorage, fileId: string, language: string): TranslationRow | null {
  return sql.exec<TranslationRow>("SELECT * FROM translations WHERE file_id = ? AND language = ?", fileId, language).toArray()[0] ?? null;
}

function translatedRows(sql: SqlStorage, fileId: string, language: string): Map<number, TranslatedRow> {
  const rows = sql
    .exec<TranslatedRow>(
      "SELECT utterance, source, run, text FROM translated_utterances WHERE file_id = ? AND language = ?",
      fileId,
      language,
    )
    .toArray();
  return new Map(rows.map((r) => [r.utterance, r]));
}

const isStale = (u: TranslationWork, done: TranslatedRow | undefined) => !done || done.source !== u.fingerprint;

/**
 * A new run of a translation (pending until its job starts): every utterance, or with
 * `onlyStale` those without a current translation. Answers the run's id, which the job carries.
 */
export function requestTranslation(sql: SqlStorage, fileId: string, language: string, onlyStale: boolean): string {
  transcriptKey(sql, fileId);
  const run = newId();
  sql.exec(
    `INSERT INTO translations (file_id, language, status, error, run, full, done, total, updated_at)
     VALUES (?, ?, 'pending', NULL, ?, ?, 0, 0, ?)
     ON CONFLICT (file_id, language) DO UPDATE SET status = 'pending', error = NULL, run = excluded.run,
       full = excluded.full, done = 0, total = 0, updated_at = excluded.updated_at`,
    fileId,
    language,
    run,
    onlyStale ? 0 : 1,
    new Date().toISOString(),
  );
  return run;
}

/**
 * The job's start (or restart after a retry): the utterances still to translate in this run,
 * those saved by an earlier attempt left out. Null when the run is no longer the current one
 * or has finished (a later request replaced it, or a redelivered message).
 */
export function startTranslation(storage: DurableObjectStorage, fileId: string, language: string, run: string): TranslationWork[] | null {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const row = translationRow(sql, fileId, language);
    if (!row || row.run !== run || (row.status !== "pending" && row.status !== "processing")) return null;
    const done = translatedRows(sql, fileId, language);
    const work = currentUtterances(sql, fileId).filter((u) => {
      const kept = done.get(u.key);
      return isStale(u, kept) || (row.full === 1 && kept!.run !== run);
    });
    if (row.status === "pending")
      sql.exec(
        "UPDATE translations SET status = 'processing', done = 0, total = ?, updated_at = ? WHERE file_id = ? AND language = ?",
        work.length,
        new Date().toISOString(),
        fileId,
        language,
      );
    return work;
  });
}

/** Saves a finished batch while its run is the current one; false when it no longer is (the job stops). */
export function saveTranslated(
  storage: DurableObjectStorage,
  fileId: string,
  language: string,
  run: string,
  items: readonly { key: number; fingerprint: string; text: string }[],
): boolean {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const row = translationRow(sql, fileId, language);
    if (!row || row.run !== run || row.status !== "processing") return false;
    for (const item of items)
      sql.exec(
        `INSERT INTO translated_utterances (file_id, language, utterance, source, run, text) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (file_id, language, utterance) DO UPDATE SET source = excluded.source, run = excluded.run, text = excluded.text`,
        fileId,
        language,
        item.key,
        item.fingerprint,
        run,
        item.text,
      );
    sql.exec(
      "UPDATE translations SET done = min(total, done + ?), updated_at = ? WHERE file_id = ? AND language = ?",
      items.length,
      new Date().toISOString(),
      fileId,
      language,
    );
    return true;
  });
}

/** Ends the run as completed (`error` null) or failed; translations of removed utterances go. False when it was not current. */
export function finishTranslation(
  storage: DurableObjectStorage,
  fileId: string,
  language: string,
  run: string,
  error: string | null,
): boolean {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const row = translationRow(sql, fileId, language);
    if (!row || row.run !== run || (row.status !== "pending" && row.status !== "processing")) return false;
    sql.exec(
      "UPDATE translations SET status = ?, error = ?, updated_at = ? WHERE file_id = ? AND language = ?",
      error === null ? "completed" : "failed",
      error,
      new Date().toISOString(),
      fileId,
      language,
    );
    if (error === null) {
      const present = new Set(currentUtterances(sql, fileId).map((u) => u.key));
      for (const key of translatedRows(sql, fileId, language).keys())
        if (!present.has(key))
          sql.exec("DELETE FROM translated_utterances WHERE file_id = ? AND language = ? AND utterance = ?", fileId, language, key);
    }
    return true;
  });
}

/** The file's translation into `language`, against its transcript as it is now; 404 when never asked for. */
export function readTranslation(sql: SqlStorage, fileId: string, language: string): TranslationDto {
  const current = currentUtterances(sql, fileId);
  const row = translationRow(sql, fileId, language);
  if (!row) throw notFound(TRANSLATION_MESSAGES.notRequested);
  const done = translatedRows(sql, fileId, language);
  const utterances: TranslationDto["utterances"] = [];
  const stale: string[] = [];
  for (const u of current) {
    const kept = done.get(u.key);
    if (kept) utterances.push({ utterance_id: u.id, text: kept.text });
    if (isStale(u, kept)) stale.push(u.id);
  }
  return {
    language,
    status: row.status,
    utterances,
    stale_utterance_ids: stale,
    done: row.done,
    total: row.total,
    error: row.error,
    updated_at: row.updated_at,
  };
}

/** Every language the file was asked to be translated into, with its status and stale count. */
export function listTranslations(sql: SqlStorage, fileId: string): TranslationSummaryDto[] {
  const current = currentUtterances(sql, fileId);
  const rows = sql.exec<TranslationRow>("SELECT * FROM translations WHERE file_id = ? ORDER BY language", fileId).toArray();
  return rows.map((row) => {
    const done = translatedRows(sql, fileId, row.language);
    return {
      language: row.language,
      status: row.status,
      done: row.done,
      total: row.total,
      stale_count: current.filter((u) => isStale(u, done.get(u.key))).length,
      error: row.error,
      updated_at: row.updated_at,
    };
  });
}

export function dropTranslations(sql: SqlStorage, fileIds: readonly string[]): void {
  for (const fileId of fileIds) {
    sql.exec("DELETE FROM translated_utterances WHERE file_id = ?", fileId);
    sql.exec("DELETE FROM translations WHERE file_id = ?", fileId);
  }
}
