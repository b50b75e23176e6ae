// Re-transcribing a corrected transcript (decision 017): the transcription job,
// run against the fake OpenAI-compatible server, merges the new recognition into
// the stored transcript. Edited utterances, speakers' names, summary and notes
// stay; the merge is one history entry that one undo reverts exactly; a
// redelivered job merges once.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OpRequest } from "../../common/transcript-ops";
import worker from "../../worker/index";
import { ApiError } from "../../worker/lib/errors";
import type { NormalizedUtterance } from "../../worker/transcription/types";
import { buildTranscriptRows } from "../../worker/transcripts/ingest";
import { runOperation } from "../../worker/transcripts/operations";
import { mergeRetranscription } from "../../worker/transcripts/retranscribe";
import { decodeChange } from "../../worker/transcripts/change-codec";
import { decodeWords } from "../../worker/transcripts/stored-words";
import { QUEUES } from "../../worker/queues";
import { FAKE_OPENAI_BASE_URL } from "../support/fake-openai";
import { call, type Json } from "./helpers";
import { createUser, expectStatus, type TestUser, wav } from "./library-helpers";
import {
  expectStatsConsistent,
  history,
  historyRows,
  redoOk,
  sampleTranscript,
  setSpeaker,
  speakers,
  split,
  storeTranscript,
  toFirstForm,
  transcript,
  unchangedWords,
  undo,
  undoOk,
  updateWords,
  utterances,
} from "./transcript-helpers";

const openAiEnv = Object.create(env, {
  TRANSCRIPTION_SERVICE: { value: "openai-compatible" },
  OPENAI_BASE_URL: { value: FAKE_OPENAI_BASE_URL },
}) as Env;

async function processingFile(user: TestUser) {
  const id = crypto.randomUUID();
  const key = `users/${user.id}/${id}/meeting-diarized.wav`;
  const now = new Date().toISOString();
  await env.MEDIA.put(key, wav(2), { httpMetadata: { contentType: "audio/wav" } });
  await env.DB.prepare(
    "INSERT INTO audio_files (id, user_id, name, filename, storage_key, content_type, file_size, duration_seconds, status, processing_started_at, created_at, updated_at) VALUES (?, ?, 'meeting', 'meeting-diarized.wav', ?, 'audio/wav', 100, 9, 'processing', ?, ?, ?)",
  )
    .bind(id, user.id, key, now, now, now)
    .run();
  return { id, key };
}

