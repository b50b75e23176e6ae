// Limits on what one person's actions send to others (worker/lib/send-limits.ts): comment
// e-mails per sender and per workspace with a digest of the rest, invitation e-mails per sender
// and per workspace, webhook test events per webhook and per person. Each limit is claimed in
// one D1 statement, so the counts hold under parallel requests.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WORKSPACE_LIMITS, WORKSPACE_MESSAGES } from "../../common/workspaces";
import { SEND_LIMITS } from "../../worker/lib/send-limits";
import { FAKE_RECEIVER_ORIGIN } from "../support/fake-receiver";
import { latestMail, PAST, post, uniqueEmail } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { storeTranscript, utterances } from "./transcript-helpers";
import { as, invite, newWorkspace, team } from "./workspace-helpers";

const INVITED = "You're invited to a workspace on Transcribe";

/** Mails in the dev outbox to these addresses whose subject contains `subject`. */
async function mailCount(to: readonly string[], subject: string): Promise<number> {
  const marks = to.map(() => "?").join(", ");
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM dev_outbox WHERE recipient IN (${marks}) AND instr(subject, ?) > 0`)
    .bind(...to.map((e) => e.toLowerCase()), subject)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** A team file with a transcript, and a thread on its first words mentioning everyone but the writer. */
async function teamFile() {
  const t = await team();
  const { fileId } = await storeTranscript(t.owner);
  expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
  const [first] = await utterances(t.owner, fileId);
  const members = [t.owner, t.editor, t.commenter, t.viewer];
  const thread = (writer: TestUser) =>
    as(writer, "POST", `/transcripts/${fileId}/comments`, {
      start_word_id: first.transcriptWords[0].id,
      end_word_id: first.transcriptWords[1].id,
      body: `@all look at this, from ${writer.email}`,
      mentions: members.filter((m) => m !== writer).map((m) => m.id),
    });
  return { t, fileId, members, thread };
}

const emails = (users: readonly TestUser[]) => users.map((u) => u.email);

async function heldBack(workspaceId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM missed_comment_mails WHERE workspace_id = ?")
    .bind(workspaceId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("comment e-mail limits", { timeout: 120_000 }, () => {
  const { perSender, perScope } = SEND_LIMITS.commentMail;

  it(`sends at most ${perSender} an hour for one sender's comments; the rest come later in one digest per person`, async () => {
    const { t, members, thread } = await teamFile();
    // 8 threads mentioning 3 people each: 24 e-mails wanted, at once.
    const made = await Promise.all(Array.from({ length: 8 }, () => thread(t.commenter)));
    for (const r of made) expectStatus(r, 201);
    expect(await mailCount(emails(members), "mentioned you")).toBe(perSender);
    expect(await heldBack(t.workspace.id)).toBe(24 - perSender);

    // Not yet due: nothing goes.
    expectStatus(await post("/dev/sweep"), 200);
    expect(await mailCount(emails(members), "Comments you missed")).toBe(0);
    // An hour later, each person who missed some gets one digest listing them.
    await env.DB.prepare("UPDATE missed_comment_mails SET created_at = ? WHERE workspace_id = ?").bind(PAST, t.workspace.id).run();
    const missed = await env.DB.prepare("SELECT recipient_id, count(*) AS n FROM missed_comment_mails GROUP BY recipient_id").all<{
      recipient_id: string;
      n: number;
    }>();
    expectStatus(await post("/dev/sweep"), 200);
    for (const { recipient_id, n } of missed.results) {
      const member = members.find((m) => m.id === recipient_id)!;
      const digest = await latestMail(member.email);
      expect(digest.subject).toBe("Comments you missed on Transcribe");
      expect(digest.text.match(/mentioned you in a comment on/g)).toHaveLength(n);
      expect(digest.text).toContain(`from ${t.commenter.email}`);
    }
    expect(await mailCount(emails(members), "Comments you missed")).toBe(missed.results.length);
    expect(await heldBack(t.workspace.id)).toBe(0);
    // Sent once.
    expectStatus(await post("/dev/sweep"), 200);
    expect(await mailCount(emails(members), "Comments you missed")).toBe(missed.results.length);
  });

  it(`sends at most ${perScope} an hour for one workspace, whoever comments`, async () => {
    const { t, members, thread } = await teamFile();
    const writers: TestUser[] = [t.owner, t.editor, t.commenter];
    // 21 threads at once, 63 e-mails wanted: each writer alone stays within 21.
    const made = await Promise.all(writers.flatMap((w) => Array.from({ length: 7 }, () => thread(w))));
    for (const r of made) expectStatus(r, 201);
    expect(await mailCount(emails(members), "mentioned you")).toBe(perScope);
    expect(await heldBack(t.workspace.id)).toBe(63 - perScope);
    const bySender = await env.DB.prepare(
      "SELECT sender_id, count(*) AS n FROM send_claims WHERE kind = 'comment_mail' AND scope_id = ? GROUP BY sender_id",
    )
      .bind(t.workspace.id)
      .all<{ sender_id: string; n: number }>();
    for (const { n } of bySender.results) expect(n).toBeLessThanOrEqual(perSender);
  });
});

