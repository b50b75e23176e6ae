import { describe, expect, it } from "vitest";
import { pastedText, replaceRange, withoutControls } from "../../web/src/editor/model/paste-text";

describe("pasted text", () => {
  it("is one line without text-direction controls", () => {
    expect(pastedText("two\r\nlines\tand  tabs")).toBe("two lines and tabs");
    expect(pastedText("\u202Eevil\u2066 \u200Fword\u2069")).toBe("evil word");
  });
  it("is plain text: every line break is a space, other control characters go (the server refuses them in words)", () => {
    expect(pastedText("one\u0085two\u2028three\u2029four\vfive")).toBe("one two three four five");
    expect(pastedText("bel\u0007l\u0000 \u001Bword\u009B")).toBe("bell word");
  });
});

describe("replaceRange: the new text and the caret in the redrawn words", () => {
  const text = "so the budget looks";
  it("inserts inside a word: the caret stays right after the inserted text", () => {
    expect(replaceRange(text, 9, 9, "X Y")).toEqual({ text: "so the buX Ydget looks", caret: 12 });
  });
  it("before and after a word", () => {
    expect(replaceRange(text, 7, 7, "new ")).toEqual({ text: "so the new budget looks", caret: 11 });
    expect(replaceRange(text, 13, 13, " new")).toEqual({ text: "so the budget new looks", caret: 17 });
  });
  it("replaces a selection", () => {
    expect(replaceRange(text, 7, 13, "plan")).toEqual({ text: "so the plan looks", caret: 11 });
  });
  it("counts the caret in the redrawn text, where runs of spaces become one", () => {
    // "so the  |looks" (a word deleted, two spaces left): the redraw is "so the looks".
    expect(replaceRange("so the  looks", 8, 8, "")).toEqual({ text: "so the  looks", caret: 7 });
    expect(replaceRange("  so", 0, 0, " ")).toEqual({ text: "   so", caret: 0 });
    expect(replaceRange("so the", 6, 6, " ")).toEqual({ text: "so the ", caret: 6 });
  });
});

describe("withoutControls", () => {
  it("drops the controls and moves the caret back over those before it", () => {
    expect(withoutControls("so \u202Ethe budget", 5)).toEqual({ text: "so the budget", caret: 4 });
    expect(withoutControls("so the\u2066 budget\u2069", 14)).toEqual({ text: "so the budget", caret: 13 });
    expect(withoutControls("so \u0007the budget", 5)).toEqual({ text: "so the budget", caret: 4 });
    expect(withoutControls("so the\u2028budget", 7)).toEqual({ text: "so the budget", caret: 7 });
  });
});
