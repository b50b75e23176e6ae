// Keys of menus and option lists: arrows wrap, Home/End, Escape closes, type-ahead by label.
import { describe, expect, it } from "vitest";
import { menuKey, TYPE_AHEAD_MS, TypeAhead } from "../../web/src/components/menu-keys";
import { key as press } from "./keys";

const labels = ["Rename", "Move to…", "Delete"];

describe("menu keys", () => {
  it("moves with the arrows, wrapping at both ends, and jumps with Home and End", () => {
    expect(menuKey(press("ArrowDown"), 0, labels)).toEqual({ focus: 1 });
    expect(menuKey(press("ArrowDown"), 2, labels)).toEqual({ focus: 0 });
    expect(menuKey(press("ArrowUp"), 0, labels)).toEqual({ focus: 2 });
    expect(menuKey(press("ArrowUp"), 1, labels)).toEqual({ focus: 0 });
    expect(menuKey(press("Home"), 2, labels)).toEqual({ focus: 0 });
    expect(menuKey(press("End"), 0, labels)).toEqual({ focus: 2 });
    // Focus not on an item yet: ↓ takes the first, ↑ the last.
    expect(menuKey(press("ArrowDown"), -1, labels)).toEqual({ focus: 0 });
    expect(menuKey(press("ArrowUp"), -1, labels)).toEqual({ focus: 2 });
  });

  it("closes on Escape and leaves Enter, Space, Tab and shortcuts alone", () => {
    expect(menuKey(press("Escape"), 1, labels)).toEqual({ close: true });
    expect(menuKey(press("Escape"), -1, [])).toEqual({ close: true });
    for (const key of ["Enter", " ", "Tab"]) expect(menuKey(press(key), 1, labels, new TypeAhead())).toBeNull();
    expect(menuKey(press("d", { ctrlKey: true }), 0, labels, new TypeAhead())).toBeNull();
    expect(menuKey(press("d", { altKey: true }), 0, labels, new TypeAhead())).toBeNull();
    expect(menuKey(press("ArrowDown"), 0, [])).toBeNull();
  });

  it("type-ahead finds the next label starting with what was typed, a longer prefix within the pause", () => {
    let now = 0;
    const typeAhead = new TypeAhead(() => now);
    const speakers = ["Speaker 1", "Speaker 2", "Sam", "Alex"];
    expect(menuKey(press("a"), 0, speakers, typeAhead)).toEqual({ focus: 3 });
    now += TYPE_AHEAD_MS + 1;
    expect(menuKey(press("S"), 3, speakers, typeAhead)).toEqual({ focus: 0 });
    now += 100;
    expect(menuKey(press("a"), 0, speakers, typeAhead)).toEqual({ focus: 2 });
    now += TYPE_AHEAD_MS + 1;
    // Nothing starts with "z": the key is not used.
    expect(menuKey(press("z"), 2, speakers, typeAhead)).toBeNull();
  });

  it("the same letter again moves on to the next label starting with it", () => {
    let now = 0;
    const typeAhead = new TypeAhead(() => now);
    const speakers = ["Speaker 1", "Speaker 2", "Sam", "Alex"];
    expect(typeAhead.find("s", 3, speakers)).toBe(0);
    now += 100;
    expect(typeAhead.find("s", 0, speakers)).toBe(1);
    now += 100;
    expect(typeAhead.find("s", 1, speakers)).toBe(2);
    now += 100;
    expect(typeAhead.find("s", 2, speakers)).toBe(0);
  });
});
