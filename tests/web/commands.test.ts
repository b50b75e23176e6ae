// The command registry's dispatchers: which command a key event selects in each scope.
import { describe, expect, it, vi } from "vitest";
import {
  COMMANDS,
  type CommandContext,
  type CommandId,
  type CommandScope,
  commandFor,
  commandGroups,
  dispatch,
  type PlayerModel,
  run,
} from "../../web/src/commands/commands";
import { formatBinding } from "../../web/src/commands/key-bindings";
import { key } from "./keys";

/** Alt+<letter> as each platform reports it: on a Mac, Option changes the character, not the code. */
const altKey = (letter: string, mac: boolean) => key(mac ? "˚" : letter, { code: `Key${letter.toUpperCase()}`, altKey: true });

function fakePlayer() {
  return {
    togglePlay: vi.fn(),
    skip: vi.fn(),
    stepSpeed: vi.fn(),
    playFromWord: vi.fn(() => true),
    goToPlayingWord: vi.fn(() => true),
  } satisfies PlayerModel;
}

const SCOPES: CommandScope[] = ["tutorial", "dialog", "utterance", "search", "notes", "transcript", "player", "page"];

describe("the command dispatcher", () => {
  it("plays, pauses, steps and changes speed while typing, in the search box, on the page and in the player", () => {
    for (const scope of ["utterance", "search", "page", "player"] as const) {
      for (const mac of [false, true]) {
        const ctx = { mac, player: fakePlayer(), focus: "other" as const };
        expect(commandFor(scope, altKey("k", mac), ctx)).toBe("togglePlayAnywhere");
        expect(commandFor(scope, altKey("j", mac), ctx)).toBe("stepBack");
        expect(commandFor(scope, altKey("l", mac), ctx)).toBe("stepForward");
        expect(commandFor(scope, key(mac ? "≤" : ",", { code: "Comma", altKey: true }), ctx)).toBe("slower");
        expect(commandFor(scope, key(mac ? "≥" : ".", { code: "Period", altKey: true }), ctx)).toBe("faster");
        expect(commandFor(scope, altKey("g", mac), ctx)).toBe("caretToPlayingWord");
      }
    }
  });

  it("runs the command through the player's model, with the configured step", () => {
    const player = fakePlayer();
    const event = { ...key("j", { code: "KeyJ", altKey: true }), preventDefault: vi.fn() };
    expect(dispatch("utterance", event, { mac: false, player, skipSeconds: 3 })).toBe("stepBack");
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(player.skip).toHaveBeenCalledWith(-3);
    dispatch("search", { ...key("l", { code: "KeyL", altKey: true }), preventDefault() {} }, { mac: false, player });
    expect(player.skip).toHaveBeenLastCalledWith(5);
    dispatch("page", { ...key("ArrowLeft"), preventDefault() {} }, { mac: false, player, focus: "body" });
    expect(player.skip).toHaveBeenLastCalledWith(-10);
    dispatch("utterance", { ...key(",", { code: "Comma", altKey: true }), preventDefault() {} }, { mac: false, player });
    expect(player.stepSpeed).toHaveBeenCalledWith(-1);
  });

  it("plays from the word at the caret only inside an utterance", () => {
    const player = fakePlayer();
    const ctx: CommandContext = { mac: false, player, utterance: utteranceModel({ caretWordId: () => "w7" }) };
    expect(dispatch("utterance", { ...altKey("p", false), preventDefault() {} }, ctx)).toBe("playFromCaret");
    expect(player.playFromWord).toHaveBeenCalledWith("w7");
    expect(commandFor("search", altKey("p", false), ctx)).toBeNull();
    expect(commandFor("page", altKey("p", false), ctx)).toBeNull();
  });

  it("leaves the keys to the browser when there is no player", () => {
    const event = { ...altKey("k", true), preventDefault: vi.fn() };
    expect(dispatch("utterance", event, { mac: true })).toBeNull();
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it("keeps Tab and the arrows on the page for when nothing has focus (arrows also on the player's buttons)", () => {
    const player = fakePlayer();
    expect(commandFor("page", key("Tab"), { mac: false, player, focus: "body" })).toBe("playPause");
    expect(commandFor("page", key("Tab"), { mac: false, player, focus: "other" })).toBeNull();
    expect(commandFor("player", key("Tab"), { mac: false, player, focus: "control" })).toBeNull();
    expect(commandFor("page", key("ArrowLeft"), { mac: false, player, focus: "body" })).toBe("skipBack");
    expect(commandFor("page", key("ArrowRight"), { mac: false, player, focus: "other" })).toBeNull();
    expect(commandFor("player", key("ArrowRight"), { mac: false, player, focus: "control" })).toBe("skipForward");
    // The seek slider and the speed select use the arrows themselves.
    expect(commandFor("player", key("ArrowRight"), { mac: false, player, focus: "field" })).toBeNull();
    expect(commandFor("utterance", key("ArrowLeft"), { mac: false, player })).toBeNull();
    expect(commandFor("search", key("Tab"), { mac: false, player })).toBeNull();
  });

  it("selects the editing, search, notes, history and dialog commands in their own scopes only", () => {
    const ctx: CommandContext = { mac: false, utterance: utteranceModel({ canMergeIntoPrevious: () => true }) };
    expect(commandFor("utterance", key("Enter"), ctx)).toBe("split");
    expect(commandFor("utterance", key("Backspace"), ctx)).toBe("merge");
    expect(commandFor("utterance", key("Backspace"), { mac: false, utterance: utteranceModel() })).toBeNull();
    expect(commandFor("utterance", key("i", { ctrlKey: true }), ctx)).toBe("cycleConfidence");
    expect(commandFor("search", key("Enter"), ctx)).toBe("searchNext");
    expect(commandFor("search", key("Enter", { shiftKey: true }), ctx)).toBe("searchPrevious");
    expect(commandFor("notes", key("Enter", { ctrlKey: true }), ctx)).toBe("saveNotes");
    expect(commandFor("notes", key("Enter"), ctx)).toBeNull();
    expect(commandFor("transcript", key("z", { metaKey: true }), { mac: true })).toBe("undo");
    expect(commandFor("transcript", key("Z", { metaKey: true, shiftKey: true }), { mac: true })).toBe("redo");
    expect(commandFor("transcript", key("z", { ctrlKey: true }), { mac: true })).toBeNull();
    expect(commandFor("dialog", key("Escape"), ctx)).toBe("closeDialog");
    expect(commandFor("page", key("Escape"), ctx)).toBeNull();
  });

  it("gives the tutorial scope its own keys, Enter on a card button left to the button", () => {
    const tutorial = { next: vi.fn(), previous: vi.fn(), skip: vi.fn(), focusOnCardButton: false };
    expect(dispatch("tutorial", { ...key("ArrowRight"), preventDefault() {} }, { mac: false, tutorial })).toBe("tutorialNext");
    expect(tutorial.next).toHaveBeenCalledOnce();
    expect(dispatch("tutorial", { ...key("Escape"), preventDefault() {} }, { mac: false, tutorial })).toBe("closeDialog");
    expect(tutorial.skip).toHaveBeenCalledOnce();
    expect(commandFor("tutorial", key("Enter"), { mac: false, tutorial: { ...tutorial, focusOnCardButton: true } })).toBeNull();
    // No player command runs while a tutorial is shown.
    expect(commandFor("tutorial", altKey("k", false), { mac: false, tutorial, player: fakePlayer() })).toBeNull();
  });

  it("opens the Keyboard Shortcuts list with ? outside text fields, whatever Shift the layout needs", () => {
    const showShortcuts = vi.fn();
    expect(dispatch("page", { ...key("?", { shiftKey: true }), preventDefault() {} }, { mac: false, showShortcuts, focus: "body" })).toBe(
      "showShortcuts",
    );
    expect(showShortcuts).toHaveBeenCalledOnce();
    expect(commandFor("page", key("?"), { mac: true, showShortcuts, focus: "other" })).toBe("showShortcuts");
    expect(commandFor("player", key("?", { shiftKey: true }), { mac: false, showShortcuts, focus: "field" })).toBeNull();
    expect(commandFor("utterance", key("?", { shiftKey: true }), { mac: false, showShortcuts })).toBeNull();
    expect(commandFor("search", key("?", { shiftKey: true }), { mac: false, showShortcuts })).toBeNull();
    expect(commandFor("page", key("/", { shiftKey: true, ctrlKey: true }), { mac: false, showShortcuts })).toBeNull();
  });

  it("runs no command while an input method is composing", () => {
    const player = fakePlayer();
    const ctx: CommandContext = { mac: false, player, utterance: utteranceModel({ canMergeIntoPrevious: () => true }), focus: "body" };
    for (const scope of SCOPES) {
      for (const event of [
        key("Enter"),
        key("Backspace"),
        altKey("k", false),
        key("Tab"),
        key("Escape"),
        key("Enter", { shiftKey: true }),
      ]) {
        expect(commandFor(scope, { ...event, isComposing: true }, ctx)).toBeNull();
        // Safari ends a composition with keyCode 229 and isComposing false.
        expect(commandFor(scope, { ...event, keyCode: 229 }, ctx)).toBeNull();
      }
    }
    const event = { ...key("Enter"), isComposing: true, preventDefault: vi.fn() };
    expect(dispatch("utterance", event, ctx)).toBeNull();
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it("never binds a key twice in one scope", () => {
    for (const scope of SCOPES) {
      for (const mac of [false, true]) {
        const seen = new Map<string, CommandId>();
        for (const [id, command] of Object.entries(COMMANDS) as [CommandId, (typeof COMMANDS)[CommandId]][]) {
          if (!(command.scopes as readonly CommandScope[]).includes(scope)) continue;
          for (const binding of command.keys) {
            const name = formatBinding(binding, mac);
            expect(seen.get(name), `${name} in ${scope}`).toBeUndefined();
            seen.set(name, id);
          }
        }
      }
    }
  });

  it("binds nothing a browser or an operating system keeps, nor text editing keys, for the keys that work while typing", () => {
    for (const command of Object.values(COMMANDS)) {
      if (!(command.scopes as readonly CommandScope[]).includes("utterance")) continue;
      for (const binding of command.keys) {
        // Ctrl/Cmd+Space switch input sources or open Spotlight.
        expect(binding.key === " " && (binding.mod || binding.alt)).toBe(false);
      }
    }
    // The keys that work while typing carry Alt/Option and no other modifier (Ctrl+Alt is AltGr on Windows, Alt+Shift switches layouts).
    for (const id of [
      "togglePlayAnywhere",
      "stepBack",
      "stepForward",
      "slower",
      "faster",
      "playFromCaret",
      "caretToPlayingWord",
    ] as const) {
      for (const binding of COMMANDS[id].keys as readonly { alt?: boolean; mod?: boolean; shift?: boolean; code?: string }[]) {
        expect(binding.alt && !binding.mod && !binding.shift && !!binding.code).toBe(true);
      }
    }
  });

  it("lists every command in the Keyboard Shortcuts list, with each platform's names", () => {
    const windows = commandGroups(false);
    expect(windows.flatMap((g) => g.items)).toHaveLength(Object.keys(COMMANDS).length);
    const player = windows.find((g) => g.group === "Player")!.items;
    expect(player.find((i) => i.label === "Play or pause, also while typing")!.keys).toEqual(["Alt+K"]);
    const mac = commandGroups(true).find((g) => g.group === "Player")!.items;
    expect(mac.find((i) => i.label === "Play or pause, also while typing")!.keys).toEqual(["⌥K"]);
  });
});

function utteranceModel(overrides: Partial<NonNullable<CommandContext["utterance"]>> = {}): NonNullable<CommandContext["utterance"]> {
  return {
    split: vi.fn(),
    canMergeIntoPrevious: () => false,
    mergeIntoPrevious: vi.fn(),
    cycleConfidence: vi.fn(),
    caretWordId: () => null,
    ...overrides,
  };
}

describe("buttons and menus", () => {
  it("run the same command as its keys: a toolbar click and Ctrl+Z undo alike", () => {
    const steps: string[] = [];
    const history = { undo: () => steps.push("undo"), redo: () => steps.push("redo") };
    dispatch("transcript", { ...key("z", { ctrlKey: true }), preventDefault() {} }, { mac: false, history });
    run("undo", { history });
    dispatch("transcript", { ...key("z", { ctrlKey: true, shiftKey: true }), preventDefault() {} }, { mac: false, history });
    run("redo", { history });
    expect(steps).toEqual(["undo", "undo", "redo", "redo"]);
  });

  it("find and replace buttons run the search box's commands", () => {
    const done: string[] = [];
    run("searchNext", { search: { step: (d) => done.push(`step ${d}`) } });
    run("searchPrevious", { search: { step: (d) => done.push(`step ${d}`) } });
    const replace = { one: () => done.push("one"), all: () => done.push("all") };
    run("replaceMatch", { replace });
    run("replaceAll", { replace });
    expect(done).toEqual(["step 1", "step -1", "one", "all"]);
  });
});
