// Re-transcribing a corrected transcript (decision 017): the transcription job,
// run against the fake OpenAI-compatible server, merges the new recognition into
// the stored transcript. Edited utterances, speakers' names, summary and notes
// stay; the merge is one history entry that one undo reverts exactly; a
// redelivered job merges once.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OpRequest } from "../../core/operations";
import { ApiError } from "../../worker/lib/errors";
import type { NormalizedUtterance } from "../../worker/transcription/types";
import { buildTranscriptRows } from "../../worker/transcripts/ingest";
import { mergeNewRecognition, readCurrentStates, readSpeakers, readUtterances, editTranscript } from "../../worker/transcripts/store";
import { call, type Json } from "../worker/helpers";
import { createUser, expectStatus } from "../worker/library-helpers";
import { correctedFile, deliver, startAgain, texts, transcriptId, withoutVersions } from "../worker/retranscribe-helpers";
import { editedUtteranceIds, headerOf, lastStoredChange } from "../worker/store-helpers";
import {
  expectStatsConsistent,
  history,
  historyRows,
  NO_FIELDS,
  redoOk,
  sampleTranscript,
  setSpeaker,
  storeTranscript,
  transcript,
  undo,
  undoOk,
  utterances,
} from "../worker/transcript-helpers";

describe("re-transcribing a corrected transcript", { timeout: 30_000 }, () => {
  it("keeps edited utterances, speakers' names, summary and notes; replaces the rest; one undo brings the old transcript back", async () => {
    const { user, file } = await correctedFile("retx-keep");
    const before = await utterances(user, file.id);
    const beforeDetails = await transcript(user, file.id);
    expect(texts(before)).toEqual(["Good MoveFlow everyone. Thanks for joining.", "Let's begin.", "First item:", "the budget."]);
    expect(expectStatus(await call("GET", `/audio_files/${file.id}/corrections`, undefined, user), 200).data).toEqual({
      corrected_utterances: 3,
    });

    await startAgain(file.id);
    expect((await deliver(user, file)).explicitAcks).toHaveLength(1);
    const after = await utterances(user, file.id);
    // The corrected ones are the same rows, untouched; the new recognition's overlapping words are gone.
    expect(texts(after)).toEqual(["Good MoveFlow everyone. Thanks for joining.", "Let's begin.", "First item:", "the budget."]);
    expect(after[0]).toEqual(before[0]);
    expect(after[2]).toEqual(before[2]);
    expect(after[3]).toEqual(before[3]);
    expect(after[1]!.id).not.toBe(before[1]!.id);
    // Word times never go backwards.
    const starts = after.flatMap((u) => u.transcriptWords.map((w: Json) => w.startTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    const details = await transcript(user, file.id);
    expect(details).toMatchObject({ summary: "My summary", notes: "My notes", wordCount: 12 });
    expect(details.speakers.map((s: Json) => [s.originalLabel, s.name, s.role])).toEqual([
      ["A", "Ana", "Host"],
      ["B", null, null],
    ]);
    const tid = await transcriptId(file.id);
    await expectStatsConsistent(tid);
    const log = await history(user, file.id);
    expect(log.operations.at(-1)).toMatchObject({
      summary: "Re-transcribed with OpenAI-compatible server; kept 3 corrected utterances",
      isCurrent: true,
    });
    // The history row stays small: the old transcript lives in the snapshot tables.
    expect((await lastStoredChange(tid)).length).toBeLessThan(200);

    // One undo: the transcript exactly as before (versions grow, so the client's stale copies are refused).
    const undone = await undoOk(user, file.id);
    expect(undone).toMatchObject({ utterances: [], removedUtteranceIds: [], reload: true });
    const restored = await utterances(user, file.id);
    expect(withoutVersions(restored)).toEqual(withoutVersions(before));
    expect(restored.every((u, i) => u.version > before[i]!.version)).toBe(true);
    const { speakers: _s, ...restoredDetails } = await transcript(user, file.id);
    const { speakers: _b, ...expectedDetails } = beforeDetails;
    expect(restoredDetails).toEqual(expectedDetails);
    await expectStatsConsistent(tid);

    // Redo: the merged transcript again; undo again; then the older edits undo as usual.
    await redoOk(user, file.id);
    expect(withoutVersions(await utterances(user, file.id))).toEqual(withoutVersions(after));
    await undoOk(user, file.id);
    expect(withoutVersions(await utterances(user, file.id))).toEqual(withoutVersions(before));
    await undoOk(user, file.id); // the summary/notes edit
    await undoOk(user, file.id); // the speaker's name
    await undoOk(user, file.id); // the split
    expect(texts(await utterances(user, file.id))).toEqual([
      "Good MoveFlow everyone. Thanks for joining.",
      "Let's begin.",
      "First item: the budget.",
    ]);
    await expectStatsConsistent(tid);
  });

  it("an edit made after the merge is undone first, and the merge after it", async () => {
    const { user, file } = await correctedFile("retx-later");
    const before = await utterances(user, file.id);
    await startAgain(file.id);
    await deliver(user, file);
    const merged = await utterances(user, file.id);
    const fresh = merged[1]!;
    expectStatus(await setSpeaker(user, file.id, fresh.id, { speaker_id: merged[0]!.speakerId }), 200);
    await undoOk(user, file.id);
    expect(withoutVersions(await utterances(user, file.id))).toEqual(withoutVersions(merged));
    await undoOk(user, file.id);
    expect(withoutVersions(await utterances(user, file.id))).toEqual(withoutVersions(before));
  });

  it("a redelivered or concurrent job merges once", async () => {
    const { user, file } = await correctedFile("retx-once");
    const tid = await transcriptId(file.id);
    const entries = (await historyRows(tid)).length;
    await startAgain(file.id);
    const [one, two] = await Promise.all([deliver(user, file), deliver(user, file)]);
    expect([one.explicitAcks.length, two.explicitAcks.length]).toEqual([1, 1]);
    await deliver(user, file); // a late redelivery finds the file ready
    const rows = await historyRows(tid);
    expect(rows).toHaveLength(entries + 1);
    expect(rows.filter((r: { summary: string }) => r.summary.startsWith("Re-transcribed"))).toHaveLength(1);
    expect(texts(await utterances(user, file.id))).toEqual([
      "Good MoveFlow everyone. Thanks for joining.",
      "Let's begin.",
      "First item:",
      "the budget.",
    ]);
    await expectStatsConsistent(tid);
  });

  it("discarding corrections replaces every utterance, still as one undoable entry that keeps summary and notes", async () => {
    const { user, file } = await correctedFile("retx-discard");
    const before = await utterances(user, file.id);
    await startAgain(file.id, true);
    await deliver(user, file);
    const after = await utterances(user, file.id);
    expect(texts(after)).toEqual(["Good morning, everyone. Thanks for joining.", "Let's begin.", "First item: the budget."]);
    expect(after.some((u) => before.some((b) => b.id === u.id))).toBe(false);
    expect(await transcript(user, file.id)).toMatchObject({ summary: "My summary", notes: "My notes" });
    expect((await history(user, file.id)).operations.at(-1).summary).toBe(
      "Re-transcribed with OpenAI-compatible server; corrections discarded",
    );
    const flag = await env.DB.prepare("SELECT discard_corrections AS d FROM audio_files WHERE id = ?").bind(file.id).first<number>("d");
    expect(flag).toBe(0);
    expect(expectStatus(await call("GET", `/audio_files/${file.id}/corrections`, undefined, user), 200).data.corrected_utterances).toBe(0);
    await undoOk(user, file.id);
    expect(withoutVersions(await utterances(user, file.id))).toEqual(withoutVersions(before));
  });

  it("the edited mark follows undo and redo; the count is the owner's only", async () => {
    const { user, file } = await correctedFile("retx-count");
    const count = async () =>
      expectStatus(await call("GET", `/audio_files/${file.id}/corrections`, undefined, user), 200).data.corrected_utterances;
    expect(await count()).toBe(3);
    await undoOk(user, file.id); // summary/notes
    await undoOk(user, file.id); // speaker name
    await undoOk(user, file.id); // split: both halves were marked, the original was not
    expect(await count()).toBe(1);
    await undoOk(user, file.id); // the word
    expect(await count()).toBe(0);
    await redoOk(user, file.id);
    expect(await count()).toBe(1);
    const other = await createUser("retx-other");
    expectStatus(await call("GET", `/audio_files/${file.id}/corrections`, undefined, other), 404);
    expectStatus(await call("GET", `/audio_files/${file.id}/corrections`), 401);
    expectStatus(await undo(other, file.id), 404);
  });

  it("POST retranscribe stores discard_corrections and refuses anything but a boolean", async () => {
    const { user, file } = await correctedFile("retx-route");
    const bad = await call("POST", `/audio_files/${file.id}/retranscribe`, { discard_corrections: "yes" }, user);
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe("discard_corrections must be true or false");
    expectStatus(await call("POST", `/audio_files/${file.id}/retranscribe`, { discard_corrections: true }, user), 202);
    const flag = await env.DB.prepare("SELECT discard_corrections AS d FROM audio_files WHERE id = ?").bind(file.id).first<number>("d");
    expect(flag).toBe(1);
  });
});

// ------------------------------------------------------------------ property, in either store

/** The named utterances as the store keeps them (every one without `ids`). */
async function statesOf(tid: string, ids?: readonly string[]) {
  const header = await headerOf(tid);
  return readCurrentStates(env, header.fileId, ids ?? (await readUtterances(env, header.fileId)).map((u) => u.id));
}

type EditSpec = { kind: "words" | "split" | "merge" | "speaker"; at: number; word: number };

/** One user operation through the same path the endpoints take; refusals (nothing to merge…) are skipped. */
async function applyEdit(tid: string, e: EditSpec, n: number) {
  const header = await headerOf(tid);
  const list = await statesOf(tid);
  const u = list[e.at % list.length]!;
  const words = u.transcriptWords;
  const speakerIds = (await readSpeakers(env, header.fileId)).map((s) => s.id);
  const req: OpRequest | null =
    e.kind === "words"
      ? {
          type: "update_words",
          utteranceId: u.id,
          words: words.map((w, i) =>
            i === e.word % words.length ? { id: w.id, text: `fix${n}`, end_time: w.endTime, confidence_score: 1 } : { id: w.id },
          ),
        }
      : e.kind === "split"
        ? words.length > 1
          ? {
              type: "split",
              utteranceId: u.id,
              firstWordId: words[1 + (e.word % (words.length - 1))]!.id,
              newUtteranceId: crypto.randomUUID(),
            }
          : null
        : e.kind === "merge"
          ? { type: "merge", targetUtteranceId: u.id }
          : { type: "set_speaker", utteranceId: u.id, speakerId: speakerIds[e.word % speakerIds.length]! };
  if (!req) return;
  await editTranscript(env, header.fileId, { kind: "operation", req: req, opId: null }, null).catch((error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
  });
}

describe("re-transcribing after random edits (property)", { timeout: 240_000 }, () => {
  it("every edited utterance survives unchanged, statistics stay exact, and no word time goes backwards", async () => {
    const user = await createUser("retx-prop");
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom("words", "split", "merge", "speaker") as fc.Arbitrary<EditSpec["kind"]>,
            at: fc.nat(40),
            word: fc.nat(40),
          }),
          { maxLength: 8 },
        ),
        fc.array(fc.record({ gap: fc.double({ min: 0, max: 2, noNaN: true }), cut: fc.boolean() }), { minLength: 1, maxLength: 30 }),
        async (edits, spec) => {
          const stored = await storeTranscript(user, sampleTranscript(5, 4));
          for (const [n, e] of edits.entries()) await applyEdit(stored.transcriptId, e, n);
          const edited = await statesOf(stored.transcriptId, await editedUtteranceIds(stored.transcriptId));

          // A new recognition: words at increasing times over the same stretch, cut into utterances.
          let t = 0;
          const utterancesOut: NormalizedUtterance[] = [];
          let current: NormalizedUtterance["words"] = [];
          spec.forEach((s, i) => {
            t += s.gap;
            current.push({ text: `new${i}`, start: t, end: t + 0.3, confidence: 0.6, hasEntities: false });
            if (s.cut || i === spec.length - 1) {
              utterancesOut.push({
                speaker: i % 2 ? "B" : "A",
                start: current[0]!.start,
                end: t + 0.3,
                words: current,
                sentiment: null,
                sentimentConfidence: null,
              });
              current = [];
            }
          });
          await startAgain(stored.fileId);
          const file = (await env.DB.prepare("SELECT processing_started_at AS p FROM audio_files WHERE id = ?")
            .bind(stored.fileId)
            .first<{ p: string }>())!;
          const now = new Date().toISOString();
          const rows = buildTranscriptRows(
            { id: stored.fileId, workspaceId: user.id },
            { duration: t + 1, speakers: ["A", "B"], utterances: utterancesOut },
            {
              service: "test",
              startedAt: now,
              completedAt: now,
            },
          );
          const outcome = await mergeNewRecognition(env, rows, NO_FIELDS, {
            file: { processingStartedAt: file.p },
            run: file.p,
            discardCorrections: false,
            label: { serviceLabel: "Test", language: null, terms: [] },
          });
          expect(outcome).toMatchObject({ merged: true, kept: edited.length });

          const after = await statesOf(stored.transcriptId);
          const byId = new Map(after.map((u) => [u.id, u]));
          for (const u of edited) expect(byId.get(u.id)).toEqual({ ...u, position: byId.get(u.id)?.position });
          const starts = after.flatMap((u) => u.transcriptWords.map((w) => w.startTime));
          for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeGreaterThanOrEqual(starts[i - 1]!);
          await expectStatsConsistent(stored.transcriptId);
        },
      ),
      { numRuns: 12 },
    );
  });
});
