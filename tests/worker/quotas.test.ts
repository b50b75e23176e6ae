// Per-user quotas (configurable; small ones here): folders, files, bytes stored
// and transcriptions started per hour, each refused with a clear 4xx {error},
// never counting another user's usage.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEFAULT_QUOTAS, QUOTA_MESSAGES } from "../../common/limits";
import { getConfig } from "../../worker/config";
import worker from "../../worker/index";
import { apiRequest, type Json } from "./helpers";
import { createUser, putBytes, wav, type TestUser } from "./library-helpers";

const quotaEnv = (vars: Record<string, string>) =>
  Object.create(env, Object.fromEntries(Object.entries(vars).map(([k, value]) => [k, { value }]))) as Env;

async function call(runEnv: Env, user: TestUser, method: string, path: string, body?: unknown) {
  const res = await worker.fetch(apiRequest(method, path, body, { token: user.token }), runEnv, createExecutionContext());
  return { status: res.status, body: (await res.json()) as Record<string, Json> };
}

async function upload(runEnv: Env, user: TestUser, bytes = wav(1)) {
  const filename = `q-${crypto.randomUUID().slice(0, 6)}.wav`;
  const link = await call(runEnv, user, "POST", "/audio_files/upload-url", {
    filename,
    content_type: "audio/wav",
    file_size: bytes.length,
  });
  if (link.status !== 200) return link;
  expect((await putBytes(link.body.upload_url, bytes, { "content-type": "audio/wav" })).status).toBe(200);
  return call(runEnv, user, "POST", "/audio_files/confirm-upload", {
    filename,
    key: link.body.key,
    file_size: bytes.length,
    content_type: "audio/wav",
    folder_id: "",
    duration_seconds: 1,
  });
}

