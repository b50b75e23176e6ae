// Import from a link (docs/api.md): the file is fetched by a job through checked redirects,
// streamed into storage in parts, and handed to transcription like an upload (whose service
// here says it is not available: the Worker tests have no speech service by default); a link
// that is not allowed, not media or not there fails the file with the reason.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { IMPORT_MESSAGES } from "../../common/imports";
import { WEBHOOK_MESSAGES } from "../../common/webhooks";
import { NAME_MESSAGES } from "../../core/plain-text";
import worker from "../../worker/index";
import { sweep } from "../../worker/transcription/recovery";
import { FAKE_RECEIVER_ORIGIN } from "../support/fake-receiver";
import { apiRequest, type Json } from "./helpers";
import { createUser, expectStatus } from "./library-helpers";
import { as, settled, team } from "./workspace-helpers";

const link = (path: string) => `${FAKE_RECEIVER_ORIGIN}${path}`;

describe("import from a link", { timeout: 120_000 }, () => {
  it("fetches the file (following a checked redirect), stores it and hands it to transcription", async () => {
    const user = await createUser("import");
    const started = expectStatus(await as(user, "POST", "/audio_files/import", { url: link("/hop/interview.wav") }), 202).data;
    expect(started).toMatchObject({ name: "interview.wav", status: "processing", fileSize: 0 });
    const file = await settled(user, started.id);
    expect(file).toMatchObject({ fileSize: 16_044 });
    expect(file.failureReason ?? "").toContain("is not available here");
    const key = await env.DB.prepare("SELECT storage_key FROM audio_files WHERE id = ?").bind(started.id).first<string>("storage_key");
    const object = await env.MEDIA.head(key!);
    expect([object?.size, object?.httpMetadata?.contentType]).toEqual([16_044, "audio/wav"]);
  });

  it("fetches a file whose import job was lost when the sweep sends it again", async () => {
    const user = await createUser("import-lost");
    // The queue drops the import's message (the platform's queue, replaced: our code is the same).
    const dropping = Object.create(env, { IMPORT_QUEUE: { value: { send: async () => undefined } } }) as Env;
    const start = apiRequest("POST", "/audio_files/import", { url: link("/media/lost.wav") }, { token: user.token });
    const res = await worker.fetch(start, dropping, createExecutionContext());
    const started = ((await res.json()) as Json).data;
    expect([res.status, started.status]).toEqual([202, "processing"]);
    await env.DB.prepare("UPDATE audio_files SET processing_started_at = ?, job_heartbeat_at = NULL WHERE id = ?")
      .bind(new Date(Date.now() - 3600_000).toISOString(), started.id)
      .run();

    expect((await sweep(env)).requeued).toBeGreaterThanOrEqual(1);
    const file = await settled(user, started.id);
    expect(file.fileSize).toBe(16_044);
    expect(file.failureReason ?? "").toContain("is not available here");
    // The link is kept only until it is fetched.
    expect(await env.DB.prepare("SELECT import_url FROM audio_files WHERE id = ?").bind(started.id).first("import_url")).toBeNull();
  });

  it("names the file by the upload rule, dropping the direction, line-separator and control characters uploads and renames refuse", async () => {
    const user = await createUser("import-name");
    // U+202E, U+0085, U+2028, a tab and U+2066 in the link's last segment.
    const url = link("/media/%E2%80%AEevil%C2%85line%E2%80%A8sep%09x%E2%81%A6.wav");
    const started = expectStatus(await as(user, "POST", "/audio_files/import", { url }), 202).data;
    expect(started.name).toBe("evillinesepx.wav");
    const nothingLeft = expectStatus(await as(user, "POST", "/audio_files/import", { url: link("/media/%E2%80%AE%E2%80%A8") }), 202).data;
    expect(nothingLeft.name).toBe("recording");
    // What the import dropped, an upload and a rename refuse; the name it kept, a rename takes.
    for (const [name, error] of [
      ["evil\u202Egnp.wav", NAME_MESSAGES.bidi],
      ["one\u0085two.wav", NAME_MESSAGES.lineBreak],
      ["one\u2028two.wav", NAME_MESSAGES.lineBreak],
      ["one\ttwo.wav", NAME_MESSAGES.control],
    ]) {
      const upload = { filename: name, content_type: "audio/wav", file_size: 100 };
      expect(expectStatus(await as(user, "POST", "/audio_files/upload-url", upload), 422).error).toBe(error);
      expect(expectStatus(await as(user, "PUT", `/audio_files/${started.id}`, { audio_file: { name } }), 422).error).toBe(error);
    }
    expectStatus(await as(user, "PUT", `/audio_files/${started.id}`, { audio_file: { name: started.name } }), 200);
  });

  it("streams a large file in equal parts", async () => {
    const user = await createUser("import-big");
    const bytes = 23 * 1024 * 1024 + 17;
    const started = expectStatus(await as(user, "POST", "/audio_files/import", { url: link(`/media/long.wav?bytes=${bytes}`) }), 202).data;
    const file = await settled(user, started.id);
    expect(file.fileSize).toBe(bytes);
  });

  it("fails the file with the reason for a page, a missing file or a redirect to a private address", async () => {
    const user = await createUser("import-bad");
    for (const [path, reason] of [
      ["/page/talk.wav", IMPORT_MESSAGES.notMedia("text/html")],
      ["/nothing/here.wav", IMPORT_MESSAGES.answered(404)],
      ["/to-private/x.wav", IMPORT_MESSAGES.notPublic],
    ] as const) {
      const started = expectStatus(await as(user, "POST", "/audio_files/import", { url: link(path) }), 202).data;
      expect(await settled(user, started.id)).toMatchObject({ status: "failed", failureReason: reason });
    }
  });

  it("refuses a link that is not allowed at once, and follows the workspace's roles", async () => {
    const t = await team();
    for (const [url, error] of [
      ["http://hooks.example.net/a.wav", IMPORT_MESSAGES.urlInvalid],
      ["https://10.1.1.1/a.wav", IMPORT_MESSAGES.notPublic],
      ["https://169.254.169.254/a.wav", IMPORT_MESSAGES.notPublic],
      ["https://me:secret@hooks.example.net/a.wav", WEBHOOK_MESSAGES.urlCredentials],
      ["not a link", IMPORT_MESSAGES.urlInvalid],
    ])
      expect(expectStatus(await as(t.owner, "POST", "/audio_files/import", { url }), 422).error).toBe(error);
    expectStatus(await as(t.viewer, "POST", "/audio_files/import", { url: link("/media/a.wav"), workspace_id: t.workspace.id }), 403);
    expectStatus(await as(t.stranger, "POST", "/audio_files/import", { url: link("/media/a.wav"), workspace_id: t.workspace.id }), 404);
    const started = expectStatus(
      await as(t.editor, "POST", "/audio_files/import", { url: link("/media/team.wav"), workspace_id: t.workspace.id }),
      202,
    ).data;
    expect(started.workspaceId).toBe(t.workspace.id);
  });
});
