// Which workspace the address opens (web/src/workspace/current-workspace.ts): the `workspace`
// parameter for a team, none for the personal one, and a fallback for an unknown one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WorkspaceDto } from "../../common/workspaces";
import {
  canCommentIn,
  canEditIn,
  inWorkspace,
  moveTargets,
  opensWhenReady,
  resolveWorkspace,
  switcherEntries,
  workspaceFromSearch,
} from "../../web/src/workspace/current-workspace";

const ME = "user-1";
const personal: WorkspaceDto = { id: ME, name: "Ada Lovelace", role: "owner", personal: true };
const team = (id: string, name: string, role: WorkspaceDto["role"]): WorkspaceDto => ({ id, name, role, personal: false });
const newsroom = team("ws-news", "Newsroom", "editor");
const archive = team("ws-arch", "Archive", "viewer");
const legal = team("ws-legal", "legal", "owner");

const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
const otherParams = fc.dictionary(fc.constantFrom("u", "t", "q", "x"), fc.string({ maxLength: 12 }), { maxKeys: 3 });
const path = fc.constantFrom("/dashboard", "/dashboard/folder/f-1", "/dashboard/file/a-1");

describe("the workspace in the address", () => {
  it("reads the parameter, and no parameter (or an empty one) is the personal workspace", () => {
    expect(workspaceFromSearch("?workspace=ws-news", ME)).toBe("ws-news");
    expect(workspaceFromSearch("", ME)).toBe(ME);
    expect(workspaceFromSearch("?workspace=", ME)).toBe(ME);
    expect(workspaceFromSearch(new URLSearchParams({ u: "x" }), ME)).toBe(ME);
  });

  it("writes a team's id as the parameter and drops it for the personal workspace", () => {
    expect(inWorkspace("/dashboard", "ws-news", ME)).toBe("/dashboard?workspace=ws-news");
    expect(inWorkspace("/dashboard?workspace=ws-news", ME, ME)).toBe("/dashboard");
    expect(inWorkspace("/dashboard/file/a-1?u=u-1&workspace=old", "ws-news", ME)).toBe("/dashboard/file/a-1?u=u-1&workspace=ws-news");
    expect(inWorkspace("/dashboard/file/a-1?u=u-1&workspace=old", ME, ME)).toBe("/dashboard/file/a-1?u=u-1");
  });

  it("round-trips every workspace on every page, keeping the page and its other parameters", () => {
    fc.assert(
      fc.property(path, otherParams, id, id, (page, params, workspace, personalId) => {
        const query = new URLSearchParams(params).toString();
        const address = inWorkspace(query ? `${page}?${query}` : page, workspace, personalId);
        const url = new URL(address, "http://localhost");
        expect(url.pathname).toBe(page);
        expect(workspaceFromSearch(url.search, personalId)).toBe(workspace);
        // The personal workspace is never written out: one address per page.
        expect(url.searchParams.has("workspace")).toBe(workspace !== personalId);
        for (const [key, value] of Object.entries(params)) expect(url.searchParams.get(key)).toBe(value);
      }),
    );
  });
});

describe("resolveWorkspace", () => {
  const list = [personal, newsroom, archive];

  it("finds a workspace the user is a member of, with its role", () => {
    expect(resolveWorkspace("ws-news", list, ME)).toEqual({ id: "ws-news", workspace: newsroom, role: "editor", unknown: false });
    expect(resolveWorkspace(ME, list, ME)).toEqual({ id: ME, workspace: personal, role: "owner", unknown: false });
  });

  it("falls back to the personal workspace for an id the user is not (or no longer) a member of", () => {
    expect(resolveWorkspace("ws-gone", list, ME)).toEqual({ id: ME, workspace: personal, role: "owner", unknown: true });
  });

  it("trusts the address while the list loads: the personal workspace is the user's own, a team's role is not known yet", () => {
    expect(resolveWorkspace(ME, undefined, ME)).toEqual({ id: ME, workspace: null, role: "owner", unknown: false });
    expect(resolveWorkspace("ws-news", undefined, ME)).toEqual({ id: "ws-news", workspace: null, role: null, unknown: false });
  });

  it("asks again before giving up on an id: while the list is read again, the address is trusted", () => {
    // A workspace joined since the list was read (an invitation accepted in this tab).
    expect(resolveWorkspace("ws-new", list, ME, true)).toEqual({ id: "ws-new", workspace: null, role: null, unknown: false });
    expect(resolveWorkspace("ws-news", list, ME, true)).toEqual({ id: "ws-news", workspace: newsroom, role: "editor", unknown: false });
    expect(resolveWorkspace("ws-new", list, ME, false).unknown).toBe(true);
  });

  it("always lands on a listed workspace or the personal one", () => {
    fc.assert(
      fc.property(id, fc.subarray(list), (requested, members) => {
        const got = resolveWorkspace(requested, members, ME);
        expect(got.id === ME || members.some((w) => w.id === got.id)).toBe(true);
        expect(got.unknown).toBe(requested !== ME && !members.some((w) => w.id === requested));
      }),
    );
  });
});

describe("roles in the library", () => {
  it("lets owners and editors write; commenters, viewers and an unknown role only read", () => {
    expect(canEditIn("owner")).toBe(true);
    expect(canEditIn("editor")).toBe(true);
    expect(canEditIn("commenter")).toBe(false);
    expect(canEditIn("viewer")).toBe(false);
    expect(canEditIn(null)).toBe(false);
  });

  it("lets commenters and up comment and review; viewers and an unknown role may not", () => {
    expect(canCommentIn("owner")).toBe(true);
    expect(canCommentIn("editor")).toBe(true);
    expect(canCommentIn("commenter")).toBe(true);
    expect(canCommentIn("viewer")).toBe(false);
    expect(canCommentIn(null)).toBe(false);
  });

  it("lists the personal workspace first as Personal, then the teams by name with their roles", () => {
    expect(switcherEntries([legal, newsroom, personal, archive])).toEqual([
      { id: ME, name: "Personal", role: null },
      { id: "ws-arch", name: "Archive", role: "Viewer" },
      { id: "ws-legal", name: "legal", role: "Owner" },
      { id: "ws-news", name: "Newsroom", role: "Editor" },
    ]);
  });

  it("offers as move targets only the other workspaces the user may write in", () => {
    const all = [legal, newsroom, personal, archive];
    expect(moveTargets(all, "ws-news").map((w) => w.id)).toEqual([ME, "ws-legal"]);
    expect(moveTargets(all, ME).map((w) => w.id)).toEqual(["ws-legal", "ws-news"]);
  });
});

describe("opensWhenReady", () => {
  const file = (workspaceId: string, uploadedBy: string | null) => ({ workspaceId, uploadedBy });

  it("opens a finished file the user uploaded into the workspace on screen", () => {
    expect(opensWhenReady(file("ws-news", ME), "ws-news", ME)).toBe(true);
    expect(opensWhenReady(file(ME, ME), ME, ME)).toBe(true);
  });

  it("leaves the screen alone for a teammate's upload or a file of another workspace", () => {
    expect(opensWhenReady(file("ws-news", "user-2"), "ws-news", ME)).toBe(false);
    expect(opensWhenReady(file("ws-legal", ME), "ws-news", ME)).toBe(false);
    expect(opensWhenReady(undefined, "ws-news", ME)).toBe(false);
  });
});
