// Re-transcribing a file whose transcript its room holds (decision 023, rules 2 and 4):
// the merge and its undo run in the object, D1 keeps only the header and a copy of the file's
// fields, which follows each change unless it already holds a newer one. (The behaviours both
// stores share are in retranscribe-keep.test.ts beside it.)
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildTranscriptRows } from "../../worker/transcripts/ingest";
import { mergeNewRecognition } from "../../worker/transcripts/store";
import { call, type Json } from "../worker/helpers";
import { expectStatus } from "../worker/library-helpers";
import { correctedFile, deliver, startAgain, texts, transcriptId } from "../worker/retranscribe-helpers";
import { expectIndexInStep, search, snippets } from "../worker/search-helpers";
import { headerOf, inObject } from "../worker/store-helpers";
import { NO_FIELDS, redoOk, saying, undoOk, unchangedWords, updateWords, utterances } from "../worker/transcript-helpers";

const fileOf = async (user: Parameters<typeof undoOk>[0], fileId: string) =>
  expectStatus(await call("GET", `/audio_files/${fileId}`, undefined, user), 200).data as Json;

/** The file's next run asks for this language (as POST retranscribe stores it). */
async function inLanguage(fileId: string, language: string) {
  await env.DB.prepare("UPDATE audio_files SET transcription_options = ? WHERE id = ?")
    .bind(JSON.stringify({ language, vocabulary: [], speakers: "detect" }), fileId)
    .run();
}

/** Rows of the re-transcription sides and history entries of a file's transcript in its room. */
const objectRows = (fileId: string) =>
  inObject(
    fileId,
    (sql) =>
      sql
        .exec<{ snapshots: number; utterances: number; history: number }>(
          `SELECT (SELECT count(*) FROM snapshots WHERE transcript = t.id) AS snapshots,
           (SELECT count(*) FROM snapshot_utterances WHERE transcript = t.id) AS utterances,
           (SELECT count(*) FROM history WHERE transcript = t.id) AS history
         FROM transcripts t WHERE t.file_id = ?`,
          fileId,
        )
        .toArray()[0] ?? null,
  );

