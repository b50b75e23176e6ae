// Ids the Worker and the editor make for transcript content and operations: short, URL-safe, unique.
import { describe, expect, it } from "vitest";
import { newId } from "../../common/ids";

describe("newId", () => {
  it("is 16 URL-safe characters (96 random bits) and does not repeat", () => {
    const ids = Array.from({ length: 10_000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every character of the alphabet turns up somewhere: the bits are spread, not a fixed prefix.
    expect(new Set(ids.join("")).size).toBe(64);
  });
});
