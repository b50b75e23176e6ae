// Exports end to end in workerd: the API, the real export queue and consumer,
// R2, the download link, redelivery, failures and retries, deletion with the
// file, and the export_completed push reaching only the owner.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EXPORT_MESSAGES, type ExportFormat } from "../../common/exports";
import { EXPORT_MAX_ATTEMPTS } from "../../worker/exports/job";
import { MAX_EXPORT_REQUEUES } from "../../worker/exports/recovery";
import { createExport, EXPORT_STUCK_AFTER_SECONDS } from "../../worker/exports/store";
import { getDb } from "../../worker/db/client";
import worker from "../../worker/index";
import { QUEUES } from "../../worker/queues";
import { sweep } from "../../worker/transcription/recovery";
import { call, expectOk, type Json, typedApi } from "./helpers";
import { expectStatus, fetchLink, type TestUser } from "./library-helpers";
import { split, updateWords, userWithTranscript, utterances } from "./transcript-helpers";
import { openTab, until } from "./live-helpers";
import { eventually } from "../support/poll";

const requestExport = (user: TestUser, fileId: string, body: unknown) =>
  call("POST", `/transcripts/${fileId}/request-export`, body, { token: user.token });
const getExport = (user: TestUser, id: string) => call("GET", `/exports/${id}`, undefined, { token: user.token });

// What must succeed goes through the typed client; the untyped calls above also send what must be refused.
const api = (user: TestUser) => typedApi({ token: user.token });
const exportRow = async (user: TestUser, id: string) => (await expectOk(await api(user).exports[":id"].$get({ param: { id } }))).data;
const exportRequested = async (user: TestUser, fileId: string, format: ExportFormat) =>
  (await expectOk(await api(user).transcripts[":id"]["request-export"].$post({ param: { id: fileId }, json: { format } }), 202)).data;
const exportList = async (user: TestUser, query: { status?: "completed" | "failed" } = {}) =>
  (await expectOk(await api(user).exports.$get({ query }))).data;

// The queue renders five formats one after another; a PDF takes seconds on a busy machine.
async function waitForStatus(user: TestUser, id: string, statuses: string[], ms = 45_000): Promise<Json> {
  return eventually(
    () => exportRow(user, id),
    (row) => statuses.includes(row.status),
    { ms },
  );
}

async function download(user: TestUser, id: string): Promise<{ res: Response; filename: string }> {
  const { download_url, filename } = await expectOk(await api(user).exports[":id"].download.$get({ param: { id } }));
  return { res: await fetchLink(download_url), filename };
}

/** An export row with no job behind it, delivered by hand below. */
async function quietExport(user: TestUser, fileId: string, format: "pdf" | "txt" = "txt") {
  const row = await createExport(getDb(env.DB), {
    userId: user.id,
    audioFileId: fileId,
    fileName: "take.wav",
    format,
    options: {
      include_notes: true,
      include_summary: true,
      include_speakers: true,
      include_timestamps: true,
      include_comments: false,
      include_chapters: true,
    },
  });
  return row.id;
}

