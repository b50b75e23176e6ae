// The tutorial's keys (docs/product.md#tutorials-and-shortcuts): Escape skips, Enter or ArrowRight next,
// ArrowLeft previous; Enter on the card's own button is left to that button.
import { describe, expect, it } from "vitest";
import { tutorialKeyAction } from "../../web/src/tutorials/keys";
import { key } from "./keys";

describe("tutorial keys", () => {
  it("map Escape, Enter and the arrows to skip, next and previous", () => {
    expect(tutorialKeyAction(key("Escape"), false)).toBe("skip");
    expect(tutorialKeyAction(key("ArrowRight"), false)).toBe("next");
    expect(tutorialKeyAction(key("Enter"), false)).toBe("next");
    expect(tutorialKeyAction(key("ArrowLeft"), false)).toBe("previous");
  });

  it("leave Enter on a card button to the button, but the arrows and Escape still act there", () => {
    expect(tutorialKeyAction(key("Enter"), true)).toBeNull();
    expect(tutorialKeyAction(key("ArrowRight"), true)).toBe("next");
    expect(tutorialKeyAction(key("ArrowLeft"), true)).toBe("previous");
    expect(tutorialKeyAction(key("Escape"), true)).toBe("skip");
  });

  it("leave other keys and modified keys alone", () => {
    for (const k of ["a", "Tab", " ", "ArrowUp", "ArrowDown", "Backspace"]) expect(tutorialKeyAction(key(k), false), k).toBeNull();
    expect(tutorialKeyAction(key("ArrowRight", { shiftKey: true }), false)).toBeNull();
    expect(tutorialKeyAction(key("ArrowLeft", { altKey: true }), false)).toBeNull();
    expect(tutorialKeyAction(key("Enter", { ctrlKey: true, metaKey: true }), false)).toBeNull();
  });
});