async function deliver(user: TestUser, file: { id: string; key: string }) {
  const batch = createMessageBatch(QUEUES.transcription, [
    {
      id: `m-${crypto.randomUUID()}`,
      timestamp: new Date(),
      attempts: 1,
      body: { type: "transcribe", audio_file_id: file.id, user_id: user.id, key: file.key },
    },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, openAiEnv, ctx);
  return getQueueResult(batch, ctx);
}

/** The file back to processing, as POST retranscribe leaves it (its own queued job is not the one under test). */
async function startAgain(fileId: string, discardCorrections = false) {
  await env.DB.prepare("UPDATE audio_files SET status = 'processing', discard_corrections = ? WHERE id = ?")
    .bind(discardCorrections ? 1 : 0, fileId)
    .run();
}

const texts = (list: Json[]) => list.map((u) => u.transcriptWords.map((w: Json) => w.text).join(" "));
const withoutVersions = (list: Json[]) => list.map(({ version: _v, ...u }) => u);
const transcriptId = async (fileId: string) =>
  (await env.DB.prepare("SELECT id FROM transcripts WHERE audio_file_id = ?").bind(fileId).first<string>("id"))!;

/** A transcribed file with corrections: a word changed in the first utterance, the last one split, a speaker named, notes and summary. */
async function correctedFile(prefix: string) {
  const user = await createUser(prefix);
  const file = await processingFile(user);
  expect((await deliver(user, file)).explicitAcks).toHaveLength(1);
  const original = await utterances(user, file.id);
  expect(texts(original)).toEqual(["Good morning, everyone. Thanks for joining.", "Let's begin.", "First item: the budget."]);

  const first = original[0]!;
  const words = unchangedWords(first);
  words[1] = { id: first.transcriptWords[1].id, text: "MoveFlow", end_time: first.transcriptWords[1].endTime, confidence_score: 1 };
  expectStatus(await updateWords(user, file.id, first.id, { words }), 200);
  const last = original[2]!;
  expectStatus(
    await split(user, file.id, last.id, { first_word_id: last.transcriptWords[2].id, new_utterance_id: `split-${crypto.randomUUID()}` }),
    200,
  );
  const [speakerA] = await speakers(user, file.id);
  expectStatus(
    await call("PUT", `/transcripts/${file.id}/speakers/${speakerA!.id}`, { speaker: { name: "Ana", role: "Host" } }, user),
    200,
  );
  expectStatus(await call("PUT", `/transcripts/${file.id}`, { transcript: { notes: "My notes", summary: "My summary" } }, user), 200);
  return { user, file, original };
}

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
    const row = await env.DB.prepare("SELECT length(change) AS n FROM edit_operations WHERE transcript_id = ? ORDER BY seq DESC")
      .bind(tid)
      .first<number>("n");
    expect(row).toBeLessThan(200);

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

describe("migration 0017's backfill of the edited mark", { timeout: 30_000 }, () => {
  it("marks rows written by applied, kept operations and rows holding an edited word; undone ones stay unmarked", async () => {
    const { user, file } = await correctedFile("retx-backfill");
    const tid = await transcriptId(file.id);
    await undoOk(user, file.id); // summary/notes
    await undoOk(user, file.id); // speaker name
    await undoOk(user, file.id); // the split: its rows are no longer the user's work
    const marked = async () =>
      (
        await env.DB.prepare("SELECT id FROM utterances WHERE transcript_id = ? AND edited = 1 ORDER BY id").bind(tid).all<{ id: string }>()
      ).results.map((r) => r.id);
    const expected = await marked();
    expect(expected).toHaveLength(1);
    // As before the migration: no marks, and a row whose word was edited outside the kept history.
    const [, second] = await utterances(user, file.id);
    const words: Json[] = decodeWords(
      (await env.DB.prepare("SELECT words FROM utterances WHERE id = ?").bind(second!.id).first<string>("words"))!,
    );
    words[0]!.o = words[0]!.c;
    await env.DB.batch([
      env.DB.prepare("UPDATE utterances SET edited = 0 WHERE transcript_id = ?").bind(tid),
      env.DB.prepare("UPDATE utterances SET words = ? WHERE id = ?").bind(JSON.stringify(words), second!.id),
    ]);
    // 0017 ran on words in the first stored form and on history rows written before decision 024
    // (whole before/after states); of those it reads only each entry's id and whether it has an
    // after state: both rewritten in that shape.
    await toFirstForm();
    const ops = await env.DB.prepare("SELECT seq, change FROM edit_operations WHERE transcript_id = ?").bind(tid).all<Json>();
    for (const op of ops.results) {
      const recorded = await decodeChange(op.change as string);
      const utterances = recorded.utterances.map((u) => ("diff" in u ? { id: u.id, before: { id: u.id }, after: { id: u.id } } : u));
      await env.DB.prepare("UPDATE edit_operations SET change = ? WHERE transcript_id = ? AND seq = ?")
        .bind(JSON.stringify({ ...recorded, utterances }), tid, op.seq)
        .run();
    }
    const backfill = env.TEST_MIGRATIONS.find((m) => m.name === "0017_retranscribe_keep.sql")!.queries.find((q) =>
      q.includes("UPDATE utterances SET edited = 1"),
    )!;
    await env.DB.prepare(backfill).run();
    expect(await marked()).toEqual([...expected, second!.id].sort());
  });
});

// ------------------------------------------------------------------ property, against D1

const rowsOf = async (tid: string, where = "1 = 1") =>
  (await env.DB.prepare(`SELECT * FROM utterances WHERE transcript_id = ? AND ${where} ORDER BY order_key`).bind(tid).all<Json>()).results;

type EditSpec = { kind: "words" | "split" | "merge" | "speaker"; at: number; word: number };

/** One user operation through the same path the endpoints take; refusals (nothing to merge…) are skipped. */
async function applyEdit(tid: string, e: EditSpec, n: number) {
  const list = await rowsOf(tid);
  const u = list[e.at % list.length]!;
  const words: Json[] = decodeWords(u.words as string);
  const speakerIds = (await env.DB.prepare("SELECT id FROM speakers WHERE transcript_id = ?").bind(tid).all<{ id: string }>()).results;
  const req: OpRequest | null =
    e.kind === "words"
      ? {
          type: "update_words",
          utteranceId: u.id as string,
          words: words.map((w, i) =>
            i === e.word % words.length ? { id: w.id, text: `fix${n}`, end_time: w.e, confidence_score: 1 } : { id: w.id },
          ),
        }
      : e.kind === "split"
        ? words.length > 1
          ? {
              type: "split",
              utteranceId: u.id as string,
              firstWordId: words[1 + (e.word % (words.length - 1))]!.id,
              newUtteranceId: crypto.randomUUID(),
            }
          : null
        : e.kind === "merge"
          ? { type: "merge", targetUtteranceId: u.id as string }
          : { type: "set_speaker", utteranceId: u.id as string, speakerId: speakerIds[e.word % speakerIds.length]!.id };
  if (!req) return;
  await runOperation(env.DB, { id: tid }, req, null).catch((error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
  });
}

describe("re-transcribing after random edits (property, D1)", { timeout: 240_000 }, () => {
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
          const edited = await rowsOf(stored.transcriptId, "edited = 1");

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
          const now = new Date().toISOString();
          const rows = buildTranscriptRows(
            { id: stored.fileId, userId: user.id },
            { duration: t + 1, speakers: ["A", "B"], utterances: utterancesOut },
            {
              service: "test",
              startedAt: now,
              completedAt: now,
            },
          );
          const outcome = await mergeRetranscription(
            env.DB,
            rows,
            { detectedLanguage: null, notices: null },
            {
              discardCorrections: false,
              summary: (kept) => `kept ${kept}`,
            },
          );
          expect(outcome).toMatchObject({ merged: true, kept: edited.length });

          const after = await rowsOf(stored.transcriptId);
          const byId = new Map(after.map((r) => [r.id, r]));
          for (const row of edited) expect(byId.get(row.id)).toEqual(row);
          const starts = after.flatMap((r) => decodeWords(r.words as string).map((w) => w.s));
          for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeGreaterThanOrEqual(starts[i - 1]!);
          await expectStatsConsistent(stored.transcriptId);
        },
      ),
      { numRuns: 12 },
    );
  });
});
