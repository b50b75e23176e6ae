import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REVIEW_STATUSES } from "../../common/comments";
import type { AudioFileDto } from "../../common/library";
import {
  clickSelection,
  countLabel,
  DEFAULT_VIEW,
  EMPTY_SELECTION,
  selectedInView,
  toggleAll,
  visibleFiles,
} from "../../web/src/lib/file-list-view";
import { treeFiles } from "../../web/src/lib/library";

function file(id: string, over: Partial<AudioFileDto> = {}): AudioFileDto {
  return {
    id,
    workspaceId: "w1",
    uploadedBy: "u1",
    name: id,
    filename: `${id}.wav`,
    status: "ready",
    failureReason: null,
    hasTranscript: true,
    fileSize: 100,
    fileSizeDisplay: "100 B",
    durationSeconds: 60,
    durationDisplay: "1:00",
    contentType: "audio/wav",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    folderId: null,
    processingEstimation: null,
    job: null,
    linkImport: null,
    transcriptionOptions: {} as AudioFileDto["transcriptionOptions"],
    detectedLanguage: null,
    transcriptionNotices: [],
    reviewStatus: "draft",
    reviewedBy: null,
    reviewedAt: null,
    redactedAt: null,
    mediaRedaction: null,
    ...over,
  };
}

const files = [
  file("b", { name: "Interview 10", fileSize: 300, durationSeconds: null, createdAt: "2026-01-02T00:00:00.000Z", status: "failed" }),
  file("a", { name: "interview 9", fileSize: 100, durationSeconds: 30, createdAt: "2026-01-03T00:00:00.000Z" }),
  file("c", { name: "Zebra", fileSize: 200, durationSeconds: 90, createdAt: "2026-01-01T00:00:00.000Z", status: "processing" }),
  file("d", { name: "elsewhere", folderId: "f1" }),
];
const names = (list: AudioFileDto[]) => list.map((f) => f.name);

describe("visibleFiles", () => {
  it("shows the folder's files, newest first by default", () => {
    expect(names(visibleFiles(files, null, DEFAULT_VIEW))).toEqual(["interview 9", "Interview 10", "Zebra"]);
    expect(names(visibleFiles(files, "f1", DEFAULT_VIEW))).toEqual(["elsewhere"]);
  });

  it("sorts names ignoring case and with numbers in order", () => {
    expect(names(visibleFiles(files, null, { sort: "name", order: "asc", status: null, review: null }))).toEqual([
      "interview 9",
      "Interview 10",
      "Zebra",
    ]);
    expect(names(visibleFiles(files, null, { sort: "name", order: "desc", status: null, review: null }))).toEqual([
      "Zebra",
      "Interview 10",
      "interview 9",
    ]);
  });

  it("sorts by duration (unmeasured first), size and status", () => {
    expect(names(visibleFiles(files, null, { sort: "duration", order: "asc", status: null, review: null }))).toEqual([
      "Interview 10",
      "interview 9",
      "Zebra",
    ]);
    expect(names(visibleFiles(files, null, { sort: "size", order: "desc", status: null, review: null }))).toEqual([
      "Interview 10",
      "Zebra",
      "interview 9",
    ]);
    expect(names(visibleFiles(files, null, { sort: "status", order: "asc", status: null, review: null }))).toEqual([
      "Interview 10",
      "Zebra",
      "interview 9",
    ]);
  });

  it("filters by status", () => {
    expect(names(visibleFiles(files, null, { ...DEFAULT_VIEW, status: "failed" }))).toEqual(["Interview 10"]);
    expect(visibleFiles(files, "f1", { ...DEFAULT_VIEW, status: "failed" })).toEqual([]);
  });

  it("filters by review status, alone or with the file status", () => {
    const reviewed = [
      file("r1", { name: "Approved", reviewStatus: "approved" }),
      file("r2", { name: "In review", reviewStatus: "in_review" }),
      file("r3", { name: "Failed draft", status: "failed" }),
      file("r4", { name: "Draft" }),
    ];
    expect(names(visibleFiles(reviewed, null, { ...DEFAULT_VIEW, sort: "name", order: "asc", review: "draft" }))).toEqual([
      "Draft",
      "Failed draft",
    ]);
    expect(names(visibleFiles(reviewed, null, { ...DEFAULT_VIEW, review: "approved" }))).toEqual(["Approved"]);
    expect(names(visibleFiles(reviewed, null, { ...DEFAULT_VIEW, status: "failed", review: "draft" }))).toEqual(["Failed draft"]);
    expect(visibleFiles(reviewed, null, { ...DEFAULT_VIEW, status: "failed", review: "approved" })).toEqual([]);
  });

  it("shows exactly the folder's files with the chosen review status, for any list", () => {
    const review = fc.constantFrom(...REVIEW_STATUSES);
    const entry = fc.record({ folderId: fc.constantFrom(null, "f1"), reviewStatus: review });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), fc.option(review, { nil: null }), (entries, chosen) => {
        const list = entries.map((e, i) => file(`x${i}`, e));
        const shown = visibleFiles(list, null, { ...DEFAULT_VIEW, review: chosen });
        const expected = list.filter((f) => f.folderId === null && (chosen === null || f.reviewStatus === chosen));
        expect(shown.map((f) => f.id).sort()).toEqual(expected.map((f) => f.id).sort());
      }),
    );
  });
});

