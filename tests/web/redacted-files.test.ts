import { describe, expect, it } from "vitest";
import { noteRedactions, redactedSince } from "../../web/src/lib/redacted-files";

describe("this browser's copy after a redaction (decision 058)", () => {
  it("is stale when taken before the file's last redaction, as the file list says, and only then", () => {
    noteRedactions([
      { id: "a", redactedAt: "2026-12-07T10:00:00.000Z" },
      { id: "b", redactedAt: null },
    ]);
    const at = Date.parse("2026-12-07T10:00:00.000Z");
    expect(redactedSince("a", at - 1)).toBe(true);
    expect(redactedSince("a", at + 1)).toBe(false);
    expect(redactedSince("b", 0)).toBe(false);
    expect(redactedSince("unknown", 0)).toBe(false);
  });
});
