// Where a request's D1 session starts (worker/lib/d1-bookmark.ts): only a bookmark the server
// signed, unexpired, is taken; anything a client makes up starts on the primary.
import { describe, expect, it } from "vitest";
import { sessionStart, signBookmark } from "../../worker/lib/d1-bookmark";

const SECRET = "test-secret-0123456789abcdef0123456789abcdef";
const BOOKMARK = "0000000a-00000003-00004f52-8f0c2f1e5a3b4c6d7e8f9a0b1c2d3e4f";
const NOW = Date.parse("2026-12-01T12:00:00Z");
const inSeconds = (s: number) => Math.floor(NOW / 1000) + s;
const primary = { constraint: "first-primary", expires: null };

describe("sessionStart", () => {
  it("takes a bookmark the server signed, until it expires", async () => {
    const signed = await signBookmark(SECRET, BOOKMARK, inSeconds(30));
    expect(signed.startsWith(`${BOOKMARK}.`)).toBe(true);
    expect(await sessionStart(SECRET, signed, NOW)).toEqual({ constraint: BOOKMARK, expires: inSeconds(30) });
    expect(await sessionStart(SECRET, signed, NOW + 31_000)).toEqual(primary);
  });

  it("starts on the primary for a bare, forged, altered or foreign bookmark", async () => {
    const signed = await signBookmark(SECRET, BOOKMARK, inSeconds(30));
    const [, expires, signature] = signed.split(".");
    const older = "00000001-00000001-00000001-00000001";
    const cases = [
      undefined,
      "",
      BOOKMARK,
      "not a bookmark",
      `${BOOKMARK}.${expires}.${"0".repeat(64)}`,
      // The signature of another bookmark, or of another expiry.
      `${older}.${expires}.${signature}`,
      `${BOOKMARK}.${inSeconds(3600)}.${signature}`,
      // Signed with another secret.
      await signBookmark("another-secret-0123456789abcdef0123456789", BOOKMARK, inSeconds(30)),
    ];
    for (const sent of cases) expect(await sessionStart(SECRET, sent, NOW), String(sent)).toEqual(primary);
  });
});
