// Edit history: listing, undo and redo of every operation type (exact prior
// state), the redo branch, the bound on kept operations, ownership, conflicts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EDIT_LIMITS, EDIT_MESSAGES } from "../../core/edit-limits";
import { editTranscript } from "../../worker/transcripts/store";
import { call, type Json } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import { headerOf, setHistoryIndex } from "./store-helpers";
import {
  expectStatsConsistent,
  history,
  historyRows,
  merge,
  redo,
  redoOk,
  sampleTranscript,
  setSpeaker,
  speakers,
  split,
  transcript,
  unchangedWords,
  undo,
  undoOk,
  updateWords,
  userWithTranscript,
  utterances,
} from "./transcript-helpers";

/** Everything a client sees of a transcript, versions aside (they keep growing through undo and redo). */
async function snapshot(user: TestUser, fileId: string) {
  const list = await utterances(user, fileId);
  const details = await transcript(user, fileId);
  return {
    utterances: list.map(({ version: _version, ...u }: Json) => u),
    versions: new Map<string, number>(list.map((u: Json) => [u.id, u.version])),
    details: { ...details, speakers: details.speakers },
  };
}

const withoutVersions = (s: Awaited<ReturnType<typeof snapshot>>) => ({ utterances: s.utterances, details: s.details });

type Op = (user: TestUser, fileId: string, list: Json[], speakerIds: string[]) => Promise<unknown>;

const OPS: [string, Op][] = [
  [
    "update_words (edit, add, remove)",
    (user, fileId, list) =>
      updateWords(user, fileId, list[1].id, {
        words: [
          { id: list[1].transcriptWords[0].id, text: "changed", end_time: list[1].transcriptWords[0].endTime, confidence_score: 0.1 },
          {
            id: "added",
            text: "new",
            start_time: list[1].transcriptWords[0].endTime,
            end_time: list[1].transcriptWords[1].startTime,
            confidence_score: 0.3,
          },
          ...unchangedWords(list[1]).slice(2),
        ],
      }),
  ],
  [
    "split",
    (user, fileId, list) =>
      split(user, fileId, list[1].id, { first_word_id: list[1].transcriptWords[2].id, new_utterance_id: "split-new" }),
  ],
  ["merge", (user, fileId, list) => merge(user, fileId, list[1].id)],
  [
    "merge that removes a speaker's last utterance",
    (user, fileId, list) => merge(user, fileId, list[1].id, { source_utterance_id: list[2].id }),
  ],
  ["change speaker", (user, fileId, list, speakerIds) => setSpeaker(user, fileId, list[0].id, { speaker_id: speakerIds[1]! })],
];

describe("undo and redo restore the exact states", { timeout: 30_000 }, () => {
  for (const [name, op] of OPS) {
    it(name, async () => {
      // Three utterances A, B, A: merging the second removes speaker B's only one.
      const { user, fileId, transcriptId } = await userWithTranscript("undo", sampleTranscript(name.includes("speaker's last") ? 3 : 4));
      const list = await utterances(user, fileId);
      const speakerIds = (await speakers(user, fileId)).map((s: Json) => s.id);
      const before = await snapshot(user, fileId);
      expectStatus((await op(user, fileId, list, speakerIds)) as Json, 200);
      const after = await snapshot(user, fileId);
      expect(withoutVersions(after)).not.toEqual(withoutVersions(before));

      const undone = await undoOk(user, fileId);
      const restored = await snapshot(user, fileId);
      expect(withoutVersions(restored)).toEqual(withoutVersions(before));
      await expectStatsConsistent(transcriptId);
      // The answer names every row it wrote or removed, in its new state.
      const listed = await utterances(user, fileId);
      for (const u of undone.utterances) expect(listed.find((l: Json) => l.id === u.id)).toEqual(u);
      for (const id of undone.removedUtteranceIds) expect(listed.some((l: Json) => l.id === id)).toBe(false);
      // A version never goes back: a client holding the undone state gets 409, not a silent overwrite.
      for (const u of listed)
        if (after.versions.has(u.id) && before.versions.has(u.id)) expect(u.version).toBeGreaterThanOrEqual(after.versions.get(u.id)!);

      const redone = await redoOk(user, fileId);
      expect(withoutVersions(await snapshot(user, fileId))).toEqual(withoutVersions(after));
      await expectStatsConsistent(transcriptId);
      const relisted = await utterances(user, fileId);
      for (const u of redone.utterances) expect(relisted.find((l: Json) => l.id === u.id)).toEqual(u);

      // And back once more.
      await undoOk(user, fileId);
      expect(withoutVersions(await snapshot(user, fileId))).toEqual(withoutVersions(before));
    });
  }

  it("a run of operations undone one by one ends where it started, and redone ends where it stopped", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("run", sampleTranscript(6));
    const start = await snapshot(user, fileId);
    const speakerIds = (await speakers(user, fileId)).map((s: Json) => s.id);
    const states = [start];
    for (const [, op] of OPS.filter(([name]) => !name.includes("speaker's last"))) {
      expectStatus((await op(user, fileId, await utterances(user, fileId), speakerIds)) as Json, 200);
      states.push(await snapshot(user, fileId));
    }
    for (let i = states.length - 2; i >= 0; i--) {
      await undoOk(user, fileId);
      expect(withoutVersions(await snapshot(user, fileId))).toEqual(withoutVersions(states[i]!));
    }
    expect(await undo(user, fileId)).toMatchObject({ status: 409, body: { error: EDIT_MESSAGES.nothingToUndo } });
    for (let i = 1; i < states.length; i++) {
      await redoOk(user, fileId);
      expect(withoutVersions(await snapshot(user, fileId))).toEqual(withoutVersions(states[i]!));
    }
    expect(await redo(user, fileId)).toMatchObject({ status: 409, body: { error: EDIT_MESSAGES.nothingToRedo } });
    await expectStatsConsistent(transcriptId);
  });
});

