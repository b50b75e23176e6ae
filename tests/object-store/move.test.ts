// Moving transcripts that D1 holds into their owners' objects (decision 023, step 3): the
// recovery sweep moves them a few at a time where new transcripts go to the object. The API
// answers the same before and after, undo and redo go on across the move, and an edit racing
// the move is never lost.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sweep } from "../../worker/transcription/recovery";
import { getDb } from "../../worker/db/client";
import { saveSummary } from "../../worker/summaries/stored-summary";
import { moveTranscript } from "../../worker/transcripts/move";
import { readCompactUtterances, readUtterances, readUtterancesJson, runEdit } from "../../worker/transcripts/store";
import { call, type Json } from "../worker/helpers";
import { expectStatus } from "../worker/library-helpers";
import { correctedFile, deliver, openAiEnv, startAgain, texts, transcriptId } from "../worker/retranscribe-helpers";
import { expectIndexInStep, search, snippets } from "../worker/search-helpers";
import { headerOf, storeHeader } from "../worker/store-helpers";
import { history, redoOk, speakers, transcript, undoOk, unchangedWords, updateWords, utterances } from "../worker/transcript-helpers";

/** The job's environment with new transcripts in D1, as before the move began. */
const inD1 = Object.create(openAiEnv, { TRANSCRIPT_STORE: { value: "d1" } }) as Env;

type User = Parameters<typeof utterances>[0];

/** Everything the API shows of a file's transcript. */
async function shown(user: User, fileId: string) {
  const compact = expectStatus(await call("GET", `/transcripts/${fileId}/utterances?format=compact`, undefined, user), 200);
  const corrections = expectStatus(await call("GET", `/audio_files/${fileId}/corrections`, undefined, user), 200);
  const { operations, ...log } = await history(user, fileId);
  return {
    transcript: await transcript(user, fileId),
    utterances: await utterances(user, fileId),
    compact: compact.data,
    speakers: await speakers(user, fileId),
    history: { ...log, operations: operations.map(({ timestamp: _t, ...op }: Json) => op) },
    corrections: corrections.data,
    search: snippets(await search(user, "MoveFlow")),
  };
}

const d1Rows = (tid: string) =>
  env.DB.prepare(
    `SELECT (SELECT count(*) FROM utterances WHERE transcript_id = ?1) + (SELECT count(*) FROM speakers WHERE transcript_id = ?1)
       + (SELECT count(*) FROM edit_operations WHERE transcript_id = ?1) + (SELECT count(*) FROM snapshot_utterances WHERE transcript_id = ?1) AS n`,
  )
    .bind(tid)
    .first<number>("n");

