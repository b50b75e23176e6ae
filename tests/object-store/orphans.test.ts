// The orphan sweep (decision 023, rule 6): a transcript room, on its alarm, purges itself when D1
// no longer has its file (unless the transcript was written too recently for D1 to have followed),
// and its texts leave the workspace's index.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { transcriptRoom } from "../../worker/objects";
import { createUser, expectStatus } from "../worker/library-helpers";
import { get } from "../worker/helpers";
import { inObject } from "../worker/store-helpers";
import { saying, storeTranscript, utterances } from "../worker/transcript-helpers";

const held = (fileId: string) => inObject(fileId, (sql) => sql.exec<{ n: number }>("SELECT count(*) AS n FROM transcripts").one().n);

/** As if the transcript had been written this long ago. */
const writtenAgo = (fileId: string, ms: number) =>
  inObject(fileId, (sql) => sql.exec("UPDATE transcripts SET stored_at = ?", new Date(Date.now() - ms).toISOString()));

describe("the orphan sweep in a transcript room", { timeout: 30_000 }, () => {
  it("purges a room whose file D1 no longer has, keeps the others, and comes back while it holds a transcript", async () => {
    const user = await createUser("orphans");
    const kept = await storeTranscript(user, saying("Still here."));
    const orphan = await storeTranscript(user, saying("Left behind."));
    const young = await storeTranscript(user, saying("Just written."));
    // Ingest set the alarm, a day away (the test runs it now).
    const alarm = await runInDurableObject(transcriptRoom(env, orphan.fileId), (_instance, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    // Found by its words before it is orphaned.
    const found = async () => expectStatus(await get("/search?q=behind", { token: user.token }), 200).data.length;
    expect(await found()).toBe(1);
    // Two files leave D1 without a purge (a folder deleted as a file was added to it).
    await env.DB.prepare("DELETE FROM audio_files WHERE id IN (?, ?)").bind(orphan.fileId, young.fileId).run();
    for (const file of [kept, orphan]) await writtenAgo(file.fileId, 2 * 3600 * 1000);
    for (const file of [kept, orphan, young]) expect(await runDurableObjectAlarm(transcriptRoom(env, file.fileId))).toBe(true);
    expect([await held(kept.fileId), await held(orphan.fileId), await held(young.fileId)]).toEqual([1, 0, 1]);
    expect((await utterances(user, kept.fileId)).length).toBe(1);
    expect(await found()).toBe(0);
    // The young one is checked again later, and goes once old enough.
    await writtenAgo(young.fileId, 2 * 3600 * 1000);
    expect(await runDurableObjectAlarm(transcriptRoom(env, young.fileId))).toBe(true);
    expect(await held(young.fileId)).toBe(0);
  });
});
