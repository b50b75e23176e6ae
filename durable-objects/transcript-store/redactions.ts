// Redaction in a transcript room (decision 058): the words become markers in the rows, in every
// kept history entry (rebuilt with whole states and written again; what cannot be rebuilt is
// dropped), in comments' and highlights' quotes, translations, recent questions, summary, notes
// and chapters; a row per redaction says what was redacted where, never the text. One transaction.
import type { UtteranceState } from "../../core/change";
import { decodeChange, encodeChange } from "../../core/change-codec";
import { detailsChanged, type EditOutcome } from "../../core/outcome";
import {
  mentionsRedacted,
  redactionSummary,
  type RedactionSpan,
  rewriteHistory,
  scrubState,
  scrubText,
  SpanIndex,
} from "../../core/redaction";
import { type RedactionSuggestion, redactionSuggestions } from "../../core/redaction-suggestions";
import { planRedactionSpans, type RedactionTarget } from "../../core/redaction-plan";
import { nowIso } from "../../common/time";
import type { MediaFill } from "../../common/redactions";
import { commitInStore } from "./commit";
import { entryBytes } from "./history-budget";
import { transcriptKey } from "./operations";
import { states } from "./read";
import { type RequestKey, seenRequest } from "./request-keys";
import { dropHistory } from "./snapshots";
import { storeIds } from "./layout";

export interface RedactionRow {
  id: string;
  label: string;
  start_time: number;
  end_time: number;
  utterance_id: string;
  marker_word_id: string;
  media: MediaFill;
  created_by: { id: string; name: string } | null;
  created_at: string;
}

export interface Redacted extends EditOutcome {
  redactions: RedactionRow[];
  /** Comment threads and whether highlights changed, for the live push. */
  commentIds: string[];
  highlightsChanged: boolean;
}

type RawRedaction = {
  id: string;
  label: string;
  start_time: number;
  end_time: number;
  utterance_id: string;
  marker_word_id: string;
  fill: MediaFill;
  author_id: string | null;
  author_name: string | null;
  created_at: string;
};
const toRow = (r: RawRedaction): RedactionRow => ({
  id: r.id,
  label: r.label,
  start_time: r.start_time,
  end_time: r.end_time,
  utterance_id: r.utterance_id,
  marker_word_id: r.marker_word_id,
  media: r.fill,
  created_by: r.author_id ? { id: r.author_id, name: r.author_name ?? "" } : null,
  created_at: r.created_at,
});

export function listRedactions(sql: SqlStorage, fileId: string): RedactionRow[] {
  return sql.exec<RawRedaction>("SELECT * FROM redactions WHERE file_id = ? ORDER BY start_time, created_at", fileId).toArray().map(toRow);
}

/** Likely personal data in the transcript's words, with the speakers' names. */
export function suggestionsOf(sql: SqlStorage, fileId: string): RedactionSuggestion[] {
  const transcript = transcriptKey(sql, fileId);
  const names = sql
    .exec<{ name: string }>("SELECT name FROM speakers WHERE transcript = ? AND name IS NOT NULL", transcript)
    .toArray()
    .map((r) => r.name);
  return redactionSuggestions(states(sql, transcript), names);
}

