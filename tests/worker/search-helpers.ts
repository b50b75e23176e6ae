// Library search in the tests: one call of GET /search, and the check that every index (D1's and
// each user's object's) holds exactly what its source rows say.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { call, type Json } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import { inObject } from "./store-helpers";
import { wordTexts } from "./transcript-helpers";

export async function search(user: TestUser, q: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ q, ...extra });
  return expectStatus(await call("GET", `/search?${query}`, undefined, { token: user.token }), 200) as {
    data: Json[];
    next_cursor: string | null;
  };
}

export const snippets = (page: { data: Json[] }) => page.data.map((h) => h.snippet);
export const marked = (hit: Json) => hit.marks.map((m: Json) => hit.snippet.slice(m.start, m.end));

/** Every indexed text equals what its source row says now (nothing stale, nothing missing). */
export async function expectIndexInStep() {
  const { results } = await env.DB.prepare(
    `SELECT d.kind, d.ref_id, f.body AS indexed, CASE d.kind
       WHEN 'transcript' THEN (SELECT words FROM utterances u WHERE u.id = d.ref_id)
       WHEN 'name' THEN (SELECT name FROM audio_files WHERE id = d.ref_id)
       WHEN 'speaker' THEN (SELECT name FROM speakers WHERE id = d.ref_id)
       WHEN 'summary' THEN (SELECT summary FROM transcripts WHERE id = d.ref_id)
       ELSE (SELECT notes FROM transcripts WHERE id = d.ref_id) END AS actual
     FROM search_docs d LEFT JOIN search_fts f ON f.rowid = d.id`,
  ).all<{ kind: string; ref_id: string; indexed: string | null; actual: string | null }>();
  for (const row of results) {
    const actual = row.kind === "transcript" && row.actual !== null ? wordTexts(row.actual) : row.actual;
    expect(row.indexed, `${row.kind} ${row.ref_id}`).toBe(actual);
  }
  const counts = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM search_fts) AS fts, (SELECT count(*) FROM search_docs) AS docs,
       (SELECT count(*) FROM utterances) + (SELECT count(*) FROM audio_files)
       + (SELECT count(*) FROM speakers WHERE trim(coalesce(name, '')) <> '')
       + (SELECT count(*) FROM transcripts WHERE trim(coalesce(summary, '')) <> '')
       + (SELECT count(*) FROM transcripts WHERE trim(coalesce(notes, '')) <> '') AS sources`,
  ).first<{ fts: number; docs: number; sources: number }>();
  expect(counts!.fts).toBe(counts!.docs);
  expect(counts!.docs).toBe(counts!.sources);
  // Each object store's index: FTS5's own check that it matches every text the store holds.
  const { results: owners } = await env.DB.prepare("SELECT DISTINCT user_id AS id FROM transcripts WHERE store = 'object'").all<{
    id: string;
  }>();
  for (const owner of owners)
    await inObject(owner.id, (sql) => sql.exec("INSERT INTO search_fts (search_fts, rank) VALUES ('integrity-check', 1)"));
}
