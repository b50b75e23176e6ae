// Migration 0017 backfilled the edited mark on D1's utterances from their history (decision 017):
// run again here on rows put back in the shapes it found, it marks what a user's operations wrote.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decodeChange } from "../../worker/transcripts/change-codec";
import { decodeWords } from "../../worker/transcripts/stored-words";
import type { Json } from "./helpers";
import { correctedFile, transcriptId } from "./retranscribe-helpers";
import { toFirstForm, undoOk, utterances } from "./transcript-helpers";

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
