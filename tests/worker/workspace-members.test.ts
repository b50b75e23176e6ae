// Members and roles: owners change roles and remove members, anyone may leave, a workspace
// always keeps an owner; every role on every write route (the matrix); the activity log.
import { describe, expect, it } from "vitest";
import { type WorkspaceRole, WORKSPACE_MESSAGES } from "../../common/workspaces";
import { get, randomIp, uniqueEmail } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import { storeTranscript } from "./transcript-helpers";
import { as, invite, joinAs, type Team, team } from "./workspace-helpers";

const roleOf = async (user: TestUser, workspaceId: string) =>
  (expectStatus(await as(user, "GET", "/workspaces"), 200).data as { id: string; role: string }[]).find((w) => w.id === workspaceId)?.role;

describe("workspace members", { timeout: 90_000 }, () => {
  it("changes roles and removes members; a removed member gets 404 from the next request", async () => {
    const { workspace, owner, editor, viewer } = await team();
    const changed = expectStatus(await as(owner, "PATCH", `/workspaces/${workspace.id}/members/${viewer.id}`, { role: "editor" }), 200);
    expect(changed.data).toMatchObject({ user_id: viewer.id, email: viewer.email, role: "editor" });
    expect(await roleOf(viewer, workspace.id)).toBe("editor");

    expectStatus(await as(owner, "DELETE", `/workspaces/${workspace.id}/members/${editor.id}`), 200);
    expect(await as(editor, "GET", `/workspaces/${workspace.id}`)).toMatchObject({
      status: 404,
      body: { error: WORKSPACE_MESSAGES.notFound },
    });
    expect(await roleOf(editor, workspace.id)).toBeUndefined();
    expect(await as(owner, "DELETE", `/workspaces/${workspace.id}/members/${editor.id}`)).toMatchObject({
      status: 404,
      body: { error: WORKSPACE_MESSAGES.memberNotFound },
    });
  });

  it("answers the share links a removed member made, and owners revoke them all", async () => {
    const { workspace, owner, editor, viewer, stranger } = await team();
    const teamFile = async () => {
      const { fileId } = await storeTranscript(owner);
      expectStatus(await as(owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: workspace.id } }), 200);
      return fileId;
    };
    const [first, second] = [await teamFile(), await teamFile()];
    const link = async (user: TestUser, fileId: string) =>
      /\/s\/([A-Za-z0-9_-]+)$/.exec(expectStatus(await as(user, "POST", `/audio_files/${fileId}/shares`, {}), 201).data.url)![1]!;
    const opens = async (secret: string) => (await get(`/shared/${secret}`, { ip: randomIp() })).status;
    const editorLinks = [await link(editor, first), await link(editor, second)];
    const ownerLink = await link(owner, first);
    // The editor's link on a file of their own workspace is none of this workspace's business.
    const own = await link(editor, (await storeTranscript(editor)).fileId);
    const shares = `/workspaces/${workspace.id}/members/${editor.id}/shares`;

    const listed = expectStatus(await as(owner, "GET", shares), 200).data;
    expect(listed).toHaveLength(2);
    expect(listed[0]).toEqual({
      id: expect.any(String),
      audio_file_id: expect.any(String),
      file_name: expect.any(String),
      label: null,
      created_at: expect.any(String),
      expires_at: null,
    });
    expect(new Set(listed.map((l: { audio_file_id: string }) => l.audio_file_id))).toEqual(new Set([first, second]));
    expect((await as(viewer, "GET", shares)).status).toBe(403);
    expect((await as(stranger, "GET", shares)).status).toBe(404);

    const removed = expectStatus(await as(owner, "DELETE", `/workspaces/${workspace.id}/members/${editor.id}`), 200);
    expect(removed.data.share_links.map((l: { id: string }) => l.id).sort()).toEqual(listed.map((l: { id: string }) => l.id).sort());
    // Removal alone leaves them working for whoever holds them.
    for (const secret of editorLinks) expect(await opens(secret)).toBe(200);

    expect((await as(viewer, "DELETE", shares)).status).toBe(403);
    expect((await as(stranger, "DELETE", shares)).status).toBe(404);
    expect(expectStatus(await as(owner, "DELETE", shares), 200)).toEqual({ message: "2 share links revoked", data: { revoked: 2 } });
    for (const secret of editorLinks) expect(await opens(secret)).toBe(404);
    expect(await opens(ownerLink)).toBe(200);
    expect(await opens(own)).toBe(200);
    expect(expectStatus(await as(owner, "GET", shares), 200).data).toEqual([]);
  });

  it("lets any member leave, but always keeps one owner", async () => {
    const { workspace, owner, commenter } = await team();
    expectStatus(await as(commenter, "DELETE", `/workspaces/${workspace.id}/members/${commenter.id}`), 200);
    expect(await roleOf(commenter, workspace.id)).toBeUndefined();

    const lastOwner = { status: 422, body: { error: WORKSPACE_MESSAGES.lastOwner } };
    expect(await as(owner, "DELETE", `/workspaces/${workspace.id}/members/${owner.id}`)).toMatchObject(lastOwner);
    expect(await as(owner, "PATCH", `/workspaces/${workspace.id}/members/${owner.id}`, { role: "editor" })).toMatchObject(lastOwner);

    const second = await joinAs(owner, workspace.id, "owner");
    // Two owners demoting each other at once: one of them stays an owner.
    const both = await Promise.all([
      as(owner, "PATCH", `/workspaces/${workspace.id}/members/${second.id}`, { role: "viewer" }),
      as(second, "PATCH", `/workspaces/${workspace.id}/members/${owner.id}`, { role: "viewer" }),
    ]);
    expect(both.map((r) => r.status).sort()).toContain(200);
    const roles = [await roleOf(owner, workspace.id), await roleOf(second, workspace.id)];
    expect(roles).toContain("owner");

    const members = expectStatus(await as(owner, "GET", `/workspaces/${workspace.id}/members`), 200).data as { role: string }[];
    expect(members.filter((m) => m.role === "owner").length).toBeGreaterThanOrEqual(1);
  });

  it("logs membership and invitations with who and when, for owners only", async () => {
    const { workspace, owner, editor, viewer } = await team();
    await as(owner, "PATCH", `/workspaces/${workspace.id}/members/${viewer.id}`, { role: "commenter" });
    await as(owner, "DELETE", `/workspaces/${workspace.id}/members/${viewer.id}`);
    const revoked = await invite(owner, workspace.id, uniqueEmail("log"), "viewer");
    await as(owner, "DELETE", `/invitations/${revoked.id}`);
    await as(owner, "PATCH", `/workspaces/${workspace.id}`, { name: "Renamed" });

    const log = expectStatus(await as(owner, "GET", `/workspaces/${workspace.id}/activity`), 200).data as {
      kind: string;
      actor: { id: string };
      detail: Record<string, string>;
      created_at: string;
    }[];
    const kinds = log.map((e) => e.kind);
    expect(kinds.slice(0, 5)).toEqual([
      "workspace_renamed",
      "invitation_revoked",
      "invitation_sent",
      "member_removed",
      "member_role_changed",
    ]);
    expect(kinds).toContain("workspace_created");
    expect(kinds.filter((k) => k === "member_joined")).toHaveLength(3);
    expect(log[3]).toMatchObject({ actor: { id: owner.id }, detail: { email: viewer.email, role: "commenter" } });
    expect(log.find((e) => e.kind === "member_joined" && e.detail.email === editor.email)?.actor.id).toBe(editor.id);
    expect(await as(editor, "GET", `/workspaces/${workspace.id}/activity`)).toMatchObject({
      status: 403,
      body: { error: WORKSPACE_MESSAGES.forbidden },
    });
  });

  it("lets each role do exactly its writes (the role matrix)", async () => {
    const t = await team();
    const ws = `/workspaces/${t.workspace.id}`;
    // Each write, as a fresh request against the team; the expected status per role.
    type Write = { name: string; run: (user: TestUser, t: Team) => Promise<{ status: number }>; allowed: WorkspaceRole[] };
    const writes: Write[] = [
      { name: "rename", run: (u) => as(u, "PATCH", ws, { name: "Team" }), allowed: ["owner"] },
      { name: "invite", run: (u) => as(u, "POST", `${ws}/invitations`, { email: uniqueEmail("mx"), role: "viewer" }), allowed: ["owner"] },
      { name: "list invitations", run: (u) => as(u, "GET", `${ws}/invitations`), allowed: ["owner"] },
      {
        name: "resend",
        run: async (u, team) => {
          const { id } = await invite(team.owner, team.workspace.id, uniqueEmail("mx-resend"), "viewer");
          return as(u, "POST", `/invitations/${id}/resend`, {});
        },
        allowed: ["owner"],
      },
      {
        name: "revoke",
        run: async (u, team) => {
          const { id } = await invite(team.owner, team.workspace.id, uniqueEmail("mx-revoke"), "viewer");
          return as(u, "DELETE", `/invitations/${id}`);
        },
        allowed: ["owner"],
      },
      {
        name: "change a role",
        run: (u, team) => as(u, "PATCH", `${ws}/members/${team.viewer.id}`, { role: "viewer" }),
        allowed: ["owner"],
      },
      {
        name: "remove another member",
        run: async (u, team) => as(u, "DELETE", `${ws}/members/${(await joinAs(team.owner, team.workspace.id, "viewer")).id}`),
        allowed: ["owner"],
      },
      { name: "read the log", run: (u) => as(u, "GET", `${ws}/activity`), allowed: ["owner"] },
      { name: "list members", run: (u) => as(u, "GET", `${ws}/members`), allowed: ["owner", "editor", "commenter", "viewer"] },
    ];
    const roles: WorkspaceRole[] = ["owner", "editor", "commenter", "viewer"];
    const seen: string[] = [];
    const expected: string[] = [];
    for (const write of writes) {
      for (const role of roles) {
        const res = await write.run(t[role], t);
        seen.push(`${write.name} as ${role}: ${res.status}`);
        expected.push(`${write.name} as ${role}: ${write.allowed.includes(role) ? (write.name === "invite" ? 201 : 200) : 403}`);
      }
      const stranger = await write.run(t.stranger, t);
      seen.push(`${write.name} as a stranger: ${stranger.status}`);
      expected.push(`${write.name} as a stranger: 404`);
    }
    expect(seen).toEqual(expected);
    // Deleting last: an editor cannot, the owner can.
    expect((await as(t.editor, "DELETE", ws)).status).toBe(403);
    expect((await as(t.stranger, "DELETE", ws)).status).toBe(404);
    expectStatus(await as(t.owner, "DELETE", ws), 200);
  });
});
