// GET /search: phrase, prefix, case and accents, ranking, every kind of hit,
// filters, pagination, odd input, users kept apart, and the index following
// every kind of write (edits, split, merge, undo/redo, renames, deletes).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, type Json } from "./helpers";
import { createFolder, createUser, expectStatus } from "./library-helpers";
import { expectIndexInStep, marked, search, snippets } from "./search-helpers";
import { merge, redoOk, saying, speakers, split, storeTranscript, undoOk, updateWords, utterances } from "./transcript-helpers";

describe("search", { timeout: 30_000 }, () => {
  it("matches words in any case and without accents, phrases in quotes, and the last word as a prefix", async () => {
    const user = await createUser("search");
    const { fileId } = await storeTranscript(user, saying("Le café était très bon", "nothing to see here"));
    const [u0] = await utterances(user, fileId);

    const hit = (await search(user, "CAFE")).data;
    expect(hit).toHaveLength(1);
    expect(hit[0]).toMatchObject({ file_id: fileId, kind: "transcript", utterance_id: u0.id, start_time: 0, speaker: "Speaker 1" });
    expect(hit[0].snippet).toBe("Le café était très bon");
    expect(marked(hit[0])).toEqual(["café"]);

    expect(snippets(await search(user, "etait tres"))).toEqual(["Le café était très bon"]);
    expect(marked((await search(user, '"était très"')).data[0])).toEqual(["était très"]);
    expect((await search(user, '"très était"')).data).toEqual([]);
    // Prefix for the last word only.
    expect(marked((await search(user, "le caf")).data[0])).toEqual(["Le", "café"]);
    expect((await search(user, "caf bon")).data).toEqual([]);
    expect((await search(user, "caf ")).data).toEqual([]);
    expect((await search(user, "nothing sees")).data).toEqual([]);
  });

  it("finds file names, speaker names, summaries and notes, each as its kind", async () => {
    const user = await createUser("search");
    const { fileId } = await storeTranscript(user, saying("hello there", "general kenobi"));
    expectStatus(
      await call("PUT", `/audio_files/${fileId}`, { audio_file: { name: "Quarterly zebra review" } }, { token: user.token }),
      200,
    );
    const [speakerA] = await speakers(user, fileId);
    expectStatus(
      await call("PUT", `/transcripts/${fileId}/speakers/${speakerA.id}`, { speaker: { name: "Zebra Keeper" } }, { token: user.token }),
      200,
    );
    expectStatus(
      await call(
        "PUT",
        `/transcripts/${fileId}`,
        { transcript: { summary: "The zebra escaped.", notes: "Call the zebra vet" } },
        { token: user.token },
      ),
      200,
    );
    const page = await search(user, "zebra");
    const kinds = page.data.map((h) => `${h.kind}:${h.speaker ?? ""}:${h.snippet}`).sort();
    expect(kinds).toEqual([
      "name::Quarterly zebra review",
      "name:Zebra Keeper:Zebra Keeper",
      "notes::Call the zebra vet",
      "summary::The zebra escaped.",
    ]);
    for (const h of page.data) expect(h).toMatchObject({ file_id: fileId, file_name: "Quarterly zebra review", folder_id: null });
    // Utterance hits carry the speaker's current name.
    expect((await search(user, "hello")).data[0].speaker).toBe("Zebra Keeper");
    await expectIndexInStep();
  });

  it("ranks the most relevant first, then the newest file", async () => {
    const user = await createUser("search");
    const older = await storeTranscript(user, saying("apple pie recipe"));
    const newer = await storeTranscript(user, saying("apple pie recipe"));
    await env.DB.prepare("UPDATE audio_files SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = ?").bind(older.fileId).run();
    const dense = await storeTranscript(user, saying("apple apple apple"));
    await env.DB.prepare("UPDATE audio_files SET created_at = '2019-01-01T00:00:00.000Z' WHERE id = ?").bind(dense.fileId).run();
    const page = await search(user, "apple");
    expect(page.data.map((h) => h.file_id)).toEqual([dense.fileId, newer.fileId, older.fileId]);
  });

  it("pages with a cursor, every hit once, and refuses a forged cursor", async () => {
    const user = await createUser("search");
    const lines = Array.from({ length: 23 }, (_, i) => `budget line ${i}`);
    await storeTranscript(user, saying(...lines));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await search(user, "budget", { limit: "10", ...(cursor ? { cursor } : {}) });
      expect(page.data.length).toBeLessThanOrEqual(10);
      seen.push(...page.data.map((h) => h.snippet));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual([...lines].sort());
    for (const bad of ["nope", btoa("[1,2]"), btoa('["x","y",1]')]) {
      const res = await call("GET", `/search?q=budget&cursor=${encodeURIComponent(bad)}`, undefined, { token: user.token });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatch(/cursor/);
    }
  });

  it("filters by folder and by speaker", async () => {
    const user = await createUser("search");
    const folder = await createFolder(user.token, "Interviews");
    const inFolder = await storeTranscript(user, saying("river crossing", "river bank"));
    const outside = await storeTranscript(user, saying("river delta"));
    expectStatus(
      await call("PUT", `/audio_files/${inFolder.fileId}`, { audio_file: { folder_id: folder.id } }, { token: user.token }),
      200,
    );

    expect((await search(user, "river", { folder_id: folder.id })).data.map((h) => h.file_id)).toEqual([inFolder.fileId, inFolder.fileId]);
    expect((await search(user, "river", { folder_id: "common" })).data.map((h) => h.file_id)).toEqual([outside.fileId]);
    expect(snippets(await search(user, "river", { speaker: "speaker 2" }))).toEqual(["river bank"]);
    const [, speakerB] = await speakers(user, inFolder.fileId);
    expectStatus(
      await call("PUT", `/transcripts/${inFolder.fileId}/speakers/${speakerB.id}`, { speaker: { name: "Ana" } }, { token: user.token }),
      200,
    );
    expect(snippets(await search(user, "river", { speaker: "ana" }))).toEqual(["river bank"]);
  });

  it("never finds another user's data, nor their owner token", async () => {
    const owner = await createUser("search");
    const other = await createUser("search");
    const { fileId } = await storeTranscript(owner, saying("secret launch codes"));
    expectStatus(await call("PUT", `/audio_files/${fileId}`, { audio_file: { name: "secret plans" } }, { token: owner.token }), 200);
    expect((await search(owner, "secret")).data).toHaveLength(2);
    expect((await search(other, "secret")).data).toEqual([]);
    expect((await search(other, "launch codes")).data).toEqual([]);
    expect((await search(other, `u${owner.id.replaceAll("-", "")}`)).data).toEqual([]);
    expect((await search(other, "secret", { folder_id: "common" })).data).toEqual([]);
  });

  it("answers odd input without an error", async () => {
    const user = await createUser("search");
    await storeTranscript(user, saying("and or not near", "naïve über 東京 emoji 🎉 ok"));
    const odd = [
      '"',
      "*",
      "AND",
      "OR",
      "NOT",
      "NEAR(",
      "NEAR(a b",
      "-",
      "^",
      ":",
      "body:x",
      "owner:x",
      "a AND",
      '""',
      '"unclosed',
      "(",
      ")",
      "{",
      "}",
      "+",
      "'",
      "\\",
      "🎉",
      "   ",
    ];
    for (const q of odd) {
      const res = await call("GET", `/search?q=${encodeURIComponent(q)}`, undefined, { token: user.token });
      expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect(snippets(await search(user, "AND OR"))).toEqual(["and or not near"]);
    expect(snippets(await search(user, "near("))).toEqual(["and or not near"]);
    expect(snippets(await search(user, "naive uber"))).toEqual(["naïve über 東京 emoji 🎉 ok"]);
    expect(snippets(await search(user, "東京"))).toEqual(["naïve über 東京 emoji 🎉 ok"]);
  });

  it("validates its query", async () => {
    const user = await createUser("search");
    for (const query of ["", "?q=a&limit=0", "?q=a&limit=51", "?q=a&limit=x", `?q=${"a".repeat(201)}`, "?q=a&speaker=%20"]) {
      const res = await call("GET", `/search${query}`, undefined, { token: user.token });
      expect(res.status, query).toBe(422);
      expect(typeof res.body.error).toBe("string");
    }
    expect((await call("GET", "/search?q=a")).status).toBe(401);
  });
});

describe("the index follows every change", { timeout: 60_000 }, () => {
  it("word edits, split, merge, undo and redo", async () => {
    const user = await createUser("search");
    const { fileId } = await storeTranscript(user, saying("alpha beta gamma delta", "epsilon zeta"));
    const [u0, u1] = await utterances(user, fileId);

    // A word corrected: the old word is gone, the new one found.
    const words = u0.transcriptWords.map((w: Json, i: number) => (i === 1 ? { id: w.id, text: "bravo" } : { id: w.id }));
    expectStatus(await updateWords(user, fileId, u0.id, { words }), 200);
    expect((await search(user, "beta")).data).toEqual([]);
    expect(snippets(await search(user, "bravo"))).toEqual(["alpha bravo gamma delta"]);
    await expectIndexInStep();

    // Split: each half is its own hit with its own utterance id and time.
    const fresh = (await utterances(user, fileId))[0];
    const splitBody = { first_word_id: fresh.transcriptWords[2].id, new_utterance_id: crypto.randomUUID() };
    expectStatus(await split(user, fileId, u0.id, splitBody), 200);
    const gamma = (await search(user, "gamma")).data[0];
    expect(gamma).toMatchObject({ utterance_id: splitBody.new_utterance_id, snippet: "gamma delta", start_time: 1 });
    expect(snippets(await search(user, "alpha"))).toEqual(["alpha bravo"]);
    await expectIndexInStep();

    // Merge the new one with the next: the source's row leaves the index.
    expectStatus(await merge(user, fileId, splitBody.new_utterance_id, { source_utterance_id: u1.id }), 200);
    expect((await search(user, "zeta")).data.map((h) => [h.utterance_id, h.snippet])).toEqual([
      [splitBody.new_utterance_id, "gamma delta epsilon zeta"],
    ]);
    await expectIndexInStep();

    // Undo the merge, the split and the edit; redo them all.
    await undoOk(user, fileId);
    expect((await search(user, "zeta")).data.map((h) => h.utterance_id)).toEqual([u1.id]);
    await undoOk(user, fileId);
    await undoOk(user, fileId);
    expect(snippets(await search(user, "beta"))).toEqual(["alpha beta gamma delta"]);
    expect((await search(user, "bravo")).data).toEqual([]);
    await expectIndexInStep();
    await redoOk(user, fileId);
    await redoOk(user, fileId);
    await redoOk(user, fileId);
    expect(snippets(await search(user, "zeta"))).toEqual(["gamma delta epsilon zeta"]);
    expect(snippets(await search(user, "bravo"))).toEqual(["alpha bravo"]);
    await expectIndexInStep();
  });

  it("a redelivered transcription replaces the old rows", async () => {
    const user = await createUser("search");
    const { fileId } = await storeTranscript(user, saying("first draft"));
    const { buildTranscriptRows } = await import("../../worker/transcripts/ingest");
    const { saveNewTranscript } = await import("../../worker/transcripts/store");
    const now = new Date().toISOString();
    await saveNewTranscript(
      env,
      buildTranscriptRows({ id: fileId, workspaceId: user.id }, saying("second draft"), {
        service: "test",
        startedAt: now,
        completedAt: now,
      }),
      now,
      { detectedLanguage: null, notices: null },
    );
    expect((await search(user, "first")).data).toEqual([]);
    expect(snippets(await search(user, "draft"))).toEqual(["second draft"]);
    await expectIndexInStep();
  });

  it("deleting a file, a folder or an account takes its rows out", async () => {
    const user = await createUser("search");
    const folder = await createFolder(user.token, "Doomed");
    const a = await storeTranscript(user, saying("walrus one"));
    const b = await storeTranscript(user, saying("walrus two"));
    const c = await storeTranscript(user, saying("walrus three"));
    expectStatus(await call("PUT", `/transcripts/${a.fileId}`, { transcript: { notes: "walrus notes" } }, { token: user.token }), 200);
    expectStatus(await call("PUT", `/audio_files/${b.fileId}`, { audio_file: { folder_id: folder.id } }, { token: user.token }), 200);
    expect((await search(user, "walrus")).data).toHaveLength(4);

    expectStatus(await call("DELETE", `/audio_files/${a.fileId}`, undefined, { token: user.token }), 200);
    expect(snippets(await search(user, "walrus")).sort()).toEqual(["walrus three", "walrus two"]);
    expectStatus(await call("DELETE", `/folders/${folder.id}`, undefined, { token: user.token }), 200);
    expect(snippets(await search(user, "walrus"))).toEqual(["walrus three"]);
    await expectIndexInStep();

    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(user.id).run();
    const left = await env.DB.prepare("SELECT count(*) AS n FROM search_refs WHERE ref_id = ?").bind(c.fileId).first<number>("n");
    expect(left).toBe(0);
    await expectIndexInStep();
  });
});