describe("moving D1's transcripts into their owners' objects", { timeout: 60_000 }, () => {
  it("moves content, history and a re-transcription's sides; the API answers the same, and undo goes on across the move", async () => {
    const { user, file } = await correctedFile("move-all", inD1);
    const corrected = await utterances(user, file.id);
    await startAgain(file.id);
    expect((await deliver(user, file, inD1)).explicitAcks).toHaveLength(1);
    const tid = await transcriptId(file.id);
    expect((await headerOf(tid)).store).toBe("d1");
    const before = await shown(user, file.id);

    const result = await sweep(env);
    expect(result.transcripts.moved).toBeGreaterThanOrEqual(1);
    expect((await headerOf(tid)).store).toBe("object");
    expect(await d1Rows(tid)).toBe(0);
    expect(await shown(user, file.id)).toEqual(before);
    await expectIndexInStep();

    // The re-transcription undone from the sides that moved: the corrected transcript, same ids.
    await undoOk(user, file.id);
    const back = await utterances(user, file.id);
    expect(back.map(({ version: _v, ...u }: Json) => u)).toEqual(corrected.map(({ version: _v, ...u }: Json) => u));
    await undoOk(user, file.id); // summary and notes
    await undoOk(user, file.id); // the speaker's name
    await undoOk(user, file.id); // the split
    expect(texts(await utterances(user, file.id))).toEqual([
      "Good MoveFlow everyone. Thanks for joining.",
      "Let's begin.",
      "First item: the budget.",
    ]);
    for (let i = 0; i < 4; i++) await redoOk(user, file.id);
    expect((await utterances(user, file.id)).map((u: Json) => u.transcriptWords)).toEqual(
      before.utterances.map((u: Json) => u.transcriptWords),
    );
    // New edits and splits after the move, with ids the client makes.
    const [first] = await utterances(user, file.id);
    expectStatus(
      await call(
        "POST",
        `/transcripts/${file.id}/utterances/${first.id}/split`,
        { first_word_id: first.transcriptWords[1].id, new_utterance_id: `after-move-${crypto.randomUUID()}` },
        user,
      ),
      200,
    );
    await expectIndexInStep();
  });

  it("never loses an edit that races the move", async () => {
    const { user, file } = await correctedFile("move-race", inD1);
    const tid = await transcriptId(file.id);
    const list = await utterances(user, file.id);
    const edit = (u: Json, i: number) => {
      const words = unchangedWords(u);
      words[0] = { id: u.transcriptWords[0].id, text: `raced${i}`, end_time: u.transcriptWords[0].endTime, confidence_score: 1 };
      return updateWords(user, file.id, u.id, { words });
    };
    const [outcome, ...answers] = await Promise.all([moveTranscript(env, tid), ...list.map(edit)]);
    for (const answer of answers) expectStatus(answer, 200);
    // Whether the move went first or found the transcript changed, a later run finishes it.
    if (outcome !== "moved") expect(await moveTranscript(env, tid)).toBe("moved");
    expect((await headerOf(tid)).store).toBe("object");
    const after = await utterances(user, file.id);
    expect(after.map((u: Json) => u.transcriptWords[0].text)).toEqual(list.map((_u: Json, i: number) => `raced${i}`));
    await expectIndexInStep();
  });

  it("a read or write that read D1's header before the move runs in the object", async () => {
    const { user, file } = await correctedFile("move-late", inD1);
    const tid = await transcriptId(file.id);
    const stale = await storeHeader(tid);
    const list = await utterances(user, file.id);
    const [u] = list;
    expect(await moveTranscript(env, tid)).toBe("moved");
    const words = unchangedWords(u);
    words[0] = { id: u.transcriptWords[0].id, text: "Late", end_time: u.transcriptWords[0].endTime, confidence_score: 1 };
    // A read that found D1's rows gone answers from the object, not an empty transcript.
    const db = getDb(env.DB);
    expect(JSON.parse(await readUtterancesJson(env, db, stale))).toEqual(list);
    expect((await readCompactUtterances(env, db, stale)).utterances).toHaveLength(list.length);
    expect(await readUtterances(env, db, stale)).toEqual(JSON.parse(await readUtterancesJson(env, db, stale)));
    const outcome = await runEdit(env, stale, { type: "update_words", utteranceId: u.id, words }, null);
    expect(outcome.result.utterances[0]!.transcriptWords[0]!.text).toBe("Late");
    await saveSummary(env, getDb(env.DB), stale, "A late summary", { summaryType: "gist", summaryModel: "test" }, true);
    expect(texts(await utterances(user, file.id))[0]).toBe("Late MoveFlow everyone. Thanks for joining.");
    expect(await transcript(user, file.id)).toMatchObject({ summary: "A late summary" });
    expect(await d1Rows(tid)).toBe(0);
  });

  it("leaves a transcript whose file is gone, and one already moved, alone", async () => {
    const { user, file } = await correctedFile("move-gone", inD1);
    const tid = await transcriptId(file.id);
    expect(await moveTranscript(env, tid)).toBe("moved");
    expect(await moveTranscript(env, tid)).toBe("gone");
    expectStatus(await call("DELETE", `/audio_files/${file.id}`, undefined, user), 200);
    expect(await moveTranscript(env, tid)).toBe("gone");
  });
});
