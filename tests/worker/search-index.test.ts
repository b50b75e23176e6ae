// The slim search index (migration 0019, decision 025) keeps no copy of the text: it forgets a
// row by being told the text it indexed. Whatever the texts and the writes, FTS5's own check
// finds the index equal to what the source rows say; and a library indexed by 0014 stays
// searchable through 0019.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, type Json } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import {
  merge,
  redoOk,
  saying,
  speakers,
  split,
  storeTranscript,
  toFirstForm,
  undoOk,
  updateWords,
  utterances,
} from "./transcript-helpers";

async function search(user: TestUser, q: string): Promise<Json[]> {
  return expectStatus(await call("GET", `/search?${new URLSearchParams({ q })}`, undefined, { token: user.token }), 200).data;
}

/** Throws (SQLITE_CORRUPT_VTAB) unless every index row holds exactly the tokens of its source text, and nothing else is indexed. */
const expectIndexWhole = () => env.DB.prepare("INSERT INTO search_fts (search_fts, rank) VALUES ('integrity-check', 1)").run();

const word = fc.oneof(
  fc.constantFrom("Café", "naïve", "ÜBER", "東京", "🎉", "x'y", "a-b", "AND", "near(", "plan"),
  fc.string({ minLength: 1, maxLength: 8 }).filter((s) => /^\S+$/.test(s)),
);
const text = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((w) => w.join(" "));