export function redact(
  storage: DurableObjectStorage,
  fileId: string,
  target: RedactionTarget,
  label: string,
  fill: MediaFill,
  key: RequestKey | null,
): Redacted {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    if (key && seenRequest(sql, transcript, key)) {
      const earlier = sql.exec<RawRedaction>("SELECT * FROM redactions WHERE file_id = ? AND op_id = ?", fileId, key.id).toArray();
      return {
        result: { utterances: [], removedUtteranceIds: [] },
        change: null,
        detailsChanged: false,
        rowsWritten: 0,
        redactions: earlier.map(toRow),
        commentIds: [],
        highlightsChanged: false,
      };
    }
    const all = states(sql, transcript);
    const spans = planRedactionSpans(all, target, label);
    const index = new SpanIndex(spans);
    const touched = all.filter((u) => index.mayTouch(u));
    const utterances = touched.flatMap((u) => {
      const after = scrubState(u, index);
      return after === u ? [] : [{ id: u.id, before: u, after: { ...after, version: u.version + 1 } }];
    });
    const now = nowIso();
    const summary = redactionSummary(spans.map((s) => s.marker));
    const change = { utterances };
    const committed = commitInStore(sql, transcript, {
      change,
      history: { record: { type: "other", summary, change, opId: key?.id ?? null, request: null } },
      now,
      knownPositions: new Map(all.map((u) => [u.id, u.position])),
    });
    let rows = committed.rowsWritten;
    rows += rewriteKeptHistory(sql, transcript, all, utterances, index);
    const fieldsChanged = scrubTranscriptFields(sql, transcript, spans);
    const commentIds = scrubAnchors(sql, "comments", fileId, index, utterances);
    const highlightIds = scrubAnchors(sql, "highlights", fileId, index, utterances);
    rows += dropTouchedTranslations(
      sql,
      fileId,
      utterances.map((u) => u.id),
    );
    rows += dropQuotingQuestions(sql, fileId, spans);
    const made = recordRedactions(sql, fileId, spans, { label, fill }, key?.id ?? null, now);
    return {
      result: { utterances: committed.utterances, removedUtteranceIds: [] },
      change,
      detailsChanged: fieldsChanged || detailsChanged(change),
      rowsWritten: rows + made.length,
      redactions: made,
      commentIds,
      highlightsChanged: highlightIds.length > 0,
    };
  });
}

/** Every kept entry rebuilt and scrubbed (core/redaction.ts); entries that cannot be go. Answers the rows written. */
function rewriteKeptHistory(
  sql: SqlStorage,
  transcript: number,
  before: readonly UtteranceState[],
  written: readonly { id: string; after: UtteranceState }[],
  index: SpanIndex,
): number {
  const pointer = sql.exec<{ i: number }>("SELECT history_index AS i FROM transcripts WHERE id = ?", transcript).one().i;
  const current = new Map(before.map((u) => [u.id, u]));
  for (const u of written) current.set(u.id, u.after);
  const stored = sql
    .exec<{ seq: number; summary: string; change: string }>(
      "SELECT seq, summary, change FROM history WHERE transcript = ? ORDER BY seq",
      transcript,
    )
    .toArray();
  const plan = rewriteHistory(
    stored.map((e) => ({ seq: e.seq, summary: e.summary, change: decodeChange(e.change) })),
    pointer,
    current,
    index,
    pointer,
  );
  const bySeq = new Map(stored.map((e) => [e.seq, e]));
  let rows = 0;
  for (const entry of plan.rewritten) {
    const old = bySeq.get(entry.seq)!;
    const change = encodeChange(entry.change);
    if (change === old.change && entry.summary === old.summary) continue;
    rows += sql.exec(
      `UPDATE history SET change = ?1, summary = ?2, op_request = NULL, bytes = ${entryBytes("?1", "?2", "?3", "?4")} WHERE transcript = ?3 AND seq = ?4`,
      change,
      entry.summary,
      transcript,
      entry.seq,
    ).rowsWritten;
  }
  if (plan.dropThrough !== null) rows += dropHistory(sql, transcript, "<= ?", plan.dropThrough);
  return rows;
}

/** The summary, notes and chapters with the redacted phrases replaced; whether any changed. */
function scrubTranscriptFields(sql: SqlStorage, transcript: number, spans: readonly RedactionSpan[]): boolean {
  const row = sql
    .exec<{ summary: string | null; notes: string | null; chapters: string | null }>(
      "SELECT summary, notes, chapters FROM transcripts WHERE id = ?",
      transcript,
    )
    .one();
  const next = {
    summary: row.summary === null ? null : scrubText(row.summary, spans),
    notes: row.notes === null ? null : scrubText(row.notes, spans),
    chapters: row.chapters === null ? null : scrubChapters(row.chapters, spans),
  };
  if (next.summary === row.summary && next.notes === row.notes && next.chapters === row.chapters) return false;
  sql.exec("UPDATE transcripts SET summary = ?, notes = ?, chapters = ? WHERE id = ?", next.summary, next.notes, next.chapters, transcript);
  return true;
}

function scrubChapters(json: string, spans: readonly RedactionSpan[]): string {
  const chapters = JSON.parse(json) as { title: string; summary: string }[];
  const next = JSON.stringify(chapters.map((c) => ({ ...c, title: scrubText(c.title, spans), summary: scrubText(c.summary, spans) })));
  return next === JSON.stringify(chapters) ? json : next;
}