describe("invitation e-mails", { timeout: 90_000 }, () => {
  it("never lead with the workspace's name, and quote it as a name", async () => {
    const owner = await createUser("inv-mail");
    const workspace = await newWorkspace(owner, 'Payroll: confirm your "bank details" at pay.example');
    const guest = uniqueEmail("inv-mail-guest");
    await invite(owner, workspace.id, guest, "viewer");
    const mail = await latestMail(guest);
    expect(mail.subject).toBe(INVITED);
    expect(mail.text).toContain(`invited you to join a workspace on Transcribe as a viewer.`);
    expect(mail.text).toContain(
      `The workspace's name, as its owners wrote it: "Payroll: confirm your 'bank details' at pay.example". Transcribe did not write that name`,
    );
    expect(mail.text.startsWith("Payroll")).toBe(false);
  });

  it("are limited per workspace and per sender an hour, counted exactly under parallel requests", async () => {
    const owner = await createUser("inv-limits");
    const [first, second] = [await newWorkspace(owner, "First"), await newWorkspace(owner, "Second")];
    const send = (workspaceId: string, n: number, prefix: string) =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          as(owner, "POST", `/workspaces/${workspaceId}/invitations`, { email: uniqueEmail(`${prefix}-${i}`), role: "viewer" }),
        ),
      );
    const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();

    const perWorkspace = WORKSPACE_LIMITS.invitationsPerHour;
    const inFirst = await send(first.id, perWorkspace + 5, "inv-first");
    expect(statuses(inFirst)).toEqual([...Array(perWorkspace).fill(201), ...Array(5).fill(429)]);
    for (const a of inFirst.filter((a) => a.status === 429)) expect(a.body).toEqual({ error: WORKSPACE_MESSAGES.tooManyInvitations });

    // The sender has room for the rest of their hourly limit, in another workspace.
    const left = WORKSPACE_LIMITS.invitationsPerSenderPerHour - perWorkspace;
    const inSecond = await send(second.id, left + 2, "inv-second");
    expect(statuses(inSecond)).toEqual([...Array(left).fill(201), 429, 429]);
    for (const a of inSecond.filter((a) => a.status === 429)) {
      expect(a.body).toEqual({ error: WORKSPACE_MESSAGES.tooManyInvitationsBySender });
    }
    const invited = [...inFirst, ...inSecond].filter((a) => a.status === 201).map((a) => a.body.data.email as string);
    expect(await mailCount(invited, INVITED)).toBe(WORKSPACE_LIMITS.invitationsPerSenderPerHour);
    // A refused invitation is not stored.
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM workspace_invitations WHERE workspace_id IN (?, ?)")
      .bind(first.id, second.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(WORKSPACE_LIMITS.invitationsPerSenderPerHour);
  });
});

describe("webhook test events", { timeout: 60_000 }, () => {
  const { perScope, perSender } = SEND_LIMITS.webhookTest;

  it(`are limited to ${perScope} a minute per webhook and ${perSender} per person`, async () => {
    const user = await createUser("hook-tests");
    const hook = async () =>
      expectStatus(await as(user, "POST", "/webhooks", { url: `${FAKE_RECEIVER_ORIGIN}/tests`, events: ["file.ready"] }), 201).data.id;
    const test = (id: string, n: number) => Promise.all(Array.from({ length: n }, () => as(user, "POST", `/webhooks/${id}/test`)));
    const [a, b, c] = [await hook(), await hook(), await hook()];

    const first = await test(a, perScope + 2);
    expect(first.map((r) => r.status).sort()).toEqual([...Array(perScope).fill(202), 429, 429]);
    const refused = first.find((r) => r.status === 429)!;
    expect(refused.body.error).toMatch(/Too many test events/);
    expect(refused.res.headers.get("retry-after")).toBe("60");

    // Another webhook has its own count, until the person's runs out.
    const second = await test(b, perSender - perScope - 1);
    expect(second.every((r) => r.status === 202)).toBe(true);
    const third = await test(c, 2);
    expect(third.map((r) => r.status).sort()).toEqual([202, 429]);
  });
});
