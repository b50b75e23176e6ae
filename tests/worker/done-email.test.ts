// "A word when it is done": a finished transcription (ready or failed) is
// e-mailed when the owner has no tab open, as `notifications.email_when_done`
// allows, at most once per file, run and outcome.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { audioFiles, type AudioFileRow } from "../../worker/db/schema";
import { announceReady, failProcessing, restartProcessing } from "../../worker/library/file-status";
import { wantsDoneEmail } from "../../worker/notifications/done-email";
import { call, mailsTo } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { openTab, until } from "./live-helpers";

const db = getDb(env.DB);
const DONE_SUBJECT = /is transcribed|failed/;

async function setPreference(user: TestUser, email_when_done: string) {
  expectStatus(await call("PUT", "/preferences", { preferences: { notifications: { email_when_done } } }, { token: user.token }), 200);
}

/** A file of `user` being transcribed, `seconds` long. */
async function processingFile(user: TestUser, seconds: number, name = "interview.wav"): Promise<AudioFileRow> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.prepare(
    `INSERT INTO audio_files (id, workspace_id, uploaded_by, name, filename, storage_key, content_type, file_size, duration_seconds, status, processing_started_at, created_at, updated_at) VALUES (?1, ?2, ?2, ?, ?, ?, 'audio/wav', 100, ?, 'processing', ?, ?, ?)`,
  )
    .bind(id, user.id, name, name, `users/${user.id}/${id}/${name}`, seconds, now, now, now)
    .run();
  return (await db.select().from(audioFiles).where(eq(audioFiles.id, id)).get())!;
}

async function finishReady(file: AudioFileRow) {
  await env.DB.prepare("UPDATE audio_files SET status = 'ready' WHERE id = ?").bind(file.id).run();
  await announceReady(env, db, file);
}

const doneMails = async (user: TestUser) => (await mailsTo(user.email)).filter((m) => DONE_SUBJECT.test(m.subject));

describe("e-mail when a transcription is done", { timeout: 30_000 }, () => {
  it("by default only for recordings over 10 minutes: name, status and a link to the file", async () => {
    const user = await createUser("done-default");
    const short = await processingFile(user, 600, "short.wav");
    await finishReady(short);
    expect(await doneMails(user)).toEqual([]);

    const long = await processingFile(user, 601, "long interview.wav");
    await finishReady(long);
    const mails = await doneMails(user);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`"long interview.wav" is transcribed`);
    expect(mails[0]!.text).toContain(`/dashboard/file/${long.id}`);
    expect(mails[0]!.text).toContain("is ready");
  });

  it("'always' e-mails short files too; 'never' not even long ones", async () => {
    const always = await createUser("done-always");
    await setPreference(always, "always");
    await finishReady(await processingFile(always, 30));
    expect(await doneMails(always)).toHaveLength(1);

    const never = await createUser("done-never");
    await setPreference(never, "never");
    await finishReady(await processingFile(never, 3_600));
    expect(await failProcessing(env, db, (await processingFile(never, 3_600)).id, "Service down")).toBeTruthy();
    expect(await doneMails(never)).toEqual([]);
  });

  it("a failure says so, with the reason", async () => {
    const user = await createUser("done-failed");
    const file = await processingFile(user, 1_200, "lecture.mp3");
    await failProcessing(env, db, file.id, "The service could not read this file");
    const mails = await doneMails(user);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Transcription of "lecture.mp3" failed`);
    expect(mails[0]!.text).toContain("The service could not read this file");
    expect(mails[0]!.text).toContain(`/dashboard/file/${file.id}`);
  });

  it("one e-mail per outcome, also when the job is delivered again; a new run may e-mail again", async () => {
    const user = await createUser("done-once");
    const file = await processingFile(user, 1_200);
    await finishReady(file);
    await finishReady(file);
    await announceReady(env, db, file);
    expect(await doneMails(user)).toHaveLength(1);

    // Transcribed again (a new run) and failing this time: its own outcome, its own e-mail, once.
    await new Promise((r) => setTimeout(r, 5));
    const restarted = await restartProcessing(env, db, { ...file, status: "ready" }, true);
    expect(restarted.processingStartedAt).not.toBe(file.processingStartedAt);
    await failProcessing(env, db, file.id, "Timed out");
    await env.DB.prepare("UPDATE audio_files SET status = 'processing' WHERE id = ?").bind(file.id).run();
    await failProcessing(env, db, file.id, "Timed out");
    const mails = await doneMails(user);
    expect(mails.map((m) => m.subject).sort()).toEqual([`"interview.wav" is transcribed`, `Transcription of "interview.wav" failed`]);
  });

  it("no e-mail while a tab of the app is open (it shows the toast instead)", async () => {
    const user = await createUser("done-tab");
    await setPreference(user, "always");
    const tab = await openTab(user, "file_status_changed");
    await finishReady(await processingFile(user, 1_200));
    await failProcessing(env, db, (await processingFile(user, 1_200)).id, "Nope");
    expect(await until(() => tab.messages.filter((m) => m.file.status !== "processing").length === 2)).toBe(true);
    expect(await doneMails(user)).toEqual([]);
    tab.close();
    // With the tab closed the next one is e-mailed.
    await new Promise((r) => setTimeout(r, 50));
    await finishReady(await processingFile(user, 1_200, "after.wav"));
    expect((await doneMails(user)).map((m) => m.subject)).toEqual([`"after.wav" is transcribed`]);
  });

  it("refuses an unknown preference value", async () => {
    const user = await createUser("done-bad");
    const res = await call(
      "PUT",
      "/preferences",
      { preferences: { notifications: { email_when_done: "sometimes" } } },
      { token: user.token },
    );
    expect(res.status).toBe(422);
    expect(typeof res.body.error).toBe("string");
  });

  it("the rule: long means over 10 minutes; unknown length counts as short", () => {
    expect(wantsDoneEmail("long_files_only", 601)).toBe(true);
    expect(wantsDoneEmail("long_files_only", 600)).toBe(false);
    expect(wantsDoneEmail("long_files_only", null)).toBe(false);
    expect(wantsDoneEmail("always", null)).toBe(true);
    expect(wantsDoneEmail("never", 10_000)).toBe(false);
  });
});
