// The edit limit belongs to the person acting (decision 053): one member's burst never refuses a
// colleague's edit in the same workspace, and follows the member into every file they edit.
import { describe, expect, it } from "vitest";
import { EDIT_LIMITS } from "../../core/edit-limits";
import { call, type Json } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import { storeTranscript, unchangedWords, updateWords, utterances } from "./transcript-helpers";
import { as, team } from "./workspace-helpers";

/** 5,000 new words of 100 characters: about a megabyte of history, the heaviest edit there is. */
const hugeWords = (round: number) =>
  Array.from({ length: EDIT_LIMITS.wordsPerUtteranceMax }, (_, i) => ({
    id: `r${round}w${i}`,
    text: `${round}-${i}-`.padEnd(EDIT_LIMITS.wordTextMax, "abcdefghij"),
    start_time: i * 0.0002,
    end_time: i * 0.0002 + 0.0001,
    confidence_score: 0.9,
  }));

async function teamFile(owner: TestUser, workspaceId: string) {
  const { fileId } = await storeTranscript(owner);
  expectStatus(await as(owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: workspaceId } }), 200);
  return fileId;
}

const oneWord = async (user: TestUser, fileId: string, text: string) => {
  const [u] = await utterances(user, fileId);
  const words = unchangedWords(u);
  words[0] = { id: u.transcriptWords[0].id, text };
  return updateWords(user, fileId, u.id, { words });
};

describe("the edit limit per person", { timeout: 120_000 }, () => {
  it("refuses only the member who burst, in every file, and never a colleague", async () => {
    const t = await team();
    const [busy, quiet] = [await teamFile(t.owner, t.workspace.id), await teamFile(t.owner, t.workspace.id)];
    const [u0] = await utterances(t.editor, busy);
    let refused: Json | undefined;
    for (let round = 0; round < 12 && !refused; round++) {
      const result = await call(
        "PATCH",
        `/transcripts/${busy}/utterances/${u0.id}/update_words`,
        { words: hugeWords(round) },
        { token: t.editor.token },
      );
      if (result.status === 429) refused = result.body;
      else expectStatus(result, 200);
    }
    expect(refused?.error).toMatch(/Too many edits/);
    // The editor waits in the other file too; the owner edits both at once.
    expect((await oneWord(t.editor, quiet, "mine")).status).toBe(429);
    expectStatus(await oneWord(t.owner, quiet, "Owner"), 200);
    expectStatus(await oneWord(t.owner, busy, "Also"), 200);
  });
});