describe("re-transcription in the file's transcript room", { timeout: 30_000 }, () => {
  it("merges in the object, and the file's language follows undo and redo", async () => {
    const { user, file } = await correctedFile("obj-retx-lang");
    const tid = await transcriptId(file.id);
    expect((await headerOf(tid)).fileId).toBe(file.id);
    const first = (await fileOf(user, file.id)).detectedLanguage;
    const before = await utterances(user, file.id);

    await inLanguage(file.id, "de");
    await startAgain(file.id);
    expect((await deliver(user, file)).explicitAcks).toHaveLength(1);
    const merged = await fileOf(user, file.id);
    expect(merged).toMatchObject({ status: "ready", detectedLanguage: "german" });
    expect(first).not.toBe("german");
    expect(await objectRows(file.id)).toMatchObject({ snapshots: 1, utterances: before.length });

    await undoOk(user, file.id);
    expect((await fileOf(user, file.id)).detectedLanguage).toBe(first);
    // Restored under their old keys: the same ids as before the merge.
    expect((await utterances(user, file.id)).map((u: Json) => u.id)).toEqual(before.map((u: Json) => u.id));
    expect(snippets(await search(user, "MoveFlow"))).toHaveLength(1);
    await expectIndexInStep();

    await redoOk(user, file.id);
    expect((await fileOf(user, file.id)).detectedLanguage).toBe("german");
    await expectIndexInStep();
  });

  it("its history entry weighs the sides it keeps, and the history's totals stay exact through undo and redo", async () => {
    const { user, file } = await correctedFile("obj-retx-bytes");
    await startAgain(file.id);
    await deliver(user, file);
    const weights = () =>
      inObject(file.id, (sql) =>
        sql
          .exec<{ entry: number; change: number; sides: number; transcript: number; entries: number; store: number; all: number }>(
            `SELECT h.bytes AS entry, length(h.change) AS change,
               (SELECT sum(length(words)) FROM snapshot_utterances s WHERE s.transcript = t.id AND s.seq = h.seq) AS sides,
               t.history_bytes AS transcript, (SELECT sum(bytes) FROM history WHERE transcript = t.id) AS entries,
               (SELECT history_bytes FROM store_meta) AS store, (SELECT sum(bytes) FROM history) AS "all"
             FROM transcripts t JOIN history h ON h.transcript = t.id AND h.seq = t.history_index WHERE t.file_id = ?`,
            file.id,
          )
          .one(),
      );
    const merged = await weights();
    expect(merged.entry).toBeGreaterThan(merged.change + merged.sides);
    expect([merged.transcript, merged.store]).toEqual([merged.entries, merged.all]);

    // The undo keeps the merged transcript as the entry's other side: the entry weighs both.
    await undoOk(user, file.id);
    await redoOk(user, file.id);
    const swapped = await weights();
    expect(swapped.sides).toBeGreaterThan(merged.sides);
    expect(swapped.entry - merged.entry).toBeGreaterThan(swapped.sides - merged.sides);
    expect([swapped.transcript, swapped.store]).toEqual([swapped.entries, swapped.all]);
  });

  it("a copy of the file fields older than D1's is not written", async () => {
    const { user, file } = await correctedFile("obj-retx-seq");
    await inLanguage(file.id, "de");
    await startAgain(file.id);
    await deliver(user, file);
    // As if a later change's copy had landed first.
    await env.DB.prepare("UPDATE audio_files SET transcript_fields_seq = 99 WHERE id = ?").bind(file.id).run();
    await undoOk(user, file.id);
    expect((await fileOf(user, file.id)).detectedLanguage).toBe("german");
  });

  it("a job of a run that is no longer the file's leaves the file to its own run", async () => {
    const { user, file } = await correctedFile("obj-retx-run");
    await startAgain(file.id);
    const now = new Date().toISOString();
    const rows = buildTranscriptRows({ id: file.id, workspaceId: user.id }, saying("Late words."), {
      service: "test",
      startedAt: now,
      completedAt: now,
    });
    // A job of an older run (the file has begun a newer one): its merge is not the file's result.
    const outcome = await mergeNewRecognition(env, rows, NO_FIELDS, {
      file: { processingStartedAt: "2000-01-01T00:00:00.000Z" },
      run: "2000-01-01T00:00:00.000Z",
      discardCorrections: false,
      label: { serviceLabel: "Test", language: null, terms: [] },
    });
    expect(outcome).toEqual({ merged: false });
    expect((await fileOf(user, file.id)).status).toBe("processing");
  });

  it("cutting the redo branch and deleting the file take the sides with them", async () => {
    const { user, file } = await correctedFile("obj-retx-drop");
    await startAgain(file.id);
    await deliver(user, file);
    await undoOk(user, file.id);
    expect((await objectRows(file.id))!.snapshots).toBe(2);
    // A new edit after the undo: the re-transcription can no longer be redone.
    const [u] = await utterances(user, file.id);
    const words = unchangedWords(u);
    words[0] = { id: u.transcriptWords[0].id, text: "Hello", end_time: u.transcriptWords[0].endTime, confidence_score: 1 };
    expectStatus(await updateWords(user, file.id, u.id, { words }), 200);
    expect(await objectRows(file.id)).toMatchObject({ snapshots: 0, utterances: 0 });

    await startAgain(file.id);
    await deliver(user, file);
    expect((await objectRows(file.id))!.snapshots).toBe(1);
    expect(texts(await utterances(user, file.id))[0]).toBe("Hello MoveFlow everyone. Thanks for joining.");
    expectStatus(await call("DELETE", `/audio_files/${file.id}`, undefined, user), 200);
    expect(await objectRows(file.id)).toBeNull();
    const orphans = await inObject(file.id, (sql) =>
      sql.exec<{ n: number }>("SELECT (SELECT count(*) FROM snapshots) + (SELECT count(*) FROM snapshot_utterances) AS n").one(),
    );
    expect(orphans.n).toBe(0);
  });
});
