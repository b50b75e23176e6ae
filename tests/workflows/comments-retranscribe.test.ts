// Comments through a re-transcription (decision 040): a thread on a kept (corrected) utterance
// stays on its words; one on replaced words follows the new words spoken in its time; the
// re-transcription's undo puts it back on the old words.
import { describe, expect, it } from "vitest";
import type { Json } from "../worker/helpers";
import { expectStatus, type TestUser } from "../worker/library-helpers";
import { correctedFile, deliver, startAgain } from "../worker/retranscribe-helpers";
import { undoOk, utterances } from "../worker/transcript-helpers";
import { as } from "../worker/workspace-helpers";

const anchors = async (user: TestUser, fileId: string) =>
  Object.fromEntries(
    (expectStatus(await as(user, "GET", `/transcripts/${fileId}/comments`), 200).data as Json[]).map((c) => [c.body, c.anchor]),
  );

describe("comments through a re-transcription", { timeout: 60_000 }, () => {
  it("stay on kept words, follow replaced ones by time, and go back with the undo", async () => {
    const { user, file } = await correctedFile("comments-retx");
    const [corrected, plain] = await utterances(user, file.id);
    const on = (u: Json, from: number, to: number, body: string) =>
      as(user, "POST", `/transcripts/${file.id}/comments`, {
        start_word_id: u.transcriptWords[from].id,
        end_word_id: u.transcriptWords[to].id,
        body,
      });
    expectStatus(await on(corrected, 1, 1, "kept"), 201);
    expectStatus(await on(plain, 0, plain.transcriptWords.length - 1, "replaced"), 201);
    const before = await anchors(user, file.id);
    expect(before.kept).toMatchObject({ text: "MoveFlow", removed: false });
    expect(before.replaced).toMatchObject({ text: "Let's begin.", removed: false });

    await startAgain(file.id);
    expect((await deliver(user, file)).explicitAcks).toHaveLength(1);
    const after = await anchors(user, file.id);
    expect(after.kept).toEqual(before.kept);
    const [, fresh] = await utterances(user, file.id);
    expect(fresh.id).not.toBe(plain.id);
    expect(after.replaced).toMatchObject({
      start_word_id: fresh.transcriptWords[0].id,
      end_word_id: fresh.transcriptWords.at(-1).id,
      text: "Let's begin.",
      removed: false,
    });

    await undoOk(user, file.id);
    expect(await anchors(user, file.id)).toEqual(before);
  });

  it("a re-transcription that discards corrections moves every thread to the new words in its time", async () => {
    const { user, file } = await correctedFile("comments-retx-discard");
    const [corrected] = await utterances(user, file.id);
    const word = corrected.transcriptWords[1];
    expectStatus(
      await as(user, "POST", `/transcripts/${file.id}/comments`, { start_word_id: word.id, end_word_id: word.id, body: "x" }),
      201,
    );

    await startAgain(file.id, true);
    expect((await deliver(user, file)).explicitAcks).toHaveLength(1);
    const { x } = await anchors(user, file.id);
    expect(x.removed).toBe(false);
    expect(x.start_word_id).not.toBe(word.id);
    // The recognition's own word in that time, not the correction.
    expect(x.text).not.toBe("MoveFlow");
  });
});
