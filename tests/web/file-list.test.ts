// The cached file list keeps the copy changed last, whatever order answers and live messages arrive in.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AudioFileDto } from "../../common/library";
import { withFile } from "../../web/src/api/file-list";

const file = (id: string, status: AudioFileDto["status"], updatedAt: string) => ({ id, status, updatedAt, name: id }) as AudioFileDto;

describe("file list cache", () => {
  it("a late upload answer does not put back 'processing' over a failure pushed before it", () => {
    const failed = file("a", "failed", "2026-11-24T10:00:00.020Z");
    const uploaded = file("a", "processing", "2026-11-24T10:00:00.010Z");
    expect(withFile([failed], uploaded)).toEqual([failed]);
    expect(withFile([uploaded], failed)).toEqual([failed]);
  });

  it("adds a new file first and leaves the others alone", () => {
    const other = file("b", "ready", "2026-11-24T09:00:00.000Z");
    const created = file("a", "processing", "2026-11-24T10:00:00.000Z");
    expect(withFile([other], created)).toEqual([created, other]);
  });

  it("ends with the newest copy of every file, in any order of arrival", () => {
    const copies = fc.array(fc.record({ id: fc.constantFrom("a", "b", "c"), t: fc.integer({ min: 0, max: 1e6 }) }), { maxLength: 30 });
    fc.assert(
      fc.property(copies, (arrivals) => {
        const list = arrivals.reduce<AudioFileDto[]>(
          (files, { id, t }) => withFile(files, file(id, "ready", new Date(1e12 + t).toISOString())),
          [],
        );
        for (const f of list) {
          const newest = Math.max(...arrivals.filter((a) => a.id === f.id).map((a) => a.t));
          expect(f.updatedAt).toBe(new Date(1e12 + newest).toISOString());
        }
        expect(new Set(list.map((f) => f.id)).size).toBe(list.length);
      }),
    );
  });
});
