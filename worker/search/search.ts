// Search across a user's library with the FTS5 index that migration 0019 builds
// and its triggers keep in step (docs/decisions/015-transcript-search.md, 025-search-index-slim.md).
import type { SearchHit, SearchHitKind, SearchPage } from "../../common/search";
import { SEARCH_LIMITS, SEARCH_MESSAGES } from "../../common/search";
import { makeSnippet, matchExpression, parseSearchQuery } from "../../common/search-query";
import { unprocessable } from "../lib/errors";
import { wordsText } from "./words-text";

export interface SearchParams {
  q: string;
  /** undefined: every folder; null: files outside any folder. */
  folderId?: string | null;
  speaker?: string;
  limit?: number;
  cursor?: string;
}

/** Where the previous page ended in the order (score, newest file, row). */
type Cursor = [score: number, createdAt: string, id: number];

function encodeCursor(cursor: Cursor): string {
  return btoa(JSON.stringify(cursor)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(atob(text.replace(/-/g, "+").replace(/_/g, "/")));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      typeof value[0] === "number" &&
      Number.isFinite(value[0]) &&
      typeof value[1] === "string" &&
      Number.isSafeInteger(value[2])
    ) {
      return value as Cursor;
    }
  } catch {
    // answered below
  }
  throw unprocessable(SEARCH_MESSAGES.cursor);
}

/** The user's own token in the `owner` column (see the migration). */
export const ownerToken = (userId: string) => `u${userId.replaceAll("-", "")}`;

const SPEAKER_NAME = "coalesce(s.name, 'Speaker ' || (s.position + 1))";

interface HitRow {
  id: number;
  score: number;
  kind: "transcript" | "name" | "speaker" | "summary" | "notes";
  ref_id: string;
  file_id: string;
  file_name: string;
  folder_id: string | null;
  created_at: string;
}

/** One page of hits, most relevant first (bm25), then newest file. */
export async function searchLibrary(db: D1Database, userId: string, params: SearchParams): Promise<SearchPage> {
  const terms = parseSearchQuery(params.q);
  if (!terms.length) return { data: [], next_cursor: null };
  const limit = params.limit ?? SEARCH_LIMITS.pageDefault;
  const match = `owner : "${ownerToken(userId)}" AND body : (${matchExpression(terms)})`;

  const where: string[] = [];
  const binds: unknown[] = [match, userId];
  if (params.folderId !== undefined) {
    if (params.folderId === null) where.push("f.folder_id IS NULL");
    else {
      binds.push(params.folderId);
      where.push(`f.folder_id = ?${binds.length}`);
    }
  }
  if (params.speaker !== undefined) {
    binds.push(params.speaker);
    const p = `?${binds.length}`;
    where.push(`(
      (d.kind = 'transcript' AND EXISTS (SELECT 1 FROM utterances u JOIN speakers s ON s.id = u.speaker_id
         WHERE u.id = d.ref_id AND ${SPEAKER_NAME} = ${p} COLLATE NOCASE))
      OR (d.kind = 'speaker' AND EXISTS (SELECT 1 FROM speakers s WHERE s.id = d.ref_id AND s.name = ${p} COLLATE NOCASE)))`);
  }
  if (params.cursor !== undefined) {
    const [score, createdAt, id] = decodeCursor(params.cursor);
    binds.push(score, createdAt, id);
    const [s, c, i] = [binds.length - 2, binds.length - 1, binds.length].map((n) => `?${n}`);
    where.push(`(h.score > ${s} OR (h.score = ${s} AND (f.created_at < ${c} OR (f.created_at = ${c} AND h.id > ${i}))))`);
  }
  binds.push(limit + 1);

  const { results } = await db
    .prepare(
      `WITH h AS MATERIALIZED (
         SELECT rowid AS id, bm25(search_fts, 1.0, 0.0) AS score FROM search_fts WHERE search_fts MATCH ?1
       )
       SELECT h.id, h.score, d.kind, d.ref_id, f.id AS file_id, f.name AS file_name, f.folder_id, f.created_at
       FROM h JOIN search_docs d ON d.id = h.id JOIN audio_files f ON f.id = d.file_id AND f.user_id = ?2
       ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY h.score, f.created_at DESC, h.id
       LIMIT ?${binds.length}`,
    )
    .bind(...binds)
    .all<HitRow>();

  const page = results.slice(0, limit);
  const last = page[page.length - 1];
  const next = results.length > limit && last ? encodeCursor([last.score, last.created_at, last.id]) : null;
  return { data: await describeHits(db, page, terms), next_cursor: next };
}

/** Texts, times and speakers of one page's hits, with the snippets; the texts come from their own rows (the index keeps none). */
async function describeHits(db: D1Database, page: HitRow[], terms: ReturnType<typeof parseSearchQuery>): Promise<SearchHit[]> {
  if (!page.length) return [];
  const refsOf = (...kinds: HitRow["kind"][]) => page.filter((h) => kinds.includes(h.kind)).map((h) => h.ref_id);
  const list = (ids: string[]) => ids.map((_, i) => `?${i + 1}`).join(",") || "NULL";
  const [utteranceIds, speakerIds, transcriptIds] = [refsOf("transcript"), refsOf("speaker"), refsOf("summary", "notes")];
  const [utterances, speakers, transcripts] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT u.id, u.start_time, u.words, ${SPEAKER_NAME} AS speaker FROM utterances u JOIN speakers s ON s.id = u.speaker_id
         WHERE u.id IN (${list(utteranceIds)})`,
      )
      .bind(...utteranceIds),
    db.prepare(`SELECT id, name FROM speakers s WHERE id IN (${list(speakerIds)})`).bind(...speakerIds),
    db.prepare(`SELECT id, summary, notes FROM transcripts WHERE id IN (${list(transcriptIds)})`).bind(...transcriptIds),
  ]);
  const utterance = new Map(utterances!.results.map((r) => [r.id as string, r as { start_time: number; words: string; speaker: string }]));
  const speakerName = new Map(speakers!.results.map((r) => [r.id as string, String(r.name)]));
  const transcript = new Map(transcripts!.results.map((r) => [r.id as string, r as { summary: string | null; notes: string | null }]));
  const bodyOf = (h: HitRow): string => {
    if (h.kind === "transcript") {
      const words = utterance.get(h.ref_id)?.words;
      return words === undefined ? "" : wordsText(words);
    }
    if (h.kind === "name") return h.file_name;
    if (h.kind === "speaker") return speakerName.get(h.ref_id) ?? "";
    return transcript.get(h.ref_id)?.[h.kind] ?? "";
  };

  return page.map((h) => {
    const snippet = makeSnippet(bodyOf(h), terms);
    const kind: SearchHitKind = h.kind === "speaker" ? "name" : h.kind;
    const hit: SearchHit = {
      file_id: h.file_id,
      file_name: h.file_name,
      folder_id: h.folder_id,
      kind,
      snippet: snippet.text,
      marks: snippet.marks,
    };
    if (h.kind === "transcript") {
      const u = utterance.get(h.ref_id);
      hit.utterance_id = h.ref_id;
      if (u) {
        hit.start_time = u.start_time;
        hit.speaker = u.speaker;
      }
    }
    if (h.kind === "speaker") hit.speaker = speakerName.get(h.ref_id) ?? snippet.text;
    return hit;
  });
}
