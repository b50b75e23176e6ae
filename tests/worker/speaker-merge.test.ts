// POST /transcripts/{id}/speakers/{speakerId}/merge: every utterance of the
// speaker becomes the other's and the speaker goes, in one history entry that
// one undo reverts exactly and redo re-applies; refusals answer 4xx {error}.
import { describe, expect, it } from "vitest";
import { MERGE_SPEAKERS_MESSAGES } from "../../core/speaker-merge";
import { call, type Json } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import { openTab, until } from "./live-helpers";
import { editInStore, headerOf, lastStoredChange } from "./store-helpers";
import {
  expectStatsConsistent,
  history,
  historyRows,
  redoOk,
  sampleTranscript,
  speakers,
  undoOk,
  updateWords,
  unchangedWords,
  userWithTranscript,
  utterances,
} from "./transcript-helpers";

const mergeSpeaker = (user: TestUser, fileId: string, speakerId: string, body: unknown, headers?: Record<string, string>) =>
  call("POST", `/transcripts/${fileId}/speakers/${speakerId}/merge`, body, { token: user.token, headers });

/** What a speaker looks like to the client, without the statistics that a merge changes. */
const identity = (s: Json) => ({ id: s.id, originalLabel: s.originalLabel, name: s.name, role: s.role, displayName: s.displayName });

async function renameSpeaker(user: TestUser, fileId: string, speakerId: string, name: string, role: string | null) {
  expectStatus(await call("PUT", `/transcripts/${fileId}/speakers/${speakerId}`, { speaker: { name, role } }, { token: user.token }), 200);
}

