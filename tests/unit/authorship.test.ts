import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AuthoredAct, mayActOn } from "../../common/authorship";
import { WORKSPACE_ROLES } from "../../common/workspaces";

const acts: AuthoredAct[] = ["resolve", "remove", "rewrite"];

describe("who may act on a comment or a highlight", () => {
  it("an author acts on their own while they may comment, and never a viewer", () => {
    expect(acts.map((a) => mayActOn(a, { id: "u", role: "commenter" }, "u"))).toEqual([true, true, true]);
    expect(acts.map((a) => mayActOn(a, { id: "u", role: "viewer" }, "u"))).toEqual([false, false, false]);
  });

  it("an editor resolves and removes others' work but never rewrites another's comment", () => {
    expect(acts.map((a) => mayActOn(a, { id: "e", role: "editor" }, "u"))).toEqual([true, true, false]);
    expect(acts.map((a) => mayActOn(a, { id: "o", role: "owner" }, "u"))).toEqual([true, true, false]);
    expect(acts.map((a) => mayActOn(a, { id: "c", role: "commenter" }, "u"))).toEqual([false, false, false]);
  });

  it("no role rewrites what someone else wrote", () => {
    fc.assert(
      fc.property(fc.constantFrom(...WORKSPACE_ROLES), fc.string(), fc.string(), (role, me, author) => {
        fc.pre(me !== author);
        expect(mayActOn("rewrite", { id: me, role }, author)).toBe(false);
      }),
    );
  });
});