describe("the slim search index", { timeout: 120_000 }, () => {
  it("stays equal to its source rows through every kind of write, for any text", async () => {
    const user = await createUser("search-index");
    const put = async (path: string, body: unknown) => expectStatus(await call("PUT", path, body, { token: user.token }), 200);
    await fc.assert(
      fc.asyncProperty(
        fc.array(text(4), { minLength: 3, maxLength: 4 }),
        fc.record({ edited: word, fileName: text(3), speaker: text(2), summary: text(5), notes: text(5) }),
        fc.boolean(),
        async (lines, next, deleteFile) => {
          const { fileId } = await storeTranscript(user, saying(...lines));
          const [first] = await utterances(user, fileId);
          const words = first.transcriptWords.map((w: Json, i: number) => (i === 0 ? { id: w.id, text: next.edited } : { id: w.id }));
          expectStatus(await updateWords(user, fileId, first.id, { words }), 200);
          if (first.transcriptWords.length > 1) {
            const splitBody = { first_word_id: first.transcriptWords[1].id, new_utterance_id: crypto.randomUUID() };
            expectStatus(await split(user, fileId, first.id, splitBody), 200);
          }
          expectStatus(await merge(user, fileId, first.id), 200);
          expectStatus(await merge(user, fileId, first.id), 200);
          await undoOk(user, fileId);
          await redoOk(user, fileId);
          await put(`/audio_files/${fileId}`, { audio_file: { name: next.fileName } });
          const [speakerA] = await speakers(user, fileId);
          await put(`/transcripts/${fileId}/speakers/${speakerA.id}`, { speaker: { name: "First name" } });
          await put(`/transcripts/${fileId}/speakers/${speakerA.id}`, { speaker: { name: next.speaker } });
          await put(`/transcripts/${fileId}`, { transcript: { summary: next.summary, notes: next.notes } });
          await put(`/transcripts/${fileId}`, { transcript: { summary: "", notes: `${next.notes} more` } });
          await expectIndexWhole();
          if (deleteFile) {
            expectStatus(await call("DELETE", `/audio_files/${fileId}`, undefined, { token: user.token }), 200);
            await expectIndexWhole();
          }
        },
      ),
      { numRuns: 12 },
    );
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(user.id).run();
    await expectIndexWhole();
    const counts = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM search_refs) AS refs, (SELECT count(*) FROM utterances) + (SELECT count(*) FROM audio_files)
         + (SELECT count(*) FROM speakers WHERE trim(coalesce(name, '')) <> '')
         + (SELECT count(*) FROM transcripts WHERE trim(coalesce(summary, '')) <> '')
         + (SELECT count(*) FROM transcripts WHERE trim(coalesce(notes, '')) <> '') AS sources`,
    ).first<{ refs: number; sources: number }>();
    expect(counts!.refs).toBe(counts!.sources);
  });

  it("a speaker name cleared in the database (the API refuses empty names) leaves the index, and set again comes back", async () => {
    const user = await createUser("search-index");
    const { fileId } = await storeTranscript(user, saying("plover shore"));
    const [speaker] = await speakers(user, fileId);
    const name = (value: string | null) => env.DB.prepare("UPDATE speakers SET name = ? WHERE id = ?").bind(value, speaker.id).run();
    // Nothing else of this file says "keeper": a hit is the speaker's (kind "name", with the speaker).
    const speakerHits = async (q: string) =>
      (await search(user, q)).filter((h) => h.kind === "name" && h.speaker === "Plover Keeper").length;
    await name("Plover Keeper");
    expect(await speakerHits("keeper")).toBe(1);
    for (const cleared of [null, "", "   "]) {
      await name(cleared);
      expect(await speakerHits("keeper")).toBe(0);
      await expectIndexWhole();
      const refs = await env.DB.prepare("SELECT count(*) AS n FROM search_refs WHERE ref_id = ? AND kind = 2")
        .bind(speaker.id)
        .first<number>("n");
      expect(refs).toBe(0);
      await name("Plover Keeper");
      expect(await speakerHits("keeper")).toBe(1);
      await expectIndexWhole();
    }
  });

  it("a library indexed by migration 0014 is searchable after 0019", async () => {
    const user = await createUser("search-index");
    const { fileId } = await storeTranscript(user, saying("heron nest", "heron egg"));
    const token = { token: user.token };
    expectStatus(await call("PUT", `/audio_files/${fileId}`, { audio_file: { name: "Heron walk" } }, token), 200);
    expectStatus(
      await call("PUT", `/transcripts/${fileId}`, { transcript: { summary: "heron summary", notes: "heron notes" } }, token),
      200,
    );
    const [speakerA] = await speakers(user, fileId);
    expectStatus(await call("PUT", `/transcripts/${fileId}/speakers/${speakerA.id}`, { speaker: { name: "Heron Watcher" } }, token), 200);
    const bySnippet = (hits: Json[]) => [...hits].sort((a, b) => a.snippet.localeCompare(b.snippet));
    const before = bySnippet(await search(user, "heron"));
    expect(before).toHaveLength(6);

    // Back to the index as 0014 built it, then 0019 as it runs on deploy.
    const triggers = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search\\_%' ESCAPE '\\'",
    ).all<{
      name: string;
    }>();
    await env.DB.batch([
      ...triggers.results.map((t) => env.DB.prepare(`DROP TRIGGER ${t.name}`)),
      ...["DROP TABLE search_fts", "DROP VIEW search_docs", "DROP VIEW search_text", "DROP TABLE search_refs"].map((q) =>
        env.DB.prepare(q),
      ),
    ]);
    const statements = (prefix: string) =>
      env.TEST_MIGRATIONS.find((m) => m.name.startsWith(prefix))!.queries.map((q) => env.DB.prepare(q));
    await toFirstForm();
    await env.DB.batch(statements("0014"));
    expect(await env.DB.prepare("SELECT type FROM sqlite_master WHERE name = 'search_docs'").first<string>("type")).toBe("table");
    expect(bySnippet(await search(user, "heron"))).toHaveLength(6);
    await env.DB.batch(statements("0019"));
    await env.DB.batch(statements("0020"));

    expect(bySnippet(await search(user, "heron"))).toEqual(before);
    await expectIndexWhole();
    // And it keeps following writes.
    expectStatus(await call("PUT", `/audio_files/${fileId}`, { audio_file: { name: "Egret walk" } }, token), 200);
    expect((await search(user, "egret")).map((h) => h.snippet)).toEqual(["Egret walk"]);
    await expectIndexWhole();
  });
});