describe("edit history", { timeout: 30_000 }, () => {
  it("starts empty", async () => {
    const { user, fileId } = await userWithTranscript();
    expect(await history(user, fileId)).toEqual({ truncated: false, canUndo: false, canRedo: false, currentIndex: -1, operations: [] });
    expect(await undo(user, fileId)).toMatchObject({ status: 409, body: { error: EDIT_MESSAGES.nothingToUndo } });
    expect(await redo(user, fileId)).toMatchObject({ status: 409, body: { error: EDIT_MESSAGES.nothingToRedo } });
  });

  it("lists operations oldest first with type, summary, timestamp, the current one and where undo can go", async () => {
    const { user, fileId } = await userWithTranscript();
    const list = await utterances(user, fileId);
    const speakerIds = (await speakers(user, fileId)).map((s: Json) => s.id);
    expectStatus(await setSpeaker(user, fileId, list[0].id, { speaker_id: speakerIds[1] }), 200);
    expectStatus(await merge(user, fileId, list[2].id), 200);
    expectStatus(await split(user, fileId, list[1].id, { first_word_id: list[1].transcriptWords[1].id, new_utterance_id: "h-1" }), 200);
    const listed = await history(user, fileId);
    expect(listed).toMatchObject({ canUndo: true, canRedo: false, currentIndex: 2 });
    expect(listed.operations.map((o: Json) => [o.index, o.type, o.isCurrent, o.canUndoTo])).toEqual([
      [0, "speaker_edited", false, true],
      [1, "other", false, true],
      [2, "other", true, false],
    ]);
    expect(listed.operations[0].summary).toBe("Changed speaker to Speaker 2 at 0:00");
    for (const o of listed.operations) expect(Date.parse(o.timestamp)).not.toBeNaN();

    await undoOk(user, fileId);
    await undoOk(user, fileId);
    const back = await history(user, fileId);
    expect(back).toMatchObject({ canUndo: true, canRedo: true, currentIndex: 0 });
    expect(back.operations.map((o: Json) => [o.isCurrent, o.canUndoTo])).toEqual([
      [true, false],
      [false, false],
      [false, false],
    ]);
    await undoOk(user, fileId);
    expect(await history(user, fileId)).toMatchObject({ canUndo: false, canRedo: true, currentIndex: -1 });
  });

  it("a new operation after an undo drops the redo branch", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const list = await utterances(user, fileId);
    const speakerIds = (await speakers(user, fileId)).map((s: Json) => s.id);
    expectStatus(await setSpeaker(user, fileId, list[0].id, { speaker_id: speakerIds[1] }), 200);
    expectStatus(await setSpeaker(user, fileId, list[2].id, { speaker_id: speakerIds[1] }), 200);
    await undoOk(user, fileId);
    expectStatus(await merge(user, fileId, list[2].id), 200);
    expect((await historyRows(transcriptId)).map((r) => [r.seq, r.type])).toEqual([
      [0, "speaker_edited"],
      [1, "other"],
    ]);
    expect(await history(user, fileId)).toMatchObject({ canUndo: true, canRedo: false, currentIndex: 1 });
    expect(await redo(user, fileId)).toMatchObject({ status: 409, body: { error: EDIT_MESSAGES.nothingToRedo } });
    await expectStatsConsistent(transcriptId);
  });

  it(`keeps the newest ${EDIT_LIMITS.historyKept} operations`, { timeout: 120_000 }, async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("bounded", sampleTranscript(2, 3));
    const [u0] = await utterances(user, fileId);
    const speakerIds = (await speakers(user, fileId)).map((s: Json) => s.id);
    const total = EDIT_LIMITS.historyKept + 5;
    // The first through the API, the rest through the same domain function (faster than 500 requests).
    expectStatus(await setSpeaker(user, fileId, u0.id, { speaker_id: speakerIds[1] }), 200);
    const header = await headerOf(transcriptId);
    for (let i = 1; i < total; i++)
      await editTranscript(
        env,
        header.fileId,
        { kind: "operation", req: { type: "set_speaker", utteranceId: u0.id, speakerId: speakerIds[(i + 1) % 2]! }, opId: null },
        null,
      );
    const rows = await historyRows(transcriptId);
    expect(rows).toHaveLength(EDIT_LIMITS.historyKept);
    expect(rows[0]!.seq).toBe(5);
    expect(rows.at(-1)!.seq).toBe(total - 1);
    const listed = await history(user, fileId);
    expect(listed).toMatchObject({ truncated: true, currentIndex: EDIT_LIMITS.historyKept - 1 });
    expect(listed.operations.map((o: Json) => o.index)).toEqual(Array.from({ length: EDIT_LIMITS.historyKept }, (_, i) => i));

    // Undo reaches back to the oldest kept operation, not further.
    await setHistoryIndex(transcriptId, 5);
    await undoOk(user, fileId);
    expect(await history(user, fileId)).toMatchObject({ canUndo: false, canRedo: true, currentIndex: -1 });
    expect(await undo(user, fileId)).toMatchObject({ status: 409, body: { error: EDIT_MESSAGES.nothingToUndo } });
    await redoOk(user, fileId);
    expect((await history(user, fileId)).currentIndex).toBe(0);
  });

  it("two undos at once undo two operations, one after the other", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const start = await snapshot(user, fileId);
    const list = await utterances(user, fileId);
    expectStatus(await merge(user, fileId, list[0].id), 200);
    expectStatus(await merge(user, fileId, list[2].id), 200);
    const results = await Promise.all([undo(user, fileId), undo(user, fileId)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(withoutVersions(await snapshot(user, fileId))).toEqual(withoutVersions(start));
    expect((await history(user, fileId)).currentIndex).toBe(-1);
    await expectStatsConsistent(transcriptId);
  });

  it("is the owner's only: 404 for anyone else", async () => {
    const alice = await userWithTranscript("alice");
    const bob = await userWithTranscript("bob");
    const list = await utterances(alice.user, alice.fileId);
    expectStatus(await merge(alice.user, alice.fileId, list[0].id), 200);
    for (const result of [
      await call("GET", `/transcripts/${alice.fileId}/edit-history`, undefined, { token: bob.user.token }),
      await undo(bob.user, alice.fileId),
      await redo(bob.user, alice.fileId),
      await undo(bob.user, "no-such-file"),
    ]) {
      expect(result.status).toBe(404);
      expect(result.body).toEqual({ error: "Transcript not found" });
    }
    expect((await history(alice.user, alice.fileId)).currentIndex).toBe(0);
    expect(await utterances(alice.user, alice.fileId)).toHaveLength(3);
  });

  it("an operation computed before an undo of the same utterance gets 409", async () => {
    const { user, fileId } = await userWithTranscript();
    const [u0] = await utterances(user, fileId);
    const edit = (text: string, version: number) => ({
      words: [
        { id: u0.transcriptWords[0].id, text, end_time: u0.transcriptWords[0].endTime, confidence_score: 1 },
        ...unchangedWords(u0).slice(1),
      ],
      version,
    });
    const edited = expectStatus(await updateWords(user, fileId, u0.id, edit("one", 1)), 200).data.utterances[0];
    await undoOk(user, fileId);
    // The tab that saw version 2 ("one") sends its next edit on it: the undo moved the row on.
    const stale = await updateWords(user, fileId, u0.id, edit("two", edited.version));
    expect(stale.status).toBe(409);
    expect(stale.body.data.utterances[0].transcriptWords[0].text).toBe(u0.transcriptWords[0].text);
  });
});
