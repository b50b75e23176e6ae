import { describe, expect, it } from "vitest";
import { formatBinding, isShortcut, shortcutGroups, SHORTCUTS } from "../../web/src/commands/shortcuts";
import { key } from "./keys";

describe("the shortcut table", () => {
  it("matches Ctrl on Windows/Linux and Cmd on macOS, never the other modifier", () => {
    expect(isShortcut(key("z", { ctrlKey: true }), "undo", false)).toBe(true);
    expect(isShortcut(key("z", { metaKey: true }), "undo", true)).toBe(true);
    expect(isShortcut(key("z", { ctrlKey: true }), "undo", true)).toBe(false);
    expect(isShortcut(key("Z", { ctrlKey: true, shiftKey: true }), "redo", false)).toBe(true);
    expect(isShortcut(key("Z", { ctrlKey: true, shiftKey: true }), "undo", false)).toBe(false);
    expect(isShortcut(key("Enter"), "split", false)).toBe(true);
    expect(isShortcut(key("Enter", { shiftKey: true }), "split", false)).toBe(false);
    expect(isShortcut(key("Enter", { shiftKey: true }), "searchPrevious", false)).toBe(true);
    expect(isShortcut(key("i", { ctrlKey: true, altKey: true }), "cycleConfidence", false)).toBe(false);
  });

  it("lists every shortcut once, grouped, with the platform's modifier", () => {
    const groups = shortcutGroups(false);
    expect(groups.flatMap((g) => g.items)).toHaveLength(Object.keys(SHORTCUTS).length);
    expect(groups.map((g) => g.group)).toEqual(["Player", "Transcript editor", "Search", "Transcript tools", "Dialogs"]);
    expect(groups.find((g) => g.group === "Transcript editor")!.items.find((i) => i.label === "Redo")!.keys).toEqual(["Ctrl+Shift+Z"]);
    expect(formatBinding(SHORTCUTS.redo.keys[0], true)).toBe("⌘⇧Z");
    expect(formatBinding(SHORTCUTS.saveNotes.keys[0], false)).toBe("Ctrl+Enter");
  });
});
