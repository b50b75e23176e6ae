// Recording in the browser (docs/api.md, Recordings): chunks sent while recording, each stored on
// its own, joined in order into one file by a job on finish and handed to transcription (whose
// service here says it is not available: the Worker tests have no speech service by default);
// unfinished ones are listed, discarded, or removed by the sweep after a day.
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { QUOTA_MESSAGES } from "../../common/limits";
import { RECORDING_LIMITS, RECORDING_MESSAGES } from "../../common/recordings";
import worker from "../../worker/index";
import { chunkKey } from "../../worker/recordings/store";
import { sweep } from "../../worker/transcription/recovery";
import { API, apiRequest, FILE_IP, type Json } from "./helpers";
import { bytesEqual, createUser, expectStatus, type TestUser } from "./library-helpers";
import { as, settled, team } from "./workspace-helpers";

const withVars = (vars: Record<string, string>) =>
  Object.create(env, Object.fromEntries(Object.entries(vars).map(([k, value]) => [k, { value }]))) as Env;

function chunkRequest(user: TestUser, id: string, n: number | string, bytes: Uint8Array) {
  return new Request(`${API}/recordings/${id}/chunks/${n}`, {
    method: "PUT",
    body: bytes,
    headers: { authorization: `Bearer ${user.token}`, "content-type": "audio/webm", "cf-connecting-ip": FILE_IP },
  });
}

async function sendChunk(user: TestUser, id: string, n: number | string, bytes: Uint8Array, on?: Env) {
  const res = on
    ? await worker.fetch(chunkRequest(user, id, n, bytes), on, createExecutionContext())
    : await exports.default.fetch(chunkRequest(user, id, n, bytes));
  return { status: res.status, body: (await res.json()) as Json };
}

/** Bytes that say which chunk they are, so a join in the wrong order shows. */
const chunkBytes = (n: number, size = 1000) => new Uint8Array(size).map((_, i) => (n * 31 + i) % 251);

const start = async (user: TestUser, body: Json = {}) =>
  expectStatus(await as(user, "POST", "/recordings", { mime_type: "audio/webm;codecs=opus", ...body }), 201).data;

const storedChunks = async (id: string) => (await env.MEDIA.list({ prefix: `recordings/${id}/` })).objects.length;