async function deliver(user: TestUser, exportId: string, attempts = 1, runEnv: Env = env) {
  const batch = createMessageBatch(QUEUES.export, [
    { id: `m-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body: { type: "export", export_id: exportId, user_id: user.id } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, runEnv, ctx);
  return getQueueResult(batch, ctx);
}

/** Static assets without the PDF fonts: generating a PDF fails (a transient failure). */
const noFontsEnv = Object.create(env, { ASSETS: { value: { fetch: async () => new Response("gone", { status: 503 }) } } }) as Env;

const objectsUnder = async (prefix: string) => (await env.MEDIA.list({ prefix })).objects.map((o) => o.key);

describe("exports", { timeout: 90_000 }, () => {
  it("generates every format from the transcript as edited, through the queue, to a download", async () => {
    const { user, fileId } = await userWithTranscript("export");
    const list = await utterances(user, fileId);
    // A corrected word, a split and a renamed speaker with a role, then summary and notes.
    const first = list[0];
    expectStatus(
      await updateWords(user, fileId, first.id, {
        words: first.transcriptWords.map((w: Json, i: number) =>
          i === 1 ? { id: w.id, text: "Corrected", end_time: w.endTime, confidence_score: 1 } : { id: w.id },
        ),
      }),
      200,
    );
    expectStatus(
      await split(user, fileId, list[1].id, { first_word_id: list[1].transcriptWords[2].id, new_utterance_id: "split-half" }),
      200,
    );
    const speakerId = first.speakerId;
    await expectOk(
      await api(user).transcripts[":id"].speakers[":speakerId"].$put({
        param: { id: fileId, speakerId },
        json: { speaker: { name: "Zoë Ångström", role: "Host" } },
      }),
    );
    await expectOk(
      await api(user).transcripts[":id"].$put({ param: { id: fileId }, json: { transcript: { summary: "  The summary.  " } } }),
    );
    await expectOk(await api(user).transcripts[":id"].$put({ param: { id: fileId }, json: { transcript: { notes: "The notes." } } }));

    const formats = ["pdf", "docx", "srt", "vtt", "txt"] as const;
    const requested = await Promise.all(formats.map(async (format) => await exportRequested(user, fileId, format)));
    for (const [i, row] of requested.entries()) {
      expect(row).toMatchObject({
        status: "pending",
        format: formats[i],
        filename: `take.${formats[i]}`,
        download_url: null,
        audio_file_id: fileId,
      });
    }
    const done = await Promise.all(requested.map((row) => waitForStatus(user, row.id, ["completed", "failed"])));
    for (const row of done) expect(row, JSON.stringify(row)).toMatchObject({ status: "completed", error: null, attempts: 1 });

    const bodies = new Map<string, Uint8Array>();
    for (const row of done) {
      const { res, filename } = await download(user, row.id);
      expect(res.status).toBe(200);
      expect(filename).toBe(row.filename);
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(row.filename)}`);
      expect(res.headers.get("content-security-policy")).toContain("sandbox");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes.byteLength).toBe(row.size_bytes);
      bodies.set(row.format, bytes);
    }
    expect(new TextDecoder().decode(bodies.get("pdf")!.slice(0, 5))).toBe("%PDF-");
    expect([...bodies.get("docx")!.slice(0, 2)]).toEqual([0x50, 0x4b]); // a ZIP package
    const txt = new TextDecoder().decode(bodies.get("txt")!);
    expect(txt).toContain("Zoë Ångström (Host)");
    expect(txt).toContain("The summary.\n");
    expect(txt).toContain("The notes.");
    expect(txt).toContain(`Zoë Ångström [0:00]\nu0w0 Corrected u0w2 u0w3\n`);
    // The split: two paragraphs where there was one.
    expect(txt).toMatch(/\nu1w0 u1w1\n\n.*\nu1w2 u1w3\n/);
    const srt = new TextDecoder().decode(bodies.get("srt")!);
    expect(srt.startsWith("1\n00:00:00,000 --> 00:00:01,900\nZoë Ångström: u0w0 Corrected u0w2 u0w3\n")).toBe(true);
    const vtt = new TextDecoder().decode(bodies.get("vtt")!);
    expect(vtt).toContain("00:00:00.000 --> 00:00:01.900\n<v Zoë Ångström>u0w0 Corrected u0w2 u0w3\n");

    const listed = await exportList(user, { status: "completed" });
    expect(listed.map((e: Json) => e.id).sort()).toEqual(done.map((e) => e.id).sort());
    expect(await exportList(user, { status: "failed" })).toEqual([]);
  });

  it("answers bad input with 4xx {error}", async () => {
    const { user, fileId } = await userWithTranscript("export-bad");
    expect(expectStatus(await requestExport(user, fileId, { format: "xls" }), 422)).toEqual({ error: EXPORT_MESSAGES.formatInvalid });
    expect(expectStatus(await requestExport(user, fileId, {}), 422)).toEqual({ error: EXPORT_MESSAGES.formatInvalid });
    expectStatus(await requestExport(user, fileId, { format: "pdf", options: { include_notes: "yes" } }), 422);
    expectStatus(await requestExport(user, fileId, { format: "pdf", options: { colour: true } }), 422);
    expect(expectStatus(await call("GET", "/exports?status=done", undefined, { token: user.token }), 422).error).toEqual(
      expect.any(String),
    );
    expect(expectStatus(await call("GET", "/exports/nope", undefined, { token: user.token }), 404)).toEqual({
      error: EXPORT_MESSAGES.exportNotFound,
    });
    expectStatus(await requestExport(user, "no-such-file", { format: "pdf" }), 404);
    expectStatus(await call("GET", "/exports"), 401);
    // Not generated yet: no download link.
    const id = await quietExport(user, fileId);
    expect(expectStatus(await call("GET", `/exports/${id}/download`, undefined, { token: user.token }), 409)).toEqual({
      error: EXPORT_MESSAGES.notReady,
    });
    // Only a failed (or stuck) export is retried.
    expect(expectStatus(await call("POST", `/exports/${id}/retry`, undefined, { token: user.token }), 409)).toEqual({
      error: EXPORT_MESSAGES.retryNotFailed,
    });
  });

  it("lists export options with labels", async () => {
    const { user, fileId } = await userWithTranscript("export-options");
    const options = (await expectOk(await api(user).transcripts[":id"]["export-options"].$get({ param: { id: fileId } }))).data;
    expect(options.formats.map((f: Json) => f.value)).toEqual(["pdf", "docx", "srt", "vtt", "txt", "vtt_chapters"]);
    expect(options.options.map((o: Json) => [o.key, o.default])).toEqual([
      ["include_timestamps", true],
      ["include_speakers", true],
      ["include_summary", true],
      ["include_notes", true],
      ["include_comments", false],
      ["include_chapters", true],
    ]);
  });

  it("keeps other users out (404) and lists only the caller's exports", async () => {
    const alice = await userWithTranscript("export-alice");
    const bob = await userWithTranscript("export-bob");
    const id = await quietExport(alice.user, alice.fileId);
    expectStatus(await getExport(bob.user, id), 404);
    expectStatus(await call("GET", `/exports/${id}/download`, undefined, { token: bob.user.token }), 404);
    expectStatus(await call("POST", `/exports/${id}/retry`, undefined, { token: bob.user.token }), 404);
    expectStatus(await requestExport(bob.user, alice.fileId, { format: "pdf" }), 404);
    expectStatus(await call("GET", `/transcripts/${alice.fileId}/export-options`, undefined, { token: bob.user.token }), 404);
    expect(await exportList(bob.user)).toEqual([]);
    expect((await exportList(alice.user)).map((e) => e.id)).toEqual([id]);
  });

  it("a redelivered message produces one file and never generates a finished export again", async () => {
    const { user, fileId } = await userWithTranscript("export-redeliver");
    const id = await quietExport(user, fileId);
    expect((await deliver(user, id)).explicitAcks).toHaveLength(1);
    const first = await exportRow(user, id);
    expect(first).toMatchObject({ status: "completed", attempts: 1 });
    const again = await deliver(user, id, 2);
    expect(again.explicitAcks).toHaveLength(1);
    expect(await exportRow(user, id)).toEqual(first);
    expect(await objectsUnder(`users/${user.id}/exports/${id}/`)).toEqual([`users/${user.id}/exports/${id}/take.txt`]);
  });

  it("retries a transient failure, fails with the reason after the last attempt, and can be retried", async () => {
    const { user, fileId } = await userWithTranscript("export-fail");
    const id = await quietExport(user, fileId, "pdf");
    const result = await deliver(user, id, 1, noFontsEnv);
    expect(result.retryMessages).toHaveLength(1);
    expect(await exportRow(user, id)).toMatchObject({ status: "processing", attempts: 1 });
    for (let attempt = 2; attempt < EXPORT_MAX_ATTEMPTS; attempt++)
      expect((await deliver(user, id, attempt, noFontsEnv)).retryMessages).toHaveLength(1);
    const last = await deliver(user, id, EXPORT_MAX_ATTEMPTS, noFontsEnv);
    expect(last.explicitAcks).toHaveLength(1);
    const failed = await exportRow(user, id);
    expect(failed).toMatchObject({ status: "failed", attempts: EXPORT_MAX_ATTEMPTS });
    expect(failed.error).toMatch(/^The export could not be generated: PDF font .* is not available/);

    // Retry: back to pending, then the real queue generates it.
    expect((await expectOk(await api(user).exports[":id"].retry.$post({ param: { id } }), 202)).data).toMatchObject({
      status: "pending",
      error: null,
      attempts: 0,
    });
    expect(await waitForStatus(user, id, ["completed", "failed"])).toMatchObject({ status: "completed", attempts: 1 });
  });

  it("drops a message no consumer understands instead of retrying it", async () => {
    const batch = createMessageBatch(QUEUES.export, [
      { id: "bad", timestamp: new Date(), attempts: 1, body: { type: "export", export_id: 42 } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["bad"]);
    expect(result.retryMessages).toEqual([]);
  });

  it("fails at once when the transcript is gone", async () => {
    const { user, fileId } = await userWithTranscript("export-gone");
    const id = await quietExport(user, fileId);
    await env.DB.prepare("DELETE FROM transcripts WHERE audio_file_id = ?").bind(fileId).run();
    const result = await deliver(user, id);
    expect(result.retryMessages).toEqual([]);
    expect(await exportRow(user, id)).toMatchObject({
      status: "failed",
      error: EXPORT_MESSAGES.transcriptNotReady,
    });
  });

  it("goes when its file goes, row and stored object", async () => {
    const { user, fileId } = await userWithTranscript("export-delete");
    const id = await quietExport(user, fileId);
    await deliver(user, id);
    expect(await objectsUnder(`users/${user.id}/exports/${id}/`)).toHaveLength(1);
    await expectOk(await api(user).audio_files[":id"].$delete({ param: { id: fileId } }));
    expectStatus(await getExport(user, id), 404);
    expect(await objectsUnder(`users/${user.id}/exports/${id}/`)).toEqual([]);
  });

  it("the sweep re-queues an export a restart left pending or processing, fails it after the last try, and retry works for it", async () => {
    const { user, fileId } = await userWithTranscript("export-stuck");
    const stuckAt = new Date(Date.now() - (EXPORT_STUCK_AFTER_SECONDS + 60) * 1000).toISOString();
    const leave = (id: string, status: string, fields: { attempts?: number; requeues?: number } = {}) =>
      env.DB.prepare("UPDATE exports SET status = ?, updated_at = ?, attempts = ?, requeues = ? WHERE id = ?")
        .bind(status, stuckAt, fields.attempts ?? 0, fields.requeues ?? 0, id)
        .run();
    // No message behind any of these (quietExport): a restart lost them.
    const waiting = await quietExport(user, fileId);
    const generating = await quietExport(user, fileId);
    const recent = await quietExport(user, fileId);
    const lostTooOften = await quietExport(user, fileId);
    await leave(waiting, "pending");
    await leave(generating, "processing", { attempts: 1 });
    await leave(lostTooOften, "processing", { attempts: 1, requeues: MAX_EXPORT_REQUEUES });

    const result = await sweep(env);
    expect(result).toMatchObject({ exportsRequeued: 2, exportsFailed: 1 });
    // The re-queued ones are generated by the real queue.
    for (const id of [waiting, generating])
      expect(await waitForStatus(user, id, ["completed", "failed"])).toMatchObject({ status: "completed" });
    // One still within the threshold may still be running: left alone.
    expect(await exportRow(user, recent)).toMatchObject({ status: "pending", attempts: 0 });
    const failed = await exportRow(user, lostTooOften);
    expect(failed).toMatchObject({ status: "failed", error: EXPORT_MESSAGES.lost });
    // A second sweep finds nothing left to do.
    expect(await sweep(env)).toMatchObject({ exportsRequeued: 0, exportsFailed: 0 });

    // Retry works for the failed one, and for one stuck past the threshold without the sweep.
    const stuck = await quietExport(user, fileId);
    await leave(stuck, "processing", { attempts: 1, requeues: MAX_EXPORT_REQUEUES });
    for (const id of [lostTooOften, stuck]) {
      expect((await expectOk(await api(user).exports[":id"].retry.$post({ param: { id } }), 202)).data).toMatchObject({
        status: "pending",
        error: null,
      });
      expect(await waitForStatus(user, id, ["completed", "failed"])).toMatchObject({ status: "completed", attempts: 1 });
    }
  });

  it("pushes export_completed to the owner's tabs only", async () => {
    const alice = await userWithTranscript("export-push-a");
    const bob = await userWithTranscript("export-push-b");
    const [aliceTab, bobTab] = [await openTab(alice.user, "export_completed"), await openTab(bob.user, "export_completed")];
    const id = await quietExport(alice.user, alice.fileId);
    await deliver(alice.user, id);
    expect(await until(() => aliceTab.messages.length === 1)).toBe(true);
    expect(aliceTab.messages[0]).toEqual({
      type: "export_completed",
      export: { id, audio_file_id: alice.fileId, format: "txt", status: "completed", filename: "take.txt" },
      message: "take.txt is ready to download",
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(bobTab.messages).toEqual([]);
    aliceTab.close();
    bobTab.close();
  });
});