describe("quotas", () => {
  it("have the documented defaults", () => {
    const config = getConfig(env);
    expect([config.QUOTA_FOLDERS, config.QUOTA_FILES, config.QUOTA_STORAGE_GB, config.QUOTA_TRANSCRIPTIONS_PER_HOUR]).toEqual([
      1_000, 10_000, 100, 60,
    ]);
    expect(DEFAULT_QUOTAS).toEqual({ folders: 1_000, files: 10_000, storageGb: 100, transcriptionsPerHour: 60 });
  });

  it("refuse a folder past the limit with 403 {error}, per user", async () => {
    const limited = quotaEnv({ QUOTA_FOLDERS: "2" });
    const [alice, bob] = [await createUser("q-folders-a"), await createUser("q-folders-b")];
    for (const name of ["One", "Two"]) expect((await call(limited, alice, "POST", "/folders", { folder: { name } })).status).toBe(201);
    const refused = await call(limited, alice, "POST", "/folders", { folder: { name: "Three" } });
    expect(refused).toEqual({ status: 403, body: { error: QUOTA_MESSAGES.folders(2) } });
    expect((await call(limited, bob, "POST", "/folders", { folder: { name: "One" } })).status).toBe(201);
  });

  it("refuse an upload past the file count, before any byte is sent", async () => {
    const limited = quotaEnv({ QUOTA_FILES: "1" });
    const user = await createUser("q-files");
    expect((await upload(limited, user)).status).toBe(201);
    const refused = await upload(limited, user);
    expect(refused).toEqual({ status: 403, body: { error: QUOTA_MESSAGES.files(1) } });
  });

  it("refuse an upload that would pass the storage limit", async () => {
    const bytes = wav(1);
    // Room for one file of this size, not two.
    const limited = quotaEnv({ QUOTA_STORAGE_GB: String((bytes.length * 1.5) / 1024 ** 3) });
    const user = await createUser("q-bytes");
    expect((await upload(limited, user, bytes)).status).toBe(201);
    const refused = await upload(limited, user, bytes);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/^This upload would take you past your/);
  });

  it("count the declared bytes of uploads in parts toward the storage limit while they are open", async () => {
    const bytes = wav(1);
    const size = bytes.length;
    // Room for one file of this size, not two.
    const limited = quotaEnv({ QUOTA_STORAGE_GB: String((size * 1.5) / 1024 ** 3) });
    const user = await createUser("q-parts");
    const start = () => call(limited, user, "POST", "/uploads", { filename: "long.wav", content_type: "audio/wav", file_size: size });
    const first = await start();
    expect(first.status).toBe(201);
    // The open upload holds its room: neither another upload in parts nor a single upload fits beside it.
    const second = await start();
    expect(second.status).toBe(403);
    expect(second.body.error).toMatch(/^This upload would take you past your/);
    expect((await upload(limited, user, bytes)).status).toBe(403);

    // Its own confirm is not counted twice: the upload becomes the file that fills the room.
    const id = first.body.data.upload_id;
    const [link] = (await call(limited, user, "POST", `/uploads/${id}/parts`, { part_numbers: [1] })).body.data;
    const part = await putBytes(link.url, bytes, { "content-length": String(size) });
    expect(part.status).toBe(200);
    const parts = [{ part_number: 1, etag: part.headers.get("etag") }];
    expect((await call(limited, user, "POST", `/uploads/${id}/complete`, { parts })).status).toBe(200);
    const confirmed = await call(limited, user, "POST", "/audio_files/confirm-upload", {
      filename: "long.wav",
      key: first.body.data.key,
      file_size: size,
      content_type: "audio/wav",
      folder_id: "",
      duration_seconds: 1,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    // Now the file holds the room, and the confirmed upload no longer adds to it.
    expect((await start()).status).toBe(403);
    await call(limited, user, "DELETE", `/audio_files/${confirmed.body.data.id}`);
    expect((await start()).status).toBe(201);
  });

  it("count uploads and retranscribes together against the hourly limit (429)", async () => {
    const limited = quotaEnv({ QUOTA_TRANSCRIPTIONS_PER_HOUR: "2" });
    const user = await createUser("q-hourly");
    const first = await upload(limited, user);
    expect(first.status).toBe(201);
    expect((await upload(limited, user)).status).toBe(201);
    expect(await upload(limited, user)).toEqual({ status: 429, body: { error: QUOTA_MESSAGES.transcriptions(2) } });
    // A retranscribe is a start too.
    await env.DB.prepare("UPDATE audio_files SET status = 'failed' WHERE id = ?").bind(first.body.data.id).run();
    expect(await call(limited, user, "POST", `/audio_files/${first.body.data.id}/retranscribe`)).toEqual({
      status: 429,
      body: { error: QUOTA_MESSAGES.transcriptions(2) },
    });
    // Starts older than an hour no longer count.
    await env.DB.prepare("UPDATE transcription_starts SET started_at = '2000-01-01T00:00:00.000Z' WHERE workspace_id = ?")
      .bind(user.id)
      .run();
    expect((await call(limited, user, "POST", `/audio_files/${first.body.data.id}/retranscribe`)).status).toBe(202);
  });

  it("never let concurrent retranscribes squeeze past the hourly limit", async () => {
    const limited = quotaEnv({ QUOTA_TRANSCRIPTIONS_PER_HOUR: "3" });
    const user = await createUser("q-race");
    const files = [];
    for (let i = 0; i < 3; i++) files.push((await upload(quotaEnv({}), user)).body.data.id as string);
    await env.DB.prepare("DELETE FROM transcription_starts WHERE workspace_id = ?").bind(user.id).run();
    await env.DB.prepare("UPDATE audio_files SET status = 'failed' WHERE workspace_id = ?").bind(user.id).run();
    const answers = await Promise.all([...files, ...files].map((id) => call(limited, user, "POST", `/audio_files/${id}/retranscribe`)));
    const started = await env.DB.prepare("SELECT count(*) n FROM transcription_starts WHERE workspace_id = ?")
      .bind(user.id)
      .first<number>("n");
    expect(started).toBeLessThanOrEqual(3);
    expect(answers.filter((a) => a.status === 202).length).toBeLessThanOrEqual(3);
  });
});
