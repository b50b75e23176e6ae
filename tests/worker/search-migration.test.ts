// The search index of D1 (migration 0014): built for what was already stored. The object store
// builds its own as it is created (durable-objects/transcript-store/schema.ts).
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { call } from "./helpers";
import { createUser, expectStatus } from "./library-helpers";
import { expectIndexInStep, search } from "./search-helpers";
import { saying, storeTranscript, toFirstForm } from "./transcript-helpers";

it("the migration builds the index for what is already stored", async () => {
  const user = await createUser("search");
  const { fileId } = await storeTranscript(user, saying("heron nest", "heron egg"));
  expectStatus(await call("PUT", `/transcripts/${fileId}`, { transcript: { summary: "heron summary" } }, { token: user.token }), 200);
  const before = await search(user, "heron");
  // As if the index had never been built (and the words were in the form 0014 read): emptied,
  // then the migration's own statements that fill it.
  await toFirstForm();
  await env.DB.batch([env.DB.prepare("DELETE FROM search_fts"), env.DB.prepare("DELETE FROM search_docs")]);
  expect((await search(user, "heron")).data).toEqual([]);
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0014"))!;
  const backfill = migration.queries.filter((q) => /^INSERT INTO search_(docs|fts)/.test(q.trim()));
  expect(backfill.length).toBeGreaterThanOrEqual(9);
  await env.DB.batch(backfill.map((q) => env.DB.prepare(q)));
  const after = await search(user, "heron");
  expect(after.data.map((h) => h.snippet).sort()).toEqual(before.data.map((h) => h.snippet).sort());
  expect(after.data).toHaveLength(3);
  await expectIndexInStep();
});
