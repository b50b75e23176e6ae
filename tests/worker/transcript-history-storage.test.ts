// How history rows are stored (decision 024): an edit records a diff, a few
// hundred bytes rather than its utterance's whole states, and rows written
// before as whole states (plain or gzipped) still undo and redo exactly.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Change, UtteranceState } from "../../common/transcript-ops";
import { WITH_POSITION, type PositionedRow } from "../../worker/transcripts/read";
import { toUtteranceState } from "../../worker/transcripts/rows";
import type { Json } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import {
  expectStatsConsistent,
  merge,
  redoOk,
  sampleTranscript,
  split,
  undoOk,
  unchangedWords,
  updateWords,
  userWithTranscript,
  utterances,
} from "./transcript-helpers";

/** The rows as stored, with the server's own edited mark. */
async function states(transcriptId: string): Promise<Map<string, UtteranceState>> {
  const { results } = await env.DB.prepare(`SELECT ${WITH_POSITION} FROM utterances u WHERE u.transcript_id = ?`)
    .bind(transcriptId)
    .all<PositionedRow>();
  return new Map(results.map((row) => [row.id, toUtteranceState(row, row.position)]));
}

/** The change of the newest operation as rows were stored before decision 024: every touched utterance's whole states. */
function wholeStates(before: Map<string, UtteranceState>, after: Map<string, UtteranceState>, ids: string[]): Change {
  return { utterances: ids.map((id) => ({ id, before: before.get(id) ?? null, after: after.get(id) ?? null })) };
}

async function gzipped(json: string): Promise<string> {
  const bytes = new Uint8Array(await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
  return `gz:${btoa(String.fromCharCode(...bytes))}`;
}

const storedChange = (transcriptId: string) =>
  env.DB.prepare("SELECT change FROM edit_operations WHERE transcript_id = ? ORDER BY seq DESC LIMIT 1")
    .bind(transcriptId)
    .first<string>("change");

const oneWordEdit = (u: Json, text: string) => ({
  words: [
    unchangedWords(u)[0],
    { id: u.transcriptWords[1].id, text, end_time: u.transcriptWords[1].endTime, confidence_score: 1 },
    ...unchangedWords(u).slice(2),
  ],
});

const withoutVersions = (list: Json[]) => list.map(({ version: _version, ...u }) => u);

describe("history rows", { timeout: 60_000 }, () => {
  it("written before diffs (whole states, plain or gzipped) still undo and redo exactly", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("old-history", sampleTranscript(4, 6));
    const list = await utterances(user, fileId);
    const start = withoutVersions(list);
    const ops: [string[], (u: TestUser) => Promise<{ status: number }>, boolean][] = [
      [[list[1].id], (u) => updateWords(u, fileId, list[1].id, oneWordEdit(list[1], "old")), false],
      [
        [list[2].id, "old-split"],
        (u) => split(u, fileId, list[2].id, { first_word_id: list[2].transcriptWords[3].id, new_utterance_id: "old-split" }),
        true,
      ],
      [[list[0].id, list[1].id], (u) => merge(u, fileId, list[0].id), false],
    ];
    for (const [ids, op, zip] of ops) {
      const before = await states(transcriptId);
      expectStatus((await op(user)) as Json, 200);
      const json = JSON.stringify(wholeStates(before, await states(transcriptId), ids));
      await env.DB.prepare(
        "UPDATE edit_operations SET change = ? WHERE transcript_id = ? AND seq = (SELECT history_index FROM transcripts WHERE id = ?)",
      )
        .bind(zip ? await gzipped(json) : json, transcriptId, transcriptId)
        .run();
    }
    const end = withoutVersions(await utterances(user, fileId));
    expect(end).not.toEqual(start);

    for (const _ of ops) await undoOk(user, fileId);
    expect(withoutVersions(await utterances(user, fileId))).toEqual(start);
    await expectStatsConsistent(transcriptId);
    for (const _ of ops) await redoOk(user, fileId);
    expect(withoutVersions(await utterances(user, fileId))).toEqual(end);
    await expectStatsConsistent(transcriptId);
  });

  it("of a one-word edit are a few hundred bytes, whatever the utterance's length", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("small-history", sampleTranscript(2, 30));
    const [u] = await utterances(user, fileId);
    const before = await states(transcriptId);
    expectStatus(await updateWords(user, fileId, u.id, oneWordEdit(u, "changed")), 200);
    const stored = (await storedChange(transcriptId))!;
    const whole = JSON.stringify(wholeStates(before, await states(transcriptId), [u.id]));
    console.log(`one-word edit of a 30-word utterance: ${stored.length} bytes stored (whole states: ${whole.length})`);
    expect(stored.length).toBeLessThan(400);
    expect(whole.length).toBeGreaterThan(10 * stored.length);

    // And it still undoes and redoes exactly.
    const edited = withoutVersions(await utterances(user, fileId));
    await undoOk(user, fileId);
    expect(withoutVersions(await utterances(user, fileId))[0]).toEqual(withoutVersions([u])[0]);
    await redoOk(user, fileId);
    expect(withoutVersions(await utterances(user, fileId))).toEqual(edited);
  });
});