describe("recordings", { timeout: 120_000 }, () => {
  it("stores chunks sent out of order and again, joins them in order into the file on finish, and transcription follows", async () => {
    const user = await createUser("rec");
    const recording = await start(user, { name: "Standup" });
    expect(recording).toMatchObject({ name: "Standup", mime_type: "audio/webm", workspace_id: user.id, chunk_count: 0, bytes: 0 });
    const chunks = [0, 1, 2].map((n) => chunkBytes(n, 1000 + n));
    for (const n of [2, 0, 1])
      expect(await sendChunk(user, recording.id, n, chunks[n]!)).toEqual({ status: 200, body: { data: { n, size: 1000 + n } } });
    // Chunk 1 again (a retry after a lost answer): it replaces itself, not adds.
    expectStatus(await sendChunk(user, recording.id, 1, chunks[1]!), 200);
    const listed = expectStatus(await as(user, "GET", "/recordings"), 200).data;
    expect(listed).toEqual([{ ...recording, chunk_count: 3, bytes: 3003 }]);

    const started = expectStatus(await as(user, "POST", `/recordings/${recording.id}/finish`, { chunk_count: 3 }), 202).data;
    expect(started).toMatchObject({ name: "Standup.webm", status: "processing", workspaceId: user.id });
    // Finishing again (a lost answer) answers the same file.
    expect(expectStatus(await as(user, "POST", `/recordings/${recording.id}/finish`, { chunk_count: 3 }), 200).data.id).toBe(started.id);
    // No more chunks once finished.
    expect(await sendChunk(user, recording.id, 3, chunkBytes(3))).toEqual({ status: 409, body: { error: RECORDING_MESSAGES.finished } });

    const file = await settled(user, started.id);
    expect(file).toMatchObject({ fileSize: 3003, status: "failed" });
    expect(file.failureReason ?? "").toContain("is not available here");
    const key = await env.DB.prepare("SELECT storage_key FROM audio_files WHERE id = ?").bind(started.id).first<string>("storage_key");
    const object = await env.MEDIA.get(key!);
    expect(object?.httpMetadata?.contentType).toBe("audio/webm");
    const stored = new Uint8Array(await object!.arrayBuffer());
    const expected = new Uint8Array([...chunks[0]!, ...chunks[1]!, ...chunks[2]!]);
    expect(bytesEqual(stored, expected)).toBe(true);
    // The chunks are gone from storage and the recording from the list.
    expect(await storedChunks(recording.id)).toBe(0);
    expect(expectStatus(await as(user, "GET", "/recordings"), 200).data).toEqual([]);
  });

  it("refuses a finish with a chunk missing, naming it; the chunks saved before the gap can still be joined", async () => {
    const user = await createUser("rec-gap");
    const recording = await start(user);
    for (const n of [0, 1, 3]) expectStatus(await sendChunk(user, recording.id, n, chunkBytes(n)), 200);
    const refused = expectStatus(await as(user, "POST", `/recordings/${recording.id}/finish`, { chunk_count: 4 }), 422);
    expect(refused).toEqual({ error: RECORDING_MESSAGES.chunkMissing(2) });
    expect(RECORDING_MESSAGES.chunkMissing(2)).toBe("Chunk 2 of the recording was never received, so the recording cannot be joined.");
    // The list offers what can be joined: the chunks before the gap.
    const [listed] = expectStatus(await as(user, "GET", "/recordings"), 200).data;
    expect(listed).toMatchObject({ id: recording.id, chunk_count: 2, bytes: 2000 });
    const started = expectStatus(await as(user, "POST", `/recordings/${recording.id}/finish`, { chunk_count: 2 }), 202).data;
    expect(await settled(user, started.id)).toMatchObject({ fileSize: 2000 });
    // The chunk past the gap went with the others.
    expect(await storedChunks(recording.id)).toBe(0);
  });

  it("answers 4xx {error} for a bad type, chunk number, empty or too large chunk, and another's recording", async () => {
    const [user, other] = [await createUser("rec-bad"), await createUser("rec-other")];
    expect(expectStatus(await as(user, "POST", "/recordings", { mime_type: "text/html" }), 422)).toEqual({
      error: RECORDING_MESSAGES.typeInvalid,
    });
    expectStatus(await as(user, "POST", "/recordings", { mime_type: "audio/webm", extra: 1 }), 422);
    const recording = await start(user);
    for (const n of [-1, RECORDING_LIMITS.maxChunks, "x"])
      expect(await sendChunk(user, recording.id, n, chunkBytes(0))).toEqual({
        status: 422,
        body: { error: RECORDING_MESSAGES.chunkNumberInvalid },
      });
    expect(await sendChunk(user, recording.id, 0, new Uint8Array(0))).toEqual({
      status: 422,
      body: { error: RECORDING_MESSAGES.chunkEmpty },
    });
    const tooBig = new Uint8Array(RECORDING_LIMITS.chunkMaxBytes + 1);
    expect(await sendChunk(user, recording.id, 0, tooBig)).toEqual({ status: 413, body: { error: RECORDING_MESSAGES.chunkTooLarge } });
    for (const [method, path, body] of [
      ["PUT", `/recordings/${recording.id}/chunks/0`, undefined],
      ["POST", `/recordings/${recording.id}/finish`, { chunk_count: 1 }],
      ["DELETE", `/recordings/${recording.id}`, undefined],
    ] as const) {
      const answer = method === "PUT" ? await sendChunk(other, recording.id, 0, chunkBytes(0)) : await as(other, method, path, body);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: RECORDING_MESSAGES.notFound });
    }
    expect(expectStatus(await as(user, "POST", `/recordings/${recording.id}/finish`, { chunk_count: 0 }), 422)).toEqual({
      error: RECORDING_MESSAGES.chunkCountInvalid,
    });
    expectStatus(await as(user, "POST", "/recordings/not-an-id/finish", { chunk_count: 1 }), 422);
  });

  it("follows the workspace's roles: a viewer may not record, a stranger is told it is not there", async () => {
    const t = await team();
    const into = { workspace_id: t.workspace.id };
    expectStatus(await as(t.viewer, "POST", "/recordings", { mime_type: "audio/ogg", ...into }), 403);
    expectStatus(await as(t.commenter, "POST", "/recordings", { mime_type: "audio/ogg", ...into }), 403);
    expectStatus(await as(t.stranger, "POST", "/recordings", { mime_type: "audio/ogg", ...into }), 404);
    const recording = await start(t.editor, into);
    expect(recording.workspace_id).toBe(t.workspace.id);
    expectStatus(await sendChunk(t.editor, recording.id, 0, chunkBytes(0)), 200);
    // The owner cannot send into the editor's recording: it is the editor's.
    expectStatus(await sendChunk(t.owner, recording.id, 1, chunkBytes(1)), 404);
  });

  it("counts chunks toward the workspace's storage and refuses one past it", async () => {
    const user = await createUser("rec-quota");
    // Room for two chunks of 1000 bytes, not three.
    const limited = withVars({ QUOTA_STORAGE_GB: String(2500 / 1024 ** 3) });
    const recording = await start(user);
    for (const n of [0, 1]) expectStatus(await sendChunk(user, recording.id, n, chunkBytes(n), limited), 200);
    // Sending one again fits: it replaces its own bytes.
    expectStatus(await sendChunk(user, recording.id, 1, chunkBytes(1), limited), 200);
    expect(await sendChunk(user, recording.id, 2, chunkBytes(2), limited)).toEqual({
      status: 403,
      body: { error: QUOTA_MESSAGES.storage(2500 / 1024 ** 3) },
    });
  });

  it("discards a recording with its chunks; the sweep removes one left unfinished for a day", async () => {
    const user = await createUser("rec-discard");
    const [kept, left] = [await start(user), await start(user)];
    for (const r of [kept, left]) expectStatus(await sendChunk(user, r.id, 0, chunkBytes(0)), 200);
    expect(expectStatus(await as(user, "DELETE", `/recordings/${kept.id}`), 200)).toEqual({ message: RECORDING_MESSAGES.discarded });
    expect(await env.MEDIA.head(chunkKey(kept.id, 0))).toBeNull();
    expectStatus(await as(user, "DELETE", `/recordings/${kept.id}`), 404);

    await env.DB.prepare("UPDATE recordings SET created_at = ? WHERE id = ?").bind("2000-01-01T00:00:00.000Z", left.id).run();
    expect((await sweep(env)).recordingsRemoved).toBeGreaterThanOrEqual(1);
    expect(await storedChunks(left.id)).toBe(0);
    expect(expectStatus(await as(user, "GET", "/recordings"), 200).data).toEqual([]);
  });

  it("joins a finished recording whose job was lost when the sweep sends it again", async () => {
    const user = await createUser("rec-lost");
    const recording = await start(user);
    for (const n of [0, 1]) expectStatus(await sendChunk(user, recording.id, n, chunkBytes(n)), 200);
    // The queue drops the join's message (the platform's queue, replaced: our code is the same).
    const dropping = Object.create(env, { RECORDING_QUEUE: { value: { send: async () => undefined } } }) as Env;
    const finish = apiRequest("POST", `/recordings/${recording.id}/finish`, { chunk_count: 2 }, { token: user.token });
    const res = await worker.fetch(finish, dropping, createExecutionContext());
    const started = ((await res.json()) as Json).data;
    expect([res.status, started.status]).toEqual([202, "processing"]);
    const longAgo = new Date(Date.now() - 3600_000).toISOString();
    await env.DB.prepare("UPDATE audio_files SET processing_started_at = ?, job_heartbeat_at = NULL WHERE id = ?")
      .bind(longAgo, started.id)
      .run();

    expect((await sweep(env)).requeued).toBeGreaterThanOrEqual(1);
    const file = await settled(user, started.id);
    expect(file.fileSize).toBe(2000);
    expect(file.failureReason ?? "").toContain("is not available here");
    expect(await storedChunks(recording.id)).toBe(0);
  });

  it("allows a few unfinished recordings per user at once", async () => {
    const user = await createUser("rec-open");
    for (let i = 0; i < RECORDING_LIMITS.maxOpen; i++) await start(user);
    const res = await worker.fetch(
      apiRequest("POST", "/recordings", { mime_type: "audio/webm" }, { token: user.token }),
      env,
      createExecutionContext(),
    );
    expect([res.status, await res.json()]).toEqual([429, { error: RECORDING_MESSAGES.tooManyOpen }]);
  });
});
