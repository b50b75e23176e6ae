// GET /transcripts/{id}/utterances: the spec's shape by default, the compact
// shape with ?format=compact, only the named utterances with ?ids=, the first few with ?first=.
import { describe, expect, it } from "vitest";
import { decodeUtterances } from "../../common/compact-utterances";
import { UTTERANCE_IDS_MAX, UTTERANCE_QUERY_MESSAGES } from "../../common/utterances-query";
import { expectOk, get, typedApi } from "./helpers";
import { merge, sampleTranscript, split, userWithTranscript, utterances } from "./transcript-helpers";

const read = (token: string, id: string, query: { ids?: string; first?: string; format?: "compact" } = {}) =>
  typedApi({ token }).transcripts[":id"].utterances.$get({ param: { id }, query });

describe("GET /transcripts/{id}/utterances", () => {
  it("answers the compact shape on ?format=compact, which decodes to exactly the default answer", async () => {
    const { user, fileId } = await userWithTranscript("compact", sampleTranscript(6, 5));
    const full = await utterances(user, fileId);
    const { data } = await expectOk(await read(user.token, fileId, { format: "compact" }));
    if (!("format" in data)) throw new Error("expected the compact shape");
    expect(data.speakers).toHaveLength(2);
    expect(decodeUtterances(data)).toEqual(full);
  });

  it("answers only the named utterances, in order, with their positions; unknown ids are simply absent", async () => {
    const { user, fileId } = await userWithTranscript("ids", sampleTranscript(6, 4));
    const full = await utterances(user, fileId);
    const ids = [full[4]!.id, "no-such-utterance", full[1]!.id, full[4]!.id].join(",");
    const { data } = await expectOk(await read(user.token, fileId, { ids }));
    if ("format" in data) throw new Error("expected the spec's shape");
    expect(data.data).toEqual([full[1], full[4]]);
    const compact = await expectOk(await read(user.token, fileId, { ids, format: "compact" }));
    if (!("format" in compact.data)) throw new Error("expected the compact shape");
    expect(decodeUtterances(compact.data)).toEqual([full[1], full[4]]);
  });

  it("answers the first n utterances in order on ?first=n, in either shape, exactly as the whole list begins", async () => {
    const { user, fileId } = await userWithTranscript("first", sampleTranscript(12, 3));
    const full = await utterances(user, fileId);
    for (const n of [1, 5, 12, 200]) {
      const compact = (await expectOk(await read(user.token, fileId, { first: String(n), format: "compact" }))).data;
      if (!("format" in compact)) throw new Error("expected the compact shape");
      expect(decodeUtterances(compact)).toEqual(full.slice(0, n));
      const plain = (await expectOk(await read(user.token, fileId, { first: String(n) }))).data;
      if ("format" in plain) throw new Error("expected the spec's shape");
      expect(plain.data).toEqual(full.slice(0, n));
    }
  });

  it("names a split's new half and leaves out what a merge removed", async () => {
    const { user, fileId } = await userWithTranscript("ids-ops", sampleTranscript(4, 4));
    const [first, second] = await utterances(user, fileId);
    expect((await split(user, fileId, first.id, { first_word_id: first.transcriptWords[2].id, new_utterance_id: "half-1" })).status).toBe(
      200,
    );
    expect((await merge(user, fileId, "half-1", { source_utterance_id: second.id })).status).toBe(200);
    const { data } = await expectOk(await read(user.token, fileId, { ids: [first.id, "half-1", second.id].join(",") }));
    if ("format" in data) throw new Error("expected the spec's shape");
    expect(data.data.map((u) => [u.id, u.position])).toEqual([
      [first.id, 0],
      ["half-1", 1],
    ]);
  });

  it("takes up to 200 ids in one call (more than D1 binds in one statement)", async () => {
    const { user, fileId } = await userWithTranscript("ids-many", sampleTranscript(150, 1));
    const full = await utterances(user, fileId);
    const ids = [...full.map((u) => u.id), ...Array.from({ length: UTTERANCE_IDS_MAX - full.length }, (_, i) => `missing-${i}`)];
    const { data } = await expectOk(await read(user.token, fileId, { ids: ids.join(","), format: "compact" }));
    if (!("format" in data)) throw new Error("expected the compact shape");
    expect(decodeUtterances(data)).toEqual(full);
  });

  it("refuses more than 200 ids, empty ids, unknown formats and a bad first with 422 {error}", async () => {
    const { user, fileId } = await userWithTranscript("ids-bad");
    const base = `/transcripts/${fileId}/utterances`;
    const tooMany = Array.from({ length: UTTERANCE_IDS_MAX + 1 }, (_, i) => `u${i}`).join(",");
    for (const query of [`ids=${tooMany}`, "ids=", "ids=a,,b", `ids=${"x".repeat(65)}`]) {
      const res = await get(`${base}?${query}`, { token: user.token });
      expect(res.status, query).toBe(422);
      expect(res.body).toEqual({ error: UTTERANCE_QUERY_MESSAGES.ids });
    }
    const res = await get(`${base}?format=xml`, { token: user.token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: UTTERANCE_QUERY_MESSAGES.format });
    for (const query of ["first=0", "first=201", "first=2.5", "first=many"]) {
      const refused = await get(`${base}?${query}`, { token: user.token });
      expect(refused.status, query).toBe(422);
      expect(refused.body).toEqual({ error: UTTERANCE_QUERY_MESSAGES.first });
    }
    const both = await get(`${base}?first=2&ids=a`, { token: user.token });
    expect(both.status).toBe(422);
    expect(both.body).toEqual({ error: UTTERANCE_QUERY_MESSAGES.idsAndFirst });
  });

  it("shows nobody else's utterances: another user's file is 404, their ids are absent from mine", async () => {
    const alice = await userWithTranscript("ids-alice");
    const bob = await userWithTranscript("ids-bob");
    const aliceIds = (await utterances(alice.user, alice.fileId)).map((u) => u.id).join(",");
    for (const query of [`?ids=${aliceIds}`, `?ids=${aliceIds}&format=compact`, "?format=compact"]) {
      const res = await get(`/transcripts/${alice.fileId}/utterances${query}`, { token: bob.user.token });
      expect(res.status, query).toBe(404);
      expect(res.body).toEqual({ error: "Transcript not found" });
    }
    const { data } = await expectOk(await read(bob.user.token, bob.fileId, { ids: aliceIds }));
    if ("format" in data) throw new Error("expected the spec's shape");
    expect(data.data).toEqual([]);
  });
});
