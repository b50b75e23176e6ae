// Invitations: e-mailed single-use links stored as hashes, valid 7 days, accepted only by
// the invited (confirmed) address; listed, resent and revoked by owners; rate-limited.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WORKSPACE_LIMITS, WORKSPACE_MESSAGES } from "../../common/workspaces";
import { call, latestMail, PAST, sha256Hex, uniqueEmail } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { as, invitationToken, invite, newWorkspace } from "./workspace-helpers";

const accept = (user: TestUser, token: string) => as(user, "POST", "/invitations/accept", { token });
const DAY_MS = 86_400_000;

describe("workspace invitations", { timeout: 60_000 }, () => {
  it("invites by e-mail with a single-use link; the invited account joins with the role", async () => {
    const owner = await createUser("inv-owner");
    const workspace = await newWorkspace(owner, "Research");
    const guest = await createUser("inv-guest");
    const before = Date.now();
    const invitation = await invite(owner, workspace.id, guest.email.toUpperCase(), "editor");
    expect(invitation).toEqual({ id: expect.any(String), email: guest.email, role: "editor", expires_at: expect.any(String) });
    const expires = Date.parse(invitation.expires_at) - before;
    expect(expires).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(expires).toBeLessThan(7 * DAY_MS + 60_000);

    const mail = await latestMail(guest.email);
    // The name is the inviter's label: quoted in the body, never the subject (tests/worker/send-limits.test.ts).
    expect(mail.subject).toBe("You're invited to a workspace on Transcribe");
    expect(mail.text).toContain('"Research"');
    const token = await invitationToken(guest.email);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, URL-safe
    // Only the hash is stored.
    const row = await env.DB.prepare("SELECT token_hash FROM workspace_invitations WHERE id = ?")
      .bind(invitation.id)
      .first<{ token_hash: string }>();
    expect(row?.token_hash).not.toContain(token);
    expect(row?.token_hash).toBe(await sha256Hex(`invitation:${token}`));

    expect(expectStatus(await as(owner, "GET", `/workspaces/${workspace.id}/invitations`), 200).data).toEqual([invitation]);
    // The link's page names the workspace and who invited before anyone signs in.
    expect(expectStatus(await call("POST", "/invitations/preview", { token }), 200).data).toEqual({
      workspace_name: "Research",
      invited_by: "Library Tester",
      role: "editor",
    });
    expect(await call("POST", "/invitations/preview", { token: `${token}x` })).toMatchObject({
      status: 404,
      body: { error: WORKSPACE_MESSAGES.invitationNotFound },
    });
    expect(expectStatus(await accept(guest, token), 200).data).toEqual({ workspace_id: workspace.id, role: "editor" });
    const workspaces = expectStatus(await as(guest, "GET", "/workspaces"), 200).data;
    expect(workspaces).toContainEqual({ id: workspace.id, name: "Research", role: "editor", personal: false });
    const members = expectStatus(await as(guest, "GET", `/workspaces/${workspace.id}/members`), 200).data;
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role]).sort()).toEqual(
      [
        [owner.email, "owner"],
        [guest.email, "editor"],
      ].sort(),
    );
    // Used up: again, and listed no more.
    expect(await accept(guest, token)).toMatchObject({ status: 404, body: { error: WORKSPACE_MESSAGES.invitationNotFound } });
    expect((await call("POST", "/invitations/preview", { token })).status).toBe(404);
    expect(expectStatus(await as(owner, "GET", `/workspaces/${workspace.id}/invitations`), 200).data).toEqual([]);
  });

  it("answers unknown, expired and revoked tokens alike with 404, and another address with 403", async () => {
    const owner = await createUser("inv-404");
    const workspace = await newWorkspace(owner);
    const guest = await createUser("inv-404-guest");
    const other = await createUser("inv-404-other");
    const notFound = { status: 404, body: { error: WORKSPACE_MESSAGES.invitationNotFound } };

    expect(await accept(guest, "x".repeat(43))).toMatchObject(notFound);

    const invitation = await invite(owner, workspace.id, guest.email, "viewer");
    const token = await invitationToken(guest.email);
    expect(await accept(other, token)).toMatchObject({ status: 403, body: { error: WORKSPACE_MESSAGES.invitationOtherEmail } });

    await env.DB.prepare("UPDATE workspace_invitations SET expires_at = ? WHERE id = ?").bind(PAST, invitation.id).run();
    expect(await accept(guest, token)).toMatchObject(notFound);
    expect(expectStatus(await as(owner, "GET", `/workspaces/${workspace.id}/invitations`), 200).data).toEqual([]);

    const again = await invite(owner, workspace.id, guest.email, "viewer");
    const fresh = await invitationToken(guest.email);
    expectStatus(await as(owner, "DELETE", `/invitations/${again.id}`), 200);
    expect(await accept(guest, fresh)).toMatchObject(notFound);
    expect(await as(guest, "GET", `/workspaces/${workspace.id}`)).toMatchObject({ status: 404 });
  });

  it("needs a confirmed address to accept", async () => {
    const owner = await createUser("inv-unconfirmed");
    const workspace = await newWorkspace(owner);
    const guest = await createUser("inv-unconfirmed-guest");
    await invite(owner, workspace.id, guest.email, "viewer");
    const token = await invitationToken(guest.email);
    // Sign-in already needs a confirmed address; accepting checks it again.
    await env.DB.prepare("UPDATE users SET email_confirmed_at = NULL WHERE id = ?").bind(guest.id).run();
    expect(await accept(guest, token)).toMatchObject({ status: 403, body: { error: WORKSPACE_MESSAGES.invitationUnconfirmed } });
    await env.DB.prepare("UPDATE users SET email_confirmed_at = ? WHERE id = ?").bind(PAST, guest.id).run();
    expect(expectStatus(await accept(guest, token), 200).data).toEqual({ workspace_id: workspace.id, role: "viewer" });
  });

  it("resends with a new link (the old one stops working) and refuses members and personal workspaces", async () => {
    const owner = await createUser("inv-resend");
    const workspace = await newWorkspace(owner);
    const guest = await createUser("inv-resend-guest");
    const invitation = await invite(owner, workspace.id, guest.email, "commenter");
    const first = await invitationToken(guest.email);
    const resent = expectStatus(await as(owner, "POST", `/invitations/${invitation.id}/resend`, {}), 200).data;
    expect(resent).toMatchObject({ id: invitation.id, email: guest.email, role: "commenter" });
    const second = await invitationToken(guest.email);
    expect(second).not.toBe(first);
    expect(await accept(guest, first)).toMatchObject({ status: 404 });
    expect(expectStatus(await accept(guest, second), 200).data).toEqual({ workspace_id: workspace.id, role: "commenter" });

    expect(await as(owner, "POST", `/workspaces/${workspace.id}/invitations`, { email: guest.email, role: "viewer" })).toMatchObject({
      status: 422,
      body: { error: WORKSPACE_MESSAGES.alreadyMember },
    });
    expect(await as(owner, "POST", `/workspaces/${owner.id}/invitations`, { email: uniqueEmail(), role: "viewer" })).toMatchObject({
      status: 422,
      body: { error: WORKSPACE_MESSAGES.personalHasNoMembers },
    });
    for (const body of [{ email: "not-an-address", role: "viewer" }, { email: uniqueEmail(), role: "admin" }, { email: uniqueEmail() }]) {
      const res = await as(owner, "POST", `/workspaces/${workspace.id}/invitations`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });

  it("hides another workspace's invitations behind the same 404 as a missing one", async () => {
    const owner = await createUser("inv-hidden");
    const workspace = await newWorkspace(owner);
    const invitation = await invite(owner, workspace.id, uniqueEmail(), "viewer");
    const stranger = await createUser("inv-hidden-stranger");
    for (const [method, path] of [
      ["DELETE", `/invitations/${invitation.id}`],
      ["POST", `/invitations/${invitation.id}/resend`],
    ] as const) {
      const theirs = await as(stranger, method, path, {});
      const missing = await as(stranger, method, path.replace(invitation.id, crypto.randomUUID()), {});
      expect([theirs.status, theirs.body]).toEqual([404, { error: WORKSPACE_MESSAGES.invitationNotFound }]);
      expect([missing.status, missing.body]).toEqual([theirs.status, theirs.body]);
    }
    expect(expectStatus(await as(owner, "GET", `/workspaces/${workspace.id}/invitations`), 200).data).toHaveLength(1);
  });

  it(`sends at most ${WORKSPACE_LIMITS.invitationsPerHour} invitations an hour from one workspace`, async () => {
    const owner = await createUser("inv-rate");
    const workspace = await newWorkspace(owner);
    for (let i = 0; i < WORKSPACE_LIMITS.invitationsPerHour; i++) await invite(owner, workspace.id, uniqueEmail(`inv-rate-${i}`), "viewer");
    const email = uniqueEmail("inv-rate-over");
    expect(await as(owner, "POST", `/workspaces/${workspace.id}/invitations`, { email, role: "viewer" })).toMatchObject({
      status: 429,
      body: { error: WORKSPACE_MESSAGES.tooManyInvitations },
    });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM workspace_invitations WHERE email = ?").bind(email).first()).toEqual({ n: 0 });
    // Another workspace is not affected.
    await invite(owner, (await newWorkspace(owner, "Other")).id, email, "viewer");
  });
});
