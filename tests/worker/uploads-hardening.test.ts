// Uploads that cannot be turned against a file: a link works once, names with
// ".." are ordinary names, the client's duration is believed only when the
// file's size allows it, and uploads never confirmed are removed after a day.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LIBRARY_MESSAGES } from "../../common/library";
import worker from "../../worker/index";
import { call, expectOk, typedApi } from "./helpers";
import { audioRow, bytesEqual, createUser, media, putBytes, uploadFile, uploadObject, wav } from "./library-helpers";

const runCron = () =>
  worker.scheduled(
    { cron: "*/15 * * * *", scheduledTime: Date.now(), type: "scheduled", noRetry() {} } as ScheduledController,
    env,
    createExecutionContext(),
  );

describe("upload hardening", () => {
  it("an upload link cannot replace a confirmed file's media, with the right size or not", async () => {
    const user = await createUser("once");
    const original = wav(1);
    const { upload_url, key, file } = await uploadFile(user.token, { bytes: original });
    const other = wav(2);
    const again = await putBytes(upload_url, other, { "content-type": "audio/wav" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: LIBRARY_MESSAGES.uploadLinkUsed });
    const wrongSize = await putBytes(upload_url, original.slice(0, 10), { "content-type": "audio/wav" });
    expect(wrongSize.status).toBe(409);
    const stored = await media().get(key);
    expect(bytesEqual(new Uint8Array(await stored!.arrayBuffer()), original)).toBe(true);
    expect((await audioRow(file.id))!.file_size).toBe(original.length);
  });

  it("names with '..' inside upload and confirm like any other", async () => {
    const user = await createUser("dots");
    const { file } = await uploadFile(user.token, { filename: "notes..v2.wav" });
    expect(file).toMatchObject({ name: "notes..v2.wav", status: "processing" });
  });

  it("believes the client's duration only when the file's size allows it", async () => {
    const user = await createUser("duration");
    const plausible = await uploadFile(user.token, { bytes: wav(2), durationSeconds: 2 });
    expect(plausible.file.durationSeconds).toBe(2);
    const inflated = await uploadFile(user.token, { bytes: wav(2), durationSeconds: 10_000_000 });
    expect(inflated.file.durationSeconds).toBeNull();
    const uploaded = await uploadObject(user.token);
    for (const bad of [-5, "NaN", "Infinity"]) {
      const res = await call(
        "POST",
        "/audio_files/confirm-upload",
        {
          filename: uploaded.filename,
          key: uploaded.key,
          file_size: uploaded.bytes.length,
          content_type: "audio/wav",
          folder_id: "",
          duration_seconds: bad,
        },
        { token: user.token },
      );
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.error ?? res.body.errors).toBeTruthy();
    }
  });

  it("removes uploads never confirmed after a day, keeping confirmed ones", async () => {
    const user = await createUser("orphans");
    const orphan = await uploadObject(user.token);
    const kept = await uploadFile(user.token);
    const recent = await uploadObject(user.token);
    await env.DB.prepare("UPDATE pending_uploads SET created_at = '2000-01-01T00:00:00.000Z' WHERE storage_key IN (?, ?)")
      .bind(orphan.key, kept.key)
      .run();
    await runCron();
    expect(await media().head(orphan.key)).toBeNull();
    expect(await media().head(kept.key)).not.toBeNull();
    expect(await media().head(recent.key)).not.toBeNull();
    await expectOk(await typedApi({ token: user.token }).audio_files[":id"].$get({ param: { id: kept.file.id } }));
  });
});