/**
 * Comments' or highlights' anchors on redacted words: the marker's id in place of the words', and
 * the quote rebuilt from the words as they now are (or its phrases replaced, for words gone since).
 * Answers the ids changed.
 */
function scrubAnchors(
  sql: SqlStorage,
  table: "comments" | "highlights",
  fileId: string,
  index: SpanIndex,
  written: readonly { after: UtteranceState }[],
): string[] {
  const textOf = new Map<string, string>();
  for (const u of written) for (const w of u.after.transcriptWords) textOf.set(w.id, w.text);
  const markerOf = new Map<string, string>();
  for (const s of index.spans) for (const id of s.wordIds) markerOf.set(id, s.markerId);
  const changed: string[] = [];
  const rows = sql
    .exec<{ id: string; word_ids: string | null; text: string | null }>(
      `SELECT id, word_ids, text FROM ${table} WHERE file_id = ? AND text IS NOT NULL`,
      fileId,
    )
    .toArray();
  for (const r of rows) {
    const ids = r.word_ids ? (JSON.parse(r.word_ids) as string[]) : [];
    const hit = ids.some((id) => markerOf.has(id));
    let nextIds = ids;
    let text = r.text ?? "";
    if (hit) {
      nextIds = [...new Set(ids.map((id) => markerOf.get(id) ?? id))];
      const words = nextIds.map((id) => textOf.get(id));
      text = words.every((w) => w !== undefined) ? words.join(" ") : scrubText(text, index.spans);
    } else text = scrubText(text, index.spans);
    if (text === r.text && nextIds === ids) continue;
    sql.exec(`UPDATE ${table} SET word_ids = ?, text = ? WHERE id = ?`, r.word_ids === null ? null : JSON.stringify(nextIds), text, r.id);
    changed.push(r.id);
  }
  return changed;
}

/** The touched utterances' translations go: shown stale, to be translated again from the markers. */
function dropTouchedTranslations(sql: SqlStorage, fileId: string, utteranceIds: readonly string[]): number {
  const ids = storeIds(sql);
  const keys = utteranceIds.map((id) => ids.key(id, "n")).filter((k): k is number => k !== null);
  const clientKeys = sql
    .exec<{ id: number }>("SELECT id FROM utterances WHERE client_id IN (SELECT value FROM json_each(?))", JSON.stringify(utteranceIds))
    .toArray()
    .map((r) => r.id);
  return sql.exec(
    "DELETE FROM translated_utterances WHERE file_id = ? AND utterance IN (SELECT value FROM json_each(?))",
    fileId,
    JSON.stringify([...keys, ...clientKeys]),
  ).rowsWritten;
}

/** Ask's recent questions whose question, answer or quoted passages name a redacted word. */
function dropQuotingQuestions(sql: SqlStorage, fileId: string, spans: readonly RedactionSpan[]): number {
  let rows = 0;
  for (const q of sql
    .exec<{ id: string; question: string; answer: string; citations: string }>(
      "SELECT id, question, answer, citations FROM questions WHERE file_id = ?",
      fileId,
    )
    .toArray()) {
    if (mentionsRedacted(`${q.question}\n${q.answer}\n${q.citations}`, spans))
      rows += sql.exec("DELETE FROM questions WHERE id = ?", q.id).rowsWritten;
  }
  return rows;
}

function recordRedactions(
  sql: SqlStorage,
  fileId: string,
  spans: readonly RedactionSpan[],
  { label, fill }: { label: string; fill: MediaFill },
  opId: string | null,
  now: string,
): RedactionRow[] {
  const made: RedactionRow[] = [];
  for (const s of spans) {
    const id = `red_${crypto.randomUUID()}`;
    const raw = sql
      .exec<RawRedaction>(
        `INSERT INTO redactions (id, file_id, label, start_time, end_time, utterance_id, marker_word_id, fill, author_id, author_name, op_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM edit_author), (SELECT name FROM edit_author), ?, ?)
         RETURNING id, label, start_time, end_time, utterance_id, marker_word_id, fill, author_id, author_name, created_at`,
        id,
        fileId,
        label,
        s.start,
        s.end,
        s.utteranceId,
        s.markerId,
        fill,
        opId,
        now,
      )
      .one();
    made.push(toRow(raw));
  }
  return made;
}