describe("merge speakers", { timeout: 30_000 }, () => {
  it("moves every utterance to the other speaker, removes the speaker, and keeps statistics right", async () => {
    const t = await userWithTranscript("merge-sp", sampleTranscript(6));
    const [a, b] = await speakers(t.user, t.fileId);
    await renameSpeaker(t.user, t.fileId, b.id, "Anna", "Host");
    const before = await utterances(t.user, t.fileId);
    const ofA = before.filter((u) => u.speakerId === a.id).map((u) => u.id);
    expect(ofA).toHaveLength(3);

    const res = expectStatus(await mergeSpeaker(t.user, t.fileId, a.id, { into_speaker_id: b.id }), 200);
    // The answer names each moved utterance's new speaker and version, in order; nothing else of it changed.
    expect(res.data.moved).toEqual(ofA.map((id) => ({ id, speakerId: b.id, version: before.find((u) => u.id === id)!.version + 1 })));
    expect(res.data.utterances).toEqual([]);
    expect(res.data.removedUtteranceIds).toEqual([]);
    expect(res.data.speakers.map((s: Json) => s.id)).toEqual([b.id]);
    expect(res.data.speakers[0]).toMatchObject({ name: "Anna", utteranceCount: 6, speakingPercentage: 100 });

    const after = await utterances(t.user, t.fileId);
    expect(after.every((u) => u.speakerId === b.id)).toBe(true);
    expect(after.map((u) => [u.id, u.position, u.transcriptWords])).toEqual(before.map((u) => [u.id, u.position, u.transcriptWords]));
    expect((await speakers(t.user, t.fileId)).map((s) => s.id)).toEqual([b.id]);
    await expectStatsConsistent(t.transcriptId);
    const ops = (await history(t.user, t.fileId)).operations;
    expect(ops.at(-1)).toMatchObject({ type: "speaker_edited", summary: `Merged "Speaker 1" into "Anna"`, isCurrent: true });
  });

  it("one undo brings the speaker back exactly (name, role, position, utterances); redo merges again", async () => {
    const t = await userWithTranscript("merge-undo", sampleTranscript(6));
    const [a, b] = await speakers(t.user, t.fileId);
    await renameSpeaker(t.user, t.fileId, a.id, "Bert", "Guest");
    const speakersBefore = await speakers(t.user, t.fileId);
    const before = await utterances(t.user, t.fileId);
    const historyBefore = await historyRows(t.transcriptId);

    expectStatus(await mergeSpeaker(t.user, t.fileId, a.id, { into_speaker_id: b.id }), 200);
    expect(await historyRows(t.transcriptId)).toHaveLength(historyBefore.length + 1);

    const undone = await undoOk(t.user, t.fileId);
    expect(undone.moved?.every((m) => m.speakerId === a.id)).toBe(true);
    expect(undone.moved?.map((m) => m.id).sort()).toEqual(
      before
        .filter((u) => u.speakerId === a.id)
        .map((u) => u.id)
        .sort(),
    );
    expect(undone.speakers).toEqual(speakersBefore);
    expect(await speakers(t.user, t.fileId)).toEqual(speakersBefore);
    const restored = await utterances(t.user, t.fileId);
    expect(restored.map((u) => ({ id: u.id, speakerId: u.speakerId, words: u.transcriptWords }))).toEqual(
      before.map((u) => ({ id: u.id, speakerId: u.speakerId, words: u.transcriptWords })),
    );
    expect((await speakers(t.user, t.fileId)).map(identity)).toEqual(speakersBefore.map(identity));
    await expectStatsConsistent(t.transcriptId);

    const redone = await redoOk(t.user, t.fileId);
    expect(redone.speakers?.map((s) => s.id)).toEqual([b.id]);
    expect((await utterances(t.user, t.fileId)).every((u) => u.speakerId === b.id)).toBe(true);
    await expectStatsConsistent(t.transcriptId);

    // And back once more: the same rows, the same speaker.
    await undoOk(t.user, t.fileId);
    expect(await speakers(t.user, t.fileId)).toEqual(speakersBefore);
    await expectStatsConsistent(t.transcriptId);
  });

  it("writes only the moved rows plus a constant, and records ids rather than utterance states", async () => {
    const written = async (count: number) => {
      const t = await userWithTranscript("merge-rows", sampleTranscript(count, 30));
      const [a, b] = await speakers(t.user, t.fileId);
      const header = await headerOf(t.transcriptId);
      const { outcome } = await editInStore(header.fileId, {
        kind: "merge_speakers",
        speakerId: a.id,
        intoSpeakerId: b.id,
        opId: null,
      });
      expect(outcome!.result.moved).toHaveLength(count / 2);
      const row = await lastStoredChange(t.transcriptId);
      const change = JSON.parse(row);
      expect(change.utterances).toEqual([]);
      expect(change.speakerMoves.utteranceIds).toHaveLength(count / 2);
      // Utterances of 30 words as states would be ~3 KB each; ids are ~40 bytes.
      expect(row.length).toBeLessThan(400 + 50 * (count / 2));
      return outcome!.rowsWritten;
    };
    const [w20, w200, w600] = [await written(40), await written(400), await written(1200)];
    const perRow = (w200 - w20) / 180;
    const constant = w20 - perRow * 20;
    console.log(`speaker merge rows written: ${perRow} per moved utterance + ${constant}`);
    // Each moved row (with its speaker index entry), plus the history row, speaker row and transcript row.
    expect(perRow).toBeLessThanOrEqual(3);
    expect(constant).toBeLessThanOrEqual(12);
    expect(w600).toBe(perRow * 600 + constant);
  });

  it("pushes transcript_changed naming the moved utterances, with details changed", async () => {
    const t = await userWithTranscript("merge-live", sampleTranscript(4));
    const [a, b] = await speakers(t.user, t.fileId);
    const tab = await openTab(t.user, "transcript_changed", t.fileId);
    const ofA = (await utterances(t.user, t.fileId)).filter((u) => u.speakerId === a.id).map((u) => u.id);
    expectStatus(await mergeSpeaker(t.user, t.fileId, a.id, { into_speaker_id: b.id }, { "X-Client-Id": "tab-9" }), 200);
    expect(await until(() => tab.messages.length === 1)).toBe(true);
    expect(tab.messages[0]).toEqual({
      type: "transcript_changed",
      file_id: t.fileId,
      utterance_ids: ofA,
      removed_utterance_ids: [],
      details_changed: true,
      client_id: "tab-9",
    });
    tab.close();
  });

  it("a retry with the same Idempotency-Key applies nothing more", async () => {
    const t = await userWithTranscript("merge-idem", sampleTranscript(4));
    const [a, b] = await speakers(t.user, t.fileId);
    const headers = { "Idempotency-Key": "merge-op-1" };
    const first = expectStatus(await mergeSpeaker(t.user, t.fileId, a.id, { into_speaker_id: b.id }, headers), 200);
    const rows = await historyRows(t.transcriptId);
    const again = expectStatus(await mergeSpeaker(t.user, t.fileId, a.id, { into_speaker_id: b.id }, headers), 200);
    expect(again.data.moved).toEqual(first.data.moved);
    expect(await historyRows(t.transcriptId)).toEqual(rows);
  });

  it("an edit after the merge keeps the merged speaker; undoing both restores the start", async () => {
    const t = await userWithTranscript("merge-edit", sampleTranscript(4));
    const [a, b] = await speakers(t.user, t.fileId);
    const before = await utterances(t.user, t.fileId);
    const merged = expectStatus(await mergeSpeaker(t.user, t.fileId, a.id, { into_speaker_id: b.id }), 200);
    const u0 = (await utterances(t.user, t.fileId)).find((u) => u.id === merged.data.moved[0].id)!;
    const words = unchangedWords(u0);
    words[0] = { id: u0.transcriptWords[0].id, text: "changed" };
    expectStatus(await updateWords(t.user, t.fileId, u0.id, { words, version: u0.version }), 200);
    await undoOk(t.user, t.fileId);
    await undoOk(t.user, t.fileId);
    const restored = await utterances(t.user, t.fileId);
    expect(restored.map((u) => [u.speakerId, u.transcriptWords])).toEqual(before.map((u) => [u.speakerId, u.transcriptWords]));
    await expectStatsConsistent(t.transcriptId);
  });

  it("refuses merging into itself, unknown speakers, bad bodies, and another user's transcript or speakers", async () => {
    const alice = await userWithTranscript("merge-alice");
    const bob = await userWithTranscript("merge-bob");
    const [a, b] = await speakers(alice.user, alice.fileId);
    const [bobA] = await speakers(bob.user, bob.fileId);

    const self = await mergeSpeaker(alice.user, alice.fileId, a.id, { into_speaker_id: a.id });
    expect(self.status).toBe(422);
    expect(self.body).toEqual({ error: MERGE_SPEAKERS_MESSAGES.intoItself });

    const unknown = await mergeSpeaker(alice.user, alice.fileId, "nobody", { into_speaker_id: b.id });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: MERGE_SPEAKERS_MESSAGES.speakerNotFound });
    const unknownInto = await mergeSpeaker(alice.user, alice.fileId, a.id, { into_speaker_id: "nobody" });
    expect(unknownInto.status).toBe(404);
    expect(unknownInto.body).toEqual({ error: MERGE_SPEAKERS_MESSAGES.intoNotFound });

    // Bob's speaker into Alice's, and Alice's into Bob's: not found in this transcript.
    expect((await mergeSpeaker(alice.user, alice.fileId, bobA.id, { into_speaker_id: b.id })).status).toBe(404);
    expect((await mergeSpeaker(alice.user, alice.fileId, a.id, { into_speaker_id: bobA.id })).status).toBe(404);
    // Bob on Alice's transcript.
    const foreign = await mergeSpeaker(bob.user, alice.fileId, a.id, { into_speaker_id: b.id });
    expect(foreign.status).toBe(404);
    expect(typeof foreign.body.error).toBe("string");

    for (const body of [{}, { into_speaker_id: "" }, { into_speaker_id: 5 }]) {
      const res = await mergeSpeaker(alice.user, alice.fileId, a.id, body);
      expect(res.status).toBe(422);
      expect(typeof res.body.error).toBe("string");
    }
    const notJson = await mergeSpeaker(alice.user, alice.fileId, a.id, "not json");
    expect(notJson.status).toBe(400);
    expect(typeof notJson.body.error).toBe("string");
    // Nothing changed.
    expect((await speakers(alice.user, alice.fileId)).map((s) => s.id)).toEqual([a.id, b.id]);
    expect(await historyRows(alice.transcriptId)).toEqual([]);
  });

  it("a speaker without utterances merges too (it is only removed)", async () => {
    const t = await userWithTranscript("merge-empty");
    const created = expectStatus(await call("POST", `/transcripts/${t.fileId}/speakers`, {}, { token: t.user.token }), 201);
    const [a] = await speakers(t.user, t.fileId);
    const res = expectStatus(await mergeSpeaker(t.user, t.fileId, created.data.id, { into_speaker_id: a.id }), 200);
    expect(res.data.moved).toEqual([]);
    expect((await speakers(t.user, t.fileId)).some((s) => s.id === created.data.id)).toBe(false);
    await undoOk(t.user, t.fileId);
    expect((await speakers(t.user, t.fileId)).some((s) => s.id === created.data.id)).toBe(true);
  });
});
