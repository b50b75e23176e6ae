// Library search in the tests: one call of GET /search, and the check that every index (D1's of
// file names and each user's store's) holds exactly what its source rows say.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { call, type Json } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import { workspaceIndex } from "../../worker/objects";
import { settleIndexes } from "./store-helpers";

export async function search(user: TestUser, q: string, extra: Record<string, string> = {}) {
  await settleIndexes();
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
  await settleIndexes();
  // D1's index: file names.
  const { results } = await env.DB.prepare(
    `SELECT r.ref_id, f.body AS indexed, (SELECT name FROM audio_files WHERE id = r.ref_id) AS actual
     FROM search_refs r LEFT JOIN search_fts f ON f.rowid = r.id`,
  ).all<{ ref_id: string; indexed: string | null; actual: string | null }>();
  for (const row of results) expect(row.indexed, `name ${row.ref_id}`).toBe(row.actual);
  const counts = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM search_fts) AS fts, (SELECT count(*) FROM search_refs) AS refs,
       (SELECT count(*) FROM audio_files) AS sources`,
  ).first<{ fts: number; refs: number; sources: number }>();
  expect(counts!.fts).toBe(counts!.refs);
  expect(counts!.refs).toBe(counts!.sources);
  // Each workspace's index: FTS5's own check that it matches every text the index holds.
  const { results: workspaces } = await env.DB.prepare(
    "SELECT DISTINCT f.workspace_id AS id FROM transcripts t JOIN audio_files f ON f.id = t.audio_file_id",
  ).all<{ id: string }>();
  for (const workspace of workspaces)
    await runInDurableObject(workspaceIndex(env, workspace.id), (_instance, state) =>
      state.storage.sql.exec("INSERT INTO search_fts (search_fts, rank) VALUES ('integrity-check', 1)"),
    );
}
