// The orphan sweep (decision 023, rule 6): a user's object, on its alarm, purges the transcripts
// whose files D1 no longer points at it, leaving those D1 knows and those written too recently
// for D1's header to have followed.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { userStore } from "../../worker/channel";
import { createUser } from "../worker/library-helpers";
import { inObject } from "../worker/store-helpers";
import { saying, storeTranscript, utterances } from "../worker/transcript-helpers";

const filesHeld = (userId: string) =>
  inObject(userId, (sql) =>
    sql
      .exec<{ file_id: string }>("SELECT file_id FROM transcripts ORDER BY file_id")
      .toArray()
      .map((r) => r.file_id),
  );

/** As if the transcript had been written this long ago. */
const writtenAgo = (userId: string, fileId: string, ms: number) =>
  inObject(userId, (sql) =>
    sql.exec("UPDATE transcripts SET stored_at = ? WHERE file_id = ?", new Date(Date.now() - ms).toISOString(), fileId),
  );

describe("the orphan sweep in the user's object", { timeout: 30_000 }, () => {
  it("purges what D1 no longer points at, keeps the rest, and comes back while it holds transcripts", async () => {
    const user = await createUser("orphans");
    const kept = await storeTranscript(user, saying("Still here."));
    const orphan = await storeTranscript(user, saying("Left behind."));
    const young = await storeTranscript(user, saying("Just written."));
    const store = userStore(env, user.id);
    // Ingest set the alarm, a day away (the test runs it now).
    const alarm = await runInDurableObject(store, (_instance, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    // Two files leave D1 without a purge (a folder deleted as a file was added to it).
    await env.DB.prepare("DELETE FROM audio_files WHERE id IN (?, ?)").bind(orphan.fileId, young.fileId).run();
    for (const file of [kept, orphan]) await writtenAgo(user.id, file.fileId, 2 * 3600 * 1000);
    const ran = await runDurableObjectAlarm(store);
    expect(ran).toBe(true);
    expect(await filesHeld(user.id)).toEqual([kept.fileId, young.fileId].sort());
    expect((await utterances(user, kept.fileId)).length).toBe(1);
    const search = await inObject(user.id, (sql) =>
      sql.exec<{ n: number }>("SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH 'behind'").one(),
    );
    expect(search.n).toBe(0);
    // Set again for the next check, since the store still holds transcripts.
    await writtenAgo(user.id, young.fileId, 2 * 3600 * 1000);
    expect(await runDurableObjectAlarm(store)).toBe(true);
    expect(await filesHeld(user.id)).toEqual([kept.fileId]);
  });
});
