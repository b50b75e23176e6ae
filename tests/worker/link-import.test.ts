// Import from a link (docs/api.md): the file is fetched by a job through checked redirects,
// streamed into storage in parts, and handed to transcription like an upload (whose service
// here says it is not available: the Worker tests have no speech service by default); a link
// that is not allowed, not media or not there fails the file with the reason.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { IMPORT_MESSAGES } from "../../common/imports";
import { WEBHOOK_MESSAGES } from "../../common/webhooks";
import { NAME_MESSAGES } from "../../core/plain-text";
import worker from "../../worker/index";
import { type ImportMessage, QUEUES } from "../../worker/queue-messages";
import { sweep } from "../../worker/transcription/recovery";
import { FAKE_RECEIVER_ORIGIN } from "../support/fake-receiver";
import { withUnreachableNetwork } from "../support/unreachable-network";
import { apiRequest, type Json } from "./helpers";
import { createUser, expectStatus } from "./library-helpers";
import { as, settled, team } from "./workspace-helpers";

const link = (path: string) => `${FAKE_RECEIVER_ORIGIN}${path}`;

/** The Worker with these vars, its import queue keeping what is sent for the test to deliver. */
function holding(vars: Record<string, string> = {}) {
  const sent: ImportMessage[] = [];
  const on = Object.create(
    env,
    Object.fromEntries(
      Object.entries({ ...vars, IMPORT_QUEUE: { send: async (m: ImportMessage) => void sent.push(m) } }).map(([k, value]) => [
        k,
        { value },
      ]),
    ),
  ) as Env;
  return { on, sent };
}

async function startImport(on: Env, user: { token: string }, url: string): Promise<Json> {
  const res = await worker.fetch(apiRequest("POST", "/audio_files/import", { url }, { token: user.token }), on, createExecutionContext());
  expect(res.status).toBe(202);
  return ((await res.json()) as Json).data;
}

async function deliverImport(on: Env, message: ImportMessage) {
  const batch = createMessageBatch(QUEUES.import, [{ id: `i-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body: message }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, on, ctx);
  return getQueueResult(batch, ctx);
}

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

  it("fails at once, with the reason and the link, when the link cannot be reached, answers an error, is not media or is too large", async () => {
    const user = await createUser("import-fails");
    const began = Date.now();
    const cases = [
      ["/answer-503/b.wav", IMPORT_MESSAGES.answered(503)],
      ["/answer-403/c.wav", IMPORT_MESSAGES.answered(403)],
      ["/page/d.wav", IMPORT_MESSAGES.notMedia("text/html")],
      ["/declared/e.wav?bytes=2000000000", "File size exceeds maximum allowed size of 1000MB"],
    ] as const;
    const started = await Promise.all(
      cases.map(async ([path]) => expectStatus(await as(user, "POST", "/audio_files/import", { url: link(path) }), 202).data),
    );
    for (const [i, [path, reason]] of cases.entries()) {
      const file = await settled(user, started[i].id);
      expect(file, path).toMatchObject({ status: "failed", failureReason: reason, linkImport: { url: link(path) } });
    }
    // A host that cannot be reached at all.
    const { on, sent } = holding();
    const unreachable = await startImport(on, user, link("/media/a.wav"));
    await withUnreachableNetwork(() => deliverImport(on, sent.shift()!));
    expect(await settled(user, unreachable.id)).toMatchObject({
      status: "failed",
      failureReason: IMPORT_MESSAGES.unreachable,
      linkImport: { url: link("/media/a.wav") },
    });
    // Within a minute in all, not after the queue's retries.
    expect(Date.now() - began).toBeLessThan(60_000);

    // Retry fetches the link again.
    const retried = await worker.fetch(
      apiRequest("POST", `/audio_files/${started[0].id}/retranscribe`, {}, { token: user.token }),
      on,
      createExecutionContext(),
    );
    expect(retried.status).toBe(202);
    expect(((await retried.json()) as Json).data).toMatchObject({
      status: "processing",
      failureReason: null,
      linkImport: { receivedBytes: 0 },
    });
    expect(sent).toEqual([{ type: "import", audio_file_id: started[0].id, user_id: user.id, url: link("/answer-503/b.wav") }]);
  });

  it("times only the wait for the link's answer, never its body, and shows the download as it comes", async () => {
    const user = await createUser("import-timing");
    const { on, sent } = holding({ IMPORT_ANSWER_SECONDS: "1" });
    // An answer later than the wait fails, saying so.
    const late = await startImport(on, user, link("/late/late.wav?ms=2500"));
    await deliverImport(on, sent.shift()!);
    expect(await settled(user, late.id)).toMatchObject({ status: "failed", failureReason: IMPORT_MESSAGES.noAnswer(1) });
    // A body that takes longer than the wait streams to its end, its bytes so far on the file meanwhile.
    const slow = await startImport(on, user, link("/huge/slow.wav?mb=3&rate=1"));
    const delivery = deliverImport(on, sent.shift()!);
    let seen: Json | null = null;
    const until = Date.now() + 10_000;
    while (!seen && Date.now() < until) {
      const file = expectStatus(await as(user, "GET", `/audio_files/${slow.id}`), 200).data;
      if (file.linkImport?.receivedBytes > 0) seen = file;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toMatchObject({ status: "processing", linkImport: { url: link("/huge/slow.wav?mb=3&rate=1"), totalBytes: null } });
    expect((await delivery).explicitAcks).toHaveLength(1);
    expect(expectStatus(await as(user, "GET", `/audio_files/${slow.id}`), 200).data).toMatchObject({
      fileSize: 3 * 1024 * 1024,
      linkImport: null,
    });
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
    // Its job ends here, not while the next test file starts.
    expect((await settled(t.editor, started.id)).status).not.toBe("processing");
  });
});
