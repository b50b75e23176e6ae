// Workspaces: the personal one every account has, team workspaces created, renamed and
// deleted by owners; names validated; a non-member gets the same 404 as a missing workspace.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WORKSPACE_LIMITS, WORKSPACE_MESSAGES } from "../../common/workspaces";
import { createUser, expectStatus } from "./library-helpers";
import { as, newWorkspace, team } from "./workspace-helpers";

describe("workspaces", { timeout: 60_000 }, () => {
  it("gives every new account a personal workspace, listed first", async () => {
    const user = await createUser("ws-personal");
    const { data } = expectStatus(await as(user, "GET", "/workspaces"), 200);
    expect(data).toEqual([{ id: user.id, name: "Personal", role: "owner", personal: true }]);
    const team = await newWorkspace(user, "A team");
    const after = expectStatus(await as(user, "GET", "/workspaces"), 200).data;
    expect(after).toEqual([data[0], { id: team.id, name: "A team", role: "owner", personal: false }]);
  });

  it("creates, renames and deletes a team workspace", async () => {
    const owner = await createUser("ws-crud");
    const created = await newWorkspace(owner, "  Newsroom  ");
    expect(created).toEqual({ id: expect.any(String), name: "Newsroom", role: "owner", personal: false });
    const renamed = expectStatus(await as(owner, "PATCH", `/workspaces/${created.id}`, { name: "Desk" }), 200).data;
    expect(renamed).toEqual({ ...created, name: "Desk" });
    expect(expectStatus(await as(owner, "GET", `/workspaces/${created.id}`), 200).data).toEqual(renamed);
    expectStatus(await as(owner, "DELETE", `/workspaces/${created.id}`), 200);
    expect(await as(owner, "GET", `/workspaces/${created.id}`)).toMatchObject({
      status: 404,
      body: { error: WORKSPACE_MESSAGES.notFound },
    });
    const members = await env.DB.prepare("SELECT count(*) AS n FROM workspace_members WHERE workspace_id = ?").bind(created.id).first();
    expect(members).toEqual({ n: 0 });
  });

  it("refuses names that are empty, too long, or carry line breaks or direction controls", async () => {
    const owner = await createUser("ws-names");
    const cases: [unknown, string][] = [
      [{ name: "   " }, WORKSPACE_MESSAGES.nameRequired],
      [{}, WORKSPACE_MESSAGES.nameRequired],
      [{ name: "x".repeat(WORKSPACE_LIMITS.nameMaxLength + 1) }, WORKSPACE_MESSAGES.nameTooLong],
      [{ name: "two\nlines" }, WORKSPACE_MESSAGES.nameControls],
      [{ name: "bell\u0007" }, WORKSPACE_MESSAGES.nameControls],
      [{ name: "evil\u202Egnp" }, "Names cannot contain text-direction control characters"],
    ];
    for (const [body, error] of cases) {
      const res = await as(owner, "POST", "/workspaces", body);
      expect([res.status, res.body], JSON.stringify(body)).toEqual([422, { error }]);
    }
    const { data } = expectStatus(await as(owner, "GET", "/workspaces"), 200);
    expect(data).toHaveLength(1);
  });

  it("never deletes a personal workspace", async () => {
    const user = await createUser("ws-keep");
    expect(await as(user, "DELETE", `/workspaces/${user.id}`)).toMatchObject({
      status: 422,
      body: { error: WORKSPACE_MESSAGES.personalCannotBeDeleted },
    });
    expectStatus(await as(user, "GET", `/workspaces/${user.id}`), 200);
  });

  it("answers a non-member exactly as for a workspace that does not exist", async () => {
    const { workspace, stranger } = await team();
    const missing = crypto.randomUUID();
    for (const [method, suffix, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { name: "Mine" }],
      ["DELETE", "", undefined],
      ["GET", "/members", undefined],
      ["GET", "/invitations", undefined],
      ["POST", "/invitations", { email: "x@example.com", role: "viewer" }],
      ["GET", "/activity", undefined],
    ] as const) {
      const theirs = await as(stranger, method, `/workspaces/${workspace.id}${suffix}`, body);
      const none = await as(stranger, method, `/workspaces/${missing}${suffix}`, body);
      expect([theirs.status, theirs.body], `${method} ${suffix}`).toEqual([404, { error: WORKSPACE_MESSAGES.notFound }]);
      expect([none.status, none.body]).toEqual([theirs.status, theirs.body]);
    }
  });

  it(`limits one account to ${WORKSPACE_LIMITS.ownedTeams} team workspaces`, async () => {
    const owner = await createUser("ws-limit");
    await Promise.all(
      Array.from({ length: WORKSPACE_LIMITS.ownedTeams + 3 }, (_, i) => as(owner, "POST", "/workspaces", { name: `T${i}` })),
    );
    const { data } = expectStatus(await as(owner, "GET", "/workspaces"), 200);
    expect(data.filter((w: { personal: boolean }) => !w.personal)).toHaveLength(WORKSPACE_LIMITS.ownedTeams);
    expect(await as(owner, "POST", "/workspaces", { name: "One more" })).toMatchObject({
      status: 403,
      body: { error: WORKSPACE_MESSAGES.tooManyOwned },
    });
  });
});