describe("clickSelection", () => {
  const order = ["1", "2", "3", "4", "5"];
  const plain = { shift: false, toggle: true };
  const shift = { shift: true, toggle: false };

  it("toggles one row and moves the anchor", () => {
    const one = clickSelection(EMPTY_SELECTION, order, "2", plain);
    expect([...one.ids]).toEqual(["2"]);
    expect(one.anchor).toBe("2");
    const none = clickSelection(one, order, "2", plain);
    expect([...none.ids]).toEqual([]);
  });

  it("selects a range from the anchor, in either direction, adding to the selection", () => {
    const start = clickSelection(EMPTY_SELECTION, order, "4", plain);
    expect(selectedInView(clickSelection(start, order, "2", shift), order)).toEqual(["2", "3", "4"]);
    const withFirst = clickSelection(start, order, "1", plain);
    expect(selectedInView(clickSelection(withFirst, order, "3", shift), order)).toEqual(["1", "2", "3", "4"]);
  });

  it("treats Shift without an anchor as a toggle", () => {
    expect(selectedInView(clickSelection(EMPTY_SELECTION, order, "3", shift), order)).toEqual(["3"]);
  });

  it("ignores ids not shown and forgets selected ids that left the view", () => {
    expect(clickSelection(EMPTY_SELECTION, order, "x", plain)).toBe(EMPTY_SELECTION);
    const sel = { ids: new Set(["2", "gone"]), anchor: "gone" };
    expect(selectedInView(sel, order)).toEqual(["2"]);
    // An anchor that left the view starts no range.
    expect(selectedInView(clickSelection(sel, order, "4", shift), order)).toEqual(["2", "4"]);
  });

  it("selects all shown, then none", () => {
    const all = toggleAll(EMPTY_SELECTION, order);
    expect(selectedInView(all, order)).toEqual(order);
    expect(selectedInView(toggleAll(all, order), order)).toEqual([]);
    expect(countLabel(1)).toBe("1 file");
    expect(countLabel(3)).toBe("3 files");
  });
});

describe("treeFiles", () => {
  const many = Array.from({ length: 10 }, (_, i) => file(`f${i}`));

  it("keeps a short folder whole", () => {
    expect(treeFiles(many, null, 10)).toEqual({ shown: many, hidden: 0 });
  });

  it("caps a long folder and keeps the selected file shown", () => {
    const capped = treeFiles(many, null, 3);
    expect(capped.shown.map((f) => f.id)).toEqual(["f0", "f1", "f2"]);
    expect(capped.hidden).toBe(7);
    const withSelected = treeFiles(many, "f8", 3);
    expect(withSelected.shown.map((f) => f.id)).toEqual(["f0", "f1", "f2", "f8"]);
    expect(withSelected.hidden).toBe(6);
  });
});
