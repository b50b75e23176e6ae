// Transcripts in their files' own SQLite Durable Objects, the transcript rooms (decision 053): D1
// keeps a header row, the room the content, and a room answers 404 for a file it has no transcript of.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decodeUtterances } from "../../common/compact-utterances";
import { transcriptRoom } from "../../worker/objects";
import { buildTranscriptRows } from "../../worker/transcripts/ingest";
import { saveNewTranscript } from "../../worker/transcripts/store";
import { call as api, get, type Json, randomIp } from "../worker/helpers";
import { createUser, expectStatus } from "../worker/library-helpers";
import {
  NO_FIELDS,
  sampleTranscript,
  saying,
  speakers,
  storeTranscript,
  transcript,
  userWithTranscript,
  utterances,
} from "../worker/transcript-helpers";

/** D1's header of a file's transcript, as its columns and values. */
const d1Header = (fileId: string) => env.DB.prepare("SELECT * FROM transcripts WHERE audio_file_id = ?").bind(fileId).first();

describe("transcripts in the user's own store", () => {
  it("keeps only a header row in D1 and the content in the user's object", async () => {
    const { user, fileId } = await userWithTranscript("store-split", sampleTranscript(6, 5));
    const header = await d1Header(fileId);
    expect(Object.keys(header!).sort()).toEqual(["audio_file_id", "created_at", "id"]);
    // The room that holds it is the file's own, named by the file's id.
    expect(await transcriptRoom(env, fileId).openTranscript(fileId)).toMatchObject({ ok: true });
    expect(await transcriptRoom(env, user.id).openTranscript(fileId)).toMatchObject({ ok: false, status: 404 });
    const tables = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('utterances', 'speakers', 'edit_operations')",
    ).all();
    expect(tables.results).toEqual([]);
  });

  it("answers the transcript, speakers and utterances with the store's own distinct ids", async () => {
    const result = saying("Hello there, everyone.", "Good morning to you.", "Shall we start?", "Yes, let us begin.");
    const { user, fileId } = await userWithTranscript("store-same", result);
    const objectRead = await Promise.all([transcript(user, fileId), speakers(user, fileId), utterances(user, fileId)]);
    expect(objectRead[2].map((u: Json) => u.transcriptWords.map((w: Json) => w.text).join(" "))).toEqual([
      "Hello there, everyone.",
      "Good morning to you.",
      "Shall we start?",
      "Yes, let us begin.",
    ]);
    // Ids are the store's own, and every one is distinct.
    const words = objectRead[2].flatMap((u: Json) => u.transcriptWords.map((w: Json) => w.id));
    expect(new Set(words).size).toBe(words.length);
    expect(objectRead[0].speakers.map((s: Json) => s.id)).toEqual(objectRead[1].map((s: Json) => s.id));
    expect(new Set(objectRead[2].map((u: Json) => u.speakerId))).toEqual(new Set(objectRead[1].map((s: Json) => s.id)));
  });

  it("answers the compact shape and named utterances from the object", async () => {
    const { user, fileId } = await userWithTranscript("store-compact", sampleTranscript(8, 3));
    const full = await utterances(user, fileId);
    const compact = expectStatus(await get(`/transcripts/${fileId}/utterances?format=compact`, { token: user.token }), 200).data;
    expect(decodeUtterances(compact)).toEqual(full);
    const ids = [full[5].id, "nope", full[2].id].join(",");
    const named = expectStatus(await get(`/transcripts/${fileId}/utterances?ids=${ids}`, { token: user.token }), 200).data;
    expect(named.data).toEqual([full[2], full[5]]);
  });

  it("shows nobody else's transcript: another user's file answers 404", async () => {
    const alice = await userWithTranscript("store-alice");
    const bob = await createUser("store-bob");
    for (const path of ["", "/utterances", "/utterances?format=compact", "/speakers"]) {
      const res = await get(`/transcripts/${alice.fileId}${path}`, { token: bob.token });
      expect([res.status, res.body], path).toEqual([404, { error: "Transcript not found" }]);
    }
  });

  it("derives ids no other user's store hands out", async () => {
    const alice = await userWithTranscript("ids-a", sampleTranscript(3, 2));
    const bob = await userWithTranscript("ids-b", sampleTranscript(3, 2));
    const ids = async (who: typeof alice) => [
      ...(await utterances(who.user, who.fileId)).map((u: Json) => u.id),
      ...(await speakers(who.user, who.fileId)).map((s: Json) => s.id),
    ];
    const mine = await ids(alice);
    expect((await ids(bob)).filter((id) => mine.includes(id))).toEqual([]);
  });

  it("replaces the transcript when a job is delivered again, never reusing a key", async () => {
    const user = await createUser("store-again");
    const first = await storeTranscript(user, saying("One two three."));
    const before = await utterances(user, first.fileId);
    // The same file transcribed again (a redelivered job): one transcript, the new one.
    const now = new Date().toISOString();
    const rows = buildTranscriptRows({ id: first.fileId, workspaceId: user.id }, saying("Four five.", "Six."), {
      service: "test",
      startedAt: now,
      completedAt: now,
    });
    await saveNewTranscript(env, rows, now, NO_FIELDS);
    const after = await utterances(user, first.fileId);
    expect(after.map((u: Json) => u.transcriptWords.map((w: Json) => w.text).join(" "))).toEqual(["Four five.", "Six."]);
    const oldIds = new Set([...before.map((u: Json) => u.id), ...before.flatMap((u: Json) => u.transcriptWords.map((w: Json) => w.id))]);
    expect(
      [...after.map((u: Json) => u.id), ...after.flatMap((u: Json) => u.transcriptWords.map((w: Json) => w.id))].filter((id) =>
        oldIds.has(id),
      ),
    ).toEqual([]);
  });

  it("leaves nothing in the object when the file is deleted while its transcript is written", async () => {
    const user = await createUser("store-race");
    const { fileId } = await storeTranscript(user);
    const store = transcriptRoom(env, fileId);
    // The file goes (its header row with it by cascade) while a job of it is still running.
    await env.DB.prepare("DELETE FROM audio_files WHERE id = ?").bind(fileId).run();
    const now = new Date().toISOString();
    const rows = buildTranscriptRows({ id: fileId, workspaceId: user.id }, saying("Too late."), {
      service: "test",
      startedAt: now,
      completedAt: now,
    });
    await expect(saveNewTranscript(env, rows, now, NO_FIELDS)).rejects.toThrow();
    expect(await store.openTranscript(fileId)).toMatchObject({ ok: false, status: 404 });
  });

  it("searches D1's file names and the store's texts at once, page after page, each hit once", async () => {
    const user = await createUser("store-search");
    const inObject = await storeTranscript(user, saying("the heron flies", "a heron lands", "no birds here"));
    const named = await storeTranscript(user, saying("nothing else"));
    await env.DB.prepare("UPDATE audio_files SET name = 'heron notes' WHERE id = ?").bind(named.fileId).run();
    const seen: Json[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ q: "heron", limit: "1", ...(cursor ? { cursor } : {}) });
      const page = expectStatus(await get(`/search?${query}`, { token: user.token }), 200);
      seen.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.map((h) => [h.file_id, h.kind, h.snippet]).sort()).toEqual(
      [
        [inObject.fileId, "transcript", "the heron flies"],
        [inObject.fileId, "transcript", "a heron lands"],
        [named.fileId, "name", "heron notes"],
      ].sort(),
    );
    const objectHit = seen.find((h) => h.snippet === "a heron lands")!;
    expect(objectHit.utterance_id).toBe((await utterances(user, inObject.fileId))[1].id);
  });

  it("removes the transcript from the object when its file is deleted", async () => {
    const { user, fileId } = await userWithTranscript("store-delete");
    const other = await storeTranscript(user);
    const store = transcriptRoom(env, fileId);
    expect(await store.openTranscript(fileId)).toMatchObject({ ok: true });
    expectStatus(await api("DELETE", `/audio_files/${fileId}`, undefined, { token: user.token }), 200);
    expect(await store.openTranscript(fileId)).toMatchObject({ ok: false, status: 404 });
    expect(await d1Header(fileId)).toBeNull();
    // The user's other transcript stays.
    expect((await utterances(user, other.fileId)).length).toBeGreaterThan(0);
  });

  it("serves a share link's page, utterances and downloads from the object", async () => {
    const { user, fileId } = await userWithTranscript("store-share", saying("Shared words here."));
    const created = expectStatus(await api("POST", `/audio_files/${fileId}/shares`, {}, { token: user.token }), 201).data;
    const secret = /\/s\/([A-Za-z0-9_-]{43})$/.exec(created.url)![1]!;
    const visit = (path: string) => api("GET", `/shared/${secret}${path}`, undefined, { ip: randomIp() });
    const page = expectStatus(await visit(""), 200).data;
    expect(page.transcript.speakers.map((s: Json) => s.displayName)).toEqual((await speakers(user, fileId)).map((s) => s.displayName));
    expect(expectStatus(await visit("/utterances"), 200).data.data).toEqual(await utterances(user, fileId));
    expect(decodeUtterances(expectStatus(await visit("/utterances?format=compact"), 200).data)).toEqual(await utterances(user, fileId));
    const txt = await exports.default.fetch(
      new Request(`http://localhost/api/v1/shared/${secret}/export/txt`, { headers: { "cf-connecting-ip": randomIp() } }),
    );
    expect(txt.status).toBe(200);
    expect(await txt.text()).toContain("Shared words here.");
  });
});
