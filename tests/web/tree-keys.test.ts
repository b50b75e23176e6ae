// Keys of the folder tree (tree view pattern) over its visible rows.
import { describe, expect, it } from "vitest";
import { TypeAhead } from "../../web/src/components/menu-keys";
import { type TreeRow, treeKey } from "../../web/src/workspace/tree-keys";
import { key as press } from "./keys";

const rows: TreeRow[] = [
  { id: "folder:common", label: "Common", kind: "folder", parentId: null, expanded: true },
  { id: "file:a", label: "alpha.wav", kind: "file", parentId: "folder:common" },
  { id: "file:b", label: "beta.wav", kind: "file", parentId: "folder:common" },
  { id: "folder:x", label: "Interviews", kind: "folder", parentId: null, expanded: false },
  { id: "folder:y", label: "Empty", kind: "folder", parentId: null, expanded: true },
];

describe("folder tree keys", () => {
  it("↓ ↑ move through the visible rows and stop at the ends; Home and End jump", () => {
    expect(treeKey(press("ArrowDown"), rows, "folder:common")).toEqual({ focus: "file:a" });
    expect(treeKey(press("ArrowDown"), rows, "file:b")).toEqual({ focus: "folder:x" });
    expect(treeKey(press("ArrowDown"), rows, "folder:y")).toEqual({ focus: "folder:y" });
    expect(treeKey(press("ArrowUp"), rows, "folder:common")).toEqual({ focus: "folder:common" });
    expect(treeKey(press("ArrowUp"), rows, "folder:x")).toEqual({ focus: "file:b" });
    expect(treeKey(press("Home"), rows, "file:b")).toEqual({ focus: "folder:common" });
    expect(treeKey(press("End"), rows, "file:a")).toEqual({ focus: "folder:y" });
  });

  it("→ expands a closed folder, then enters it; ← collapses an open folder or goes to a file's folder", () => {
    expect(treeKey(press("ArrowRight"), rows, "folder:x")).toEqual({ expand: "folder:x" });
    expect(treeKey(press("ArrowRight"), rows, "folder:common")).toEqual({ focus: "file:a" });
    // Open but empty: → stays.
    expect(treeKey(press("ArrowRight"), rows, "folder:y")).toEqual({ focus: "folder:y" });
    expect(treeKey(press("ArrowRight"), rows, "file:a")).toEqual({ focus: "file:a" });
    expect(treeKey(press("ArrowLeft"), rows, "folder:common")).toEqual({ collapse: "folder:common" });
    expect(treeKey(press("ArrowLeft"), rows, "folder:x")).toEqual({ focus: "folder:x" });
    expect(treeKey(press("ArrowLeft"), rows, "file:b")).toEqual({ focus: "folder:common" });
  });

  it("Enter and Space activate; letters search by name; modified keys and others are not the tree's", () => {
    expect(treeKey(press("Enter"), rows, "file:b")).toEqual({ activate: "file:b" });
    expect(treeKey(press(" "), rows, "folder:x")).toEqual({ activate: "folder:x" });
    expect(treeKey(press("i"), rows, "folder:common", new TypeAhead(() => 0))).toEqual({ focus: "folder:x" });
    expect(treeKey(press("q"), rows, "folder:common", new TypeAhead(() => 0))).toBeNull();
    expect(treeKey(press("ArrowDown", { altKey: true }), rows, "folder:common")).toBeNull();
    expect(treeKey(press("Tab"), rows, "folder:common")).toBeNull();
  });

  it("a row that is gone gives focus to the first row", () => {
    expect(treeKey(press("ArrowDown"), rows, "file:gone")).toEqual({ focus: "folder:common" });
    expect(treeKey(press("ArrowDown"), [], "file:gone")).toBeNull();
  });
});
