// `@` mentions in a comment box, and the mentioned names in a shown comment (as plain-text parts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyParts, insertMention, matchMembers, mentionedIds, mentionQuery } from "../../web/src/comments/mentions";

const members = [
  { id: "me", name: "Ada Owner", email: "ada@example.com" },
  { id: "b", name: "Ben Guest", email: "ben@example.com" },
  { id: "c", name: "Chloé Émile", email: "chloe@example.com" },
  { id: "d", name: "Dan Benson", email: "dan@example.com" },
];

describe("mentions", () => {
  it("finds the name being typed after an @ at the start or after a space", () => {
    expect(mentionQuery("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionQuery("hi @be", 6)).toEqual({ start: 3, query: "be" });
    expect(mentionQuery("hi @Ben G", 9)).toEqual({ start: 3, query: "Ben G" });
    expect(mentionQuery("mail ada@example", 16)).toBeNull();
    expect(mentionQuery("hi @be\nthere", 12)).toBeNull();
    expect(mentionQuery("hi @ be", 7)).toBeNull();
    // Only what is before the caret counts.
    expect(mentionQuery("hi @ben and more", 7)).toEqual({ start: 3, query: "ben" });
  });

  it("matches members by the start of their name, of a word of it, or of their e-mail, never oneself", () => {
    expect(matchMembers(members, "", "me").map((m) => m.id)).toEqual(["b", "c", "d"]);
    expect(matchMembers(members, "ben", "me").map((m) => m.id)).toEqual(["b", "d"]);
    expect(matchMembers(members, "emi", "me").map((m) => m.id)).toEqual(["c"]);
    expect(matchMembers(members, "chloe", "me").map((m) => m.id)).toEqual(["c"]);
    expect(matchMembers(members, "ada", "me")).toEqual([]);
    expect(matchMembers(members, "ben g", "me").map((m) => m.id)).toEqual(["b"]);
  });

  it("puts the picked name in place of what was typed, with the caret after it", () => {
    expect(insertMention("hi @be", 3, 6, "Ben Guest")).toEqual({ text: "hi @Ben Guest ", caret: 14 });
    expect(insertMention("hi @be please", 3, 6, "Ben Guest")).toEqual({ text: "hi @Ben Guest please", caret: 14 });
  });

  it("sends only the picked people still named in the text", () => {
    const picked = members.slice(1, 3);
    expect(mentionedIds("@Ben Guest and @Ben Guest", picked)).toEqual(["b"]);
    expect(mentionedIds("nobody now", picked)).toEqual([]);
  });

  it("emphasises the mentioned names and keeps every character of the body, markup included, as text", () => {
    expect(bodyParts("Ask @Ben Guest about <b>this</b>", [{ full_name: "Ben Guest" }])).toEqual([
      { text: "Ask ", mention: false },
      { text: "@Ben Guest", mention: true },
      { text: " about <b>this</b>", mention: false },
    ]);
    expect(bodyParts("@Dan Benson and @Dan", [{ full_name: "Dan" }, { full_name: "Dan Benson" }]).filter((p) => p.mention)).toEqual([
      { text: "@Dan Benson", mention: true },
      { text: "@Dan", mention: true },
    ]);
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }), (body, names) => {
        const parts = bodyParts(
          body,
          names.map((full_name) => ({ full_name })),
        );
        expect(parts.map((p) => p.text).join("")).toBe(body);
      }),
    );
  });
});
