// Search across a workspace's library: file names in D1's FTS5 index (migrations 0019 and 0023,
// kept by triggers on audio_files), merged with the workspace's index, which holds every
// transcript's utterances, speakers' names, summary and notes (decisions 015, 025, 053).
import type { SearchHit, SearchPage } from "../../common/search";
import { SEARCH_LIMITS, SEARCH_MESSAGES } from "../../common/search";
import { makeSnippet, matchExpression, parseSearchQuery } from "../../common/search-query";
import { unprocessable } from "../lib/errors";
import type { IndexHit } from "../../durable-objects/workspace-index/search";
import { workspaceIndex } from "../objects";

type SearchTerms = ReturnType<typeof parseSearchQuery>;

export interface SearchParams {
  q: string;
  /** undefined: every folder; null: files outside any folder. */
  folderId?: string | null;
  speaker?: string;
  limit?: number;
  cursor?: string;
}

/** Where the previous page ended in the order (score, newest file, D1's rows before the object's, row). */
type Cursor = [score: number, createdAt: string, source: Source, id: number];
/** 0: D1's index; 1: the workspace index's. */
type Source = 0 | 1;

function encodeCursor(cursor: Cursor): string {
  return btoa(JSON.stringify(cursor)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeCursor(text: string): Cursor {
  try {
    const parts: unknown = JSON.parse(atob(text.replace(/-/g, "+").replace(/_/g, "/")));
    if (
      Array.isArray(parts) &&
      parts.length === 4 &&
      typeof parts[0] === "number" &&
      Number.isFinite(parts[0]) &&
      typeof parts[1] === "string" &&
      (parts[2] === 0 || parts[2] === 1) &&
      Number.isSafeInteger(parts[3])
    ) {
      return parts as Cursor;
    }
  } catch {
    // answered below
  }
  throw unprocessable(SEARCH_MESSAGES.cursor);
}

/** The user's own token in the `owner` column (see the migration). */
export const ownerToken = (workspaceId: string) => `u${workspaceId.replaceAll("-", "")}`;

interface HitRow {
  id: number;
  score: number;
  file_id: string;
  file_name: string;
  folder_id: string | null;
  created_at: string;
}

/** A hit of either index, placed in the order (score, newest file, source, row). */
interface Placed {
  source: Source;
  id: number;
  score: number;
  created_at: string;
  hit: () => SearchHit;
}

const after = (p: Pick<Placed, "score" | "created_at" | "source" | "id">, c: Cursor | undefined) =>
  !c ||
  p.score > c[0] ||
  (p.score === c[0] && (p.created_at < c[1] || (p.created_at === c[1] && (p.source > c[2] || (p.source === c[2] && p.id > c[3])))));

const inOrder = (a: Placed, b: Placed) =>
  a.score - b.score || (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0) || a.source - b.source || a.id - b.id;

/** One page of hits, most relevant first (bm25), then newest file. */
export async function searchLibrary(env: Env, workspaceId: string, params: SearchParams): Promise<SearchPage> {
  const terms = parseSearchQuery(params.q);
  if (!terms.length) return { data: [], next_cursor: null };
  const limit = params.limit ?? SEARCH_LIMITS.pageDefault;
  const cursor = params.cursor === undefined ? undefined : decodeCursor(params.cursor);
  const [fromD1, fromObject] = await Promise.all([
    d1Hits(env.DB, workspaceId, params, terms, cursor, limit + 1),
    objectHits(env, workspaceId, params, terms, cursor, limit + 1),
  ]);
  // When the object had more than it sent, only what ranks before its last hit is certainly complete.
  const merged = [...fromD1, ...fromObject.placed]
    .filter((p) => fromObject.completeBefore === undefined || p.score < fromObject.completeBefore)
    .sort(inOrder);
  const page = merged.slice(0, limit);
  const last = page[page.length - 1];
  const more = merged.length > limit || (fromObject.completeBefore !== undefined && page.length === limit);
  const next = more && last ? encodeCursor([last.score, last.created_at, last.source, last.id]) : null;
  return { data: page.map((p) => p.hit()), next_cursor: next };
}

/** D1's hits: file names (none when a speaker is asked for: a name has no speaker). */
async function d1Hits(
  db: D1Database,
  workspaceId: string,
  params: SearchParams,
  terms: SearchTerms,
  cursor: Cursor | undefined,
  take: number,
): Promise<Placed[]> {
  if (params.speaker !== undefined) return [];
  const match = `owner : "${ownerToken(workspaceId)}" AND body : (${matchExpression(terms)})`;

  const where: string[] = [];
  const binds: unknown[] = [match, workspaceId];
  if (params.folderId !== undefined) {
    if (params.folderId === null) where.push("f.folder_id IS NULL");
    else {
      binds.push(params.folderId);
      where.push(`f.folder_id = ?${binds.length}`);
    }
  }
  if (cursor !== undefined) {
    const [score, createdAt, source, id] = cursor;
    binds.push(score, createdAt, source, id);
    const [s, c, o, i] = [binds.length - 3, binds.length - 2, binds.length - 1, binds.length].map((n) => `?${n}`);
    where.push(`(h.score > ${s} OR (h.score = ${s} AND (f.created_at < ${c} OR (f.created_at = ${c} AND ${o} = 0 AND h.id > ${i}))))`);
  }
  binds.push(take);

  const { results } = await db
    .prepare(
      `WITH h AS MATERIALIZED (
         SELECT rowid AS id, bm25(search_fts, 1.0, 0.0) AS score FROM search_fts WHERE search_fts MATCH ?1
       )
       SELECT h.id, h.score, f.id AS file_id, f.name AS file_name, f.folder_id, f.created_at
       FROM h JOIN search_refs r ON r.id = h.id JOIN audio_files f ON f.id = r.ref_id AND f.workspace_id = ?2
       ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY h.score, f.created_at DESC, h.id
       LIMIT ?${binds.length}`,
    )
    .bind(...binds)
    .all<HitRow>();
  return results.map((row) => ({ source: 0, id: row.id, score: row.score, created_at: row.created_at, hit: () => nameHit(row, terms) }));
}

/**
 * The workspace index's hits: every transcript's texts. The index knows neither folders
 * nor the files' order, so D1 adds them; it is asked for more while the folder leaves too few.
 */
async function objectHits(
  env: Env,
  workspaceId: string,
  params: SearchParams,
  terms: SearchTerms,
  cursor: Cursor | undefined,
  need: number,
): Promise<{ placed: Placed[]; completeBefore?: number }> {
  const index = workspaceIndex(env, workspaceId);
  for (let take = need; ; take *= 4) {
    const { hits, more } = await index.search(matchExpression(terms), {
      speaker: params.speaker,
      minScore: cursor?.[0] ?? -Number.MAX_VALUE,
      limit: take,
    });
    const files = await env.DB.prepare(
      "SELECT id, name, folder_id, created_at FROM audio_files WHERE workspace_id = ? AND id IN (SELECT value FROM json_each(?))",
    )
      .bind(workspaceId, JSON.stringify([...new Set(hits.map((h) => h.file_id))]))
      .all<{ id: string; name: string; folder_id: string | null; created_at: string }>();
    const fileOf = new Map(files.results.map((f) => [f.id, f]));
    const placed: Placed[] = hits.flatMap((h) => {
      const file = fileOf.get(h.file_id);
      if (!file || (params.folderId !== undefined && file.folder_id !== params.folderId)) return [];
      const p = { source: 1 as const, id: h.id, score: h.score, created_at: file.created_at };
      return after(p, cursor) ? [{ ...p, hit: () => objectHit(h, file, terms) }] : [];
    });
    if (!more) return { placed };
    const completeBefore = hits[hits.length - 1]!.score;
    if (placed.filter((p) => p.score < completeBefore).length >= need) return { placed, completeBefore };
  }
}

function objectHit(h: IndexHit, file: { id: string; name: string; folder_id: string | null }, terms: SearchTerms): SearchHit {
  const snippet = makeSnippet(h.body, terms);
  const hit: SearchHit = {
    file_id: file.id,
    file_name: file.name,
    folder_id: file.folder_id,
    kind: h.kind === "speaker" ? "name" : h.kind,
    snippet: snippet.text,
    marks: snippet.marks,
  };
  if (h.kind === "transcript") {
    hit.utterance_id = h.ref_id!;
    hit.start_time = h.start_time!;
    hit.speaker = h.speaker!;
  }
  if (h.kind === "speaker") hit.speaker = h.speaker!;
  return hit;
}

function nameHit(row: HitRow, terms: SearchTerms): SearchHit {
  const snippet = makeSnippet(row.file_name, terms);
  return {
    file_id: row.file_id,
    file_name: row.file_name,
    folder_id: row.folder_id,
    kind: "name",
    snippet: snippet.text,
    marks: snippet.marks,
  };
}
