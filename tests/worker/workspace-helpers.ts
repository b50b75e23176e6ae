// Helpers for the workspace tests: a team with a member per role, invitations by e-mail.
import { expect } from "vitest";
import { INVITATION_ACCEPT_PATH, type WorkspaceRole } from "../../common/workspaces";
import { call, type Json, latestMail } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { eventually } from "../support/poll";

export const as = (user: TestUser, method: string, path: string, body?: unknown) => call(method, path, body, { token: user.token });

/** The file once its jobs are done (the local queues run them), or as it is after 30 s. */
export async function settled(user: TestUser, id: string): Promise<Json> {
  return eventually(
    async () => expectStatus(await as(user, "GET", `/audio_files/${id}`), 200).data,
    (file) => file.status !== "processing",
    {
      every: 250,
    },
  );
}

export async function newWorkspace(owner: TestUser, name = "Team"): Promise<Json> {
  return expectStatus(await as(owner, "POST", "/workspaces", { name }), 201).data;
}

/** The token of the newest invitation link e-mailed to `email`. */
export async function invitationToken(email: string): Promise<string> {
  const mail = await latestMail(email);
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).map((l) => new URL(l)).find((l) => l.pathname === INVITATION_ACCEPT_PATH);
  expect(link, mail.text).toBeDefined();
  return link!.searchParams.get("token")!;
}

export async function invite(owner: TestUser, workspaceId: string, email: string, role: WorkspaceRole): Promise<Json> {
  return expectStatus(await as(owner, "POST", `/workspaces/${workspaceId}/invitations`, { email, role }), 201).data;
}

/** A new account invited with the role, having accepted. */
export async function joinAs(owner: TestUser, workspaceId: string, role: WorkspaceRole): Promise<TestUser> {
  const member = await createUser(`ws-${role}`);
  await invite(owner, workspaceId, member.email, role);
  const token = await invitationToken(member.email);
  expectStatus(await as(member, "POST", "/invitations/accept", { token }), 200);
  return member;
}

export interface Team {
  workspace: Json;
  owner: TestUser;
  editor: TestUser;
  commenter: TestUser;
  viewer: TestUser;
  stranger: TestUser;
}

/** A team workspace with one member per role, and an account outside it. */
export async function team(): Promise<Team> {
  const owner = await createUser("ws-owner");
  const workspace = await newWorkspace(owner);
  const [editor, commenter, viewer, stranger] = [
    await joinAs(owner, workspace.id, "editor"),
    await joinAs(owner, workspace.id, "commenter"),
    await joinAs(owner, workspace.id, "viewer"),
    await createUser("ws-stranger"),
  ];
  return { workspace, owner, editor, commenter, viewer, stranger };
}
