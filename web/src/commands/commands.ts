// Every command the keyboard can run, in one registry: its label and group for the Keyboard
// Shortcuts list, its keys, the scopes where it applies, and what it does through the editor's and
// the player's models. Each scope has one dispatcher (`dispatch`), and buttons and menus that do
// the same run the same entry (`run`), so what a key does, what a button does and what the list
// says cannot drift apart.
import { formatTimestamp } from "../../../core/timestamps";
import { announce, describeStatus } from "../lib/announcer";
import { formatBinding, isComposing, isMac, type KeyBinding, type KeyEventLike, matchesBinding } from "./key-bindings";

/**
 * Where focus is when a key is pressed. `tutorial` comes before every other scope: while a
 * tutorial is shown its keys are handled first and no other command runs for them.
 */
export type CommandScope =
  | "tutorial"
  | "dialog"
  | "utterance"
  | "search"
  | "replace"
  | "library"
  | "notes"
  | "transcript"
  | "player"
  | "page";

export type CommandGroup = "Player" | "Transcript editor" | "Search" | "Transcript tools" | "Dialogs";

export interface PlayerStatus {
  paused: boolean;
  current: number;
  duration: number | null;
  rate: number;
}

/** The player's model as the commands see it (PlaybackController implements it). */
export interface PlayerModel {
  /** Where playback is, for screen readers; null without media. */
  status?(): PlayerStatus | null;
  togglePlay(): void;
  /** Moves the position by `seconds` (negative: back), keeping it playing or paused. */
  skip(seconds: number): void;
  /** The next slower (-1) or faster (1) of the playback speeds. */
  stepSpeed(direction: 1 | -1): void;
  /** Plays from the start of a word. */
  playFromWord(wordId: string): boolean;
  /** Puts the caret on the playing word; false when no word is playing. */
  goToPlayingWord(): boolean;
}

/** What the focused utterance offers (its card supplies it). */
export interface UtteranceModel {
  split(): void;
  /** Whether the caret is at the very start and there is an utterance before it. */
  canMergeIntoPrevious(): boolean;
  mergeIntoPrevious(): void;
  cycleConfidence(): void;
  /** The word at the caret, or null. */
  caretWordId(): string | null;
}

export interface CommandContext {
  mac?: boolean;
  player?: PlayerModel | null;
  /** Seconds the back and forward keys move while typing or from the page. */
  skipSeconds?: number;
  /**
   * For the page and the player: nothing focused, a button of the player, a field of the player
   * (slider, select) that uses the arrows itself, or any other element of the page.
   */
  focus?: "body" | "control" | "field" | "other";
  utterance?: UtteranceModel;
  history?: { undo(): void; redo(): void };
  search?: { step(direction: 1 | -1): void };
  /** The files sidebar's search across the library: its list of hits. */
  library?: { move(direction: 1 | -1): void; open(): void; close(): void };
  /** The search box's replace field. */
  replace?: { one(): void; all(): void };
  notes?: { save(): void };
  /** Starts a comment on the selected words (given where the user may comment). */
  comment?: { add(): void };
  /** Highlights the selected words with a label (given where the user may comment). */
  highlight?: { add(): void };
  /** Redacts the selected words (given where the user may edit; web/src/redaction/). */
  redact?: { add(): void };
  dialog?: { close(): void };
  tutorial?: { next(): void; previous(): void; skip(): void; focusOnCardButton: boolean };
  /** Opens the Keyboard Shortcuts list. */
  showShortcuts?: () => void;
}

export interface Command {
  group: CommandGroup;
  label: string;
  scopes: readonly CommandScope[];
  keys: readonly KeyBinding[];
  /** Whether the event selects this command (`keys` are the command's own); by default, one of `keys`. */
  keyTest?: (event: KeyEventLike, ctx: CommandContext, keys: readonly KeyBinding[]) => boolean;
  perform: (ctx: CommandContext) => void;
}

/** Skip step of the player's buttons (docs/product.md#media-player); the keys default to a shorter one. */
export const BUTTON_SKIP_SECONDS = 10;
export const DEFAULT_KEY_SKIP_SECONDS = 5;

/** Says politely what a key did to playback: the keys give no other sign to a screen reader while typing. */
function sayPlayback(ctx: CommandContext, what: "toggle" | "speed"): void {
  const status = ctx.player?.status?.();
  if (!status) return;
  if (what === "speed") announce(`Speed ${status.rate}×`);
  else announce(status.paused ? `Paused at ${formatTimestamp(status.current)}` : "Playing");
}

const keyed = (event: KeyEventLike, keys: readonly KeyBinding[], ctx: CommandContext) =>
  keys.some((binding) => matchesBinding(event, binding, ctx.mac ?? isMac()));

/** Playback while typing, in the search box, on the page and in the player (see docs/product.md#tutorials-and-shortcuts). */
const EVERYWHERE: readonly CommandScope[] = ["utterance", "search", "replace", "player", "page"];
const alt = (key: string, code: string): KeyBinding => ({ key, code, alt: true });
/** A player command takes its key only when there is a player to act on. */
const withPlayer = (e: KeyEventLike, ctx: CommandContext, keys: readonly KeyBinding[]) => !!ctx.player && keyed(e, keys, ctx);

export const COMMANDS = {
  playPause: {
    group: "Player",
    label: "Play or pause (when nothing has focus)",
    scopes: ["page"],
    keys: [{ key: "Tab" }],
    keyTest: (e, ctx, keys) => ctx.focus === "body" && !!ctx.player && keyed(e, keys, ctx),
    perform: (ctx) => {
      ctx.player?.togglePlay();
      sayPlayback(ctx, "toggle");
    },
  },
  skipBack: {
    group: "Player",
    label: "Back 10 seconds (when not typing)",
    scopes: ["page", "player"],
    keys: [{ key: "ArrowLeft" }],
    keyTest: (e, ctx, keys) => (ctx.focus === "body" || ctx.focus === "control") && !!ctx.player && keyed(e, keys, ctx),
    perform: (ctx) => ctx.player?.skip(-BUTTON_SKIP_SECONDS),
  },
  skipForward: {
    group: "Player",
    label: "Forward 10 seconds (when not typing)",
    scopes: ["page", "player"],
    keys: [{ key: "ArrowRight" }],
    keyTest: (e, ctx, keys) => (ctx.focus === "body" || ctx.focus === "control") && !!ctx.player && keyed(e, keys, ctx),
    perform: (ctx) => ctx.player?.skip(BUTTON_SKIP_SECONDS),
  },
  togglePlayAnywhere: {
    group: "Player",
    label: "Play or pause, also while typing",
    scopes: EVERYWHERE,
    keys: [alt("k", "KeyK")],
    keyTest: withPlayer,
    perform: (ctx) => {
      ctx.player?.togglePlay();
      sayPlayback(ctx, "toggle");
    },
  },
  stepBack: {
    group: "Player",
    label: "Back a step, also while typing (5 s unless set in preferences)",
    scopes: EVERYWHERE,
    keys: [alt("j", "KeyJ")],
    keyTest: withPlayer,
    perform: (ctx) => ctx.player?.skip(-(ctx.skipSeconds ?? DEFAULT_KEY_SKIP_SECONDS)),
  },
  stepForward: {
    group: "Player",
    label: "Forward a step, also while typing",
    scopes: EVERYWHERE,
    keys: [alt("l", "KeyL")],
    keyTest: withPlayer,
    perform: (ctx) => ctx.player?.skip(ctx.skipSeconds ?? DEFAULT_KEY_SKIP_SECONDS),
  },
  slower: {
    group: "Player",
    label: "Slower",
    scopes: EVERYWHERE,
    keys: [alt(",", "Comma")],
    keyTest: withPlayer,
    perform: (ctx) => {
      ctx.player?.stepSpeed(-1);
      sayPlayback(ctx, "speed");
    },
  },
  faster: {
    group: "Player",
    label: "Faster",
    scopes: EVERYWHERE,
    keys: [alt(".", "Period")],
    keyTest: withPlayer,
    perform: (ctx) => {
      ctx.player?.stepSpeed(1);
      sayPlayback(ctx, "speed");
    },
  },
  playFromCaret: {
    group: "Player",
    label: "Play from the word at the cursor",
    scopes: ["utterance"],
    keys: [alt("p", "KeyP")],
    keyTest: withPlayer,
    perform: (ctx) => {
      const word = ctx.utterance?.caretWordId();
      if (word) ctx.player?.playFromWord(word);
    },
  },
  caretToPlayingWord: {
    group: "Player",
    label: "Move the cursor to the playing word",
    scopes: EVERYWHERE,
    keys: [alt("g", "KeyG")],
    keyTest: withPlayer,
    perform: (ctx) => ctx.player?.goToPlayingWord(),
  },
  sayStatus: {
    group: "Player",
    label: "Say the playback time and the save status (screen readers)",
    scopes: EVERYWHERE,
    keys: [alt("a", "KeyA")],
    perform: () => announce(describeStatus()),
  },
  split: {
    group: "Transcript editor",
    label: "Split the utterance at the cursor",
    scopes: ["utterance"],
    keys: [{ key: "Enter" }],
    perform: (ctx) => ctx.utterance?.split(),
  },
  merge: {
    group: "Transcript editor",
    label: "Merge with the previous utterance (cursor at the start)",
    scopes: ["utterance"],
    keys: [{ key: "Backspace" }],
    keyTest: (e, ctx, keys) => keyed(e, keys, ctx) && !!ctx.utterance?.canMergeIntoPrevious(),
    perform: (ctx) => ctx.utterance?.mergeIntoPrevious(),
  },
  cycleConfidence: {
    group: "Transcript editor",
    label: "Mark the current word reviewed / inaudible",
    scopes: ["utterance"],
    keys: [{ key: "i", mod: true }],
    perform: (ctx) => ctx.utterance?.cycleConfidence(),
  },
  addComment: {
    group: "Transcript editor",
    label: "Comment on the selected words",
    scopes: ["transcript", "page"],
    keys: [{ key: "m", code: "KeyM", mod: true, alt: true }],
    keyTest: (e, ctx, keys) => !!ctx.comment && keyed(e, keys, ctx),
    perform: (ctx) => ctx.comment?.add(),
  },
  addHighlight: {
    group: "Transcript editor",
    label: "Highlight the selected words with a label",
    scopes: ["transcript", "page"],
    // Alt and Shift: Ctrl+Alt is AltGr on many layouts, and ⌘⌥H hides other apps on macOS.
    keys: [{ key: "h", code: "KeyH", alt: true, shift: true }],
    keyTest: (e, ctx, keys) => !!ctx.highlight && keyed(e, keys, ctx),
    perform: (ctx) => ctx.highlight?.add(),
  },
  redact: {
    group: "Transcript editor",
    label: "Redact the selected words (for good)",
    scopes: ["transcript", "page"],
    keys: [{ key: "r", code: "KeyR", alt: true, shift: true }],
    keyTest: (e, ctx, keys) => !!ctx.redact && keyed(e, keys, ctx),
    perform: (ctx) => ctx.redact?.add(),
  },
  undo: {
    group: "Transcript editor",
    label: "Undo",
    scopes: ["transcript"],
    keys: [{ key: "z", mod: true }],
    perform: (ctx) => ctx.history?.undo(),
  },
  redo: {
    group: "Transcript editor",
    label: "Redo",
    scopes: ["transcript"],
    keys: [{ key: "z", mod: true, shift: true }],
    perform: (ctx) => ctx.history?.redo(),
  },
  searchNext: {
    group: "Search",
    label: "Next match",
    scopes: ["search"],
    keys: [{ key: "Enter" }],
    perform: (ctx) => ctx.search?.step(1),
  },
  searchPrevious: {
    group: "Search",
    label: "Previous match",
    scopes: ["search"],
    keys: [{ key: "Enter", shift: true }],
    perform: (ctx) => ctx.search?.step(-1),
  },
  libraryNext: {
    group: "Search",
    label: "Next hit in the library search",
    scopes: ["library"],
    keys: [{ key: "ArrowDown" }],
    perform: (ctx) => ctx.library?.move(1),
  },
  libraryPrevious: {
    group: "Search",
    label: "Previous hit in the library search",
    scopes: ["library"],
    keys: [{ key: "ArrowUp" }],
    perform: (ctx) => ctx.library?.move(-1),
  },
  libraryOpen: {
    group: "Search",
    label: "Open the chosen hit at its place",
    scopes: ["library"],
    keys: [{ key: "Enter" }],
    perform: (ctx) => ctx.library?.open(),
  },
  libraryClose: {
    group: "Search",
    label: "Clear the library search",
    scopes: ["library"],
    keys: [{ key: "Escape" }],
    perform: (ctx) => ctx.library?.close(),
  },
  replaceMatch: {
    group: "Search",
    label: "Replace this match (in the replace field)",
    scopes: ["replace"],
    keys: [{ key: "Enter" }],
    perform: (ctx) => ctx.replace?.one(),
  },
  replaceAll: {
    group: "Search",
    label: "Replace all (in the replace field)",
    scopes: ["replace"],
    keys: [{ key: "Enter", mod: true }],
    perform: (ctx) => ctx.replace?.all(),
  },
  saveNotes: {
    group: "Transcript tools",
    label: "Save the summary or notes",
    scopes: ["notes"],
    keys: [{ key: "Enter", mod: true }],
    perform: (ctx) => ctx.notes?.save(),
  },
  showShortcuts: {
    group: "Dialogs",
    label: "Show the keyboard shortcuts (outside text fields)",
    scopes: ["page", "player"],
    keys: [{ key: "?", shift: true }],
    // "?" needs Shift on most layouts but not all: the character decides.
    keyTest: (e, ctx) => !!ctx.showShortcuts && ctx.focus !== "field" && e.key === "?" && !e.ctrlKey && !e.metaKey && !e.altKey,
    perform: (ctx) => ctx.showShortcuts?.(),
  },
  closeDialog: {
    group: "Dialogs",
    label: "Close the dialog or tutorial",
    scopes: ["dialog", "tutorial"],
    keys: [{ key: "Escape" }],
    perform: (ctx) => (ctx.tutorial ? ctx.tutorial.skip() : ctx.dialog?.close()),
  },
  tutorialNext: {
    group: "Dialogs",
    label: "Next tutorial step",
    scopes: ["tutorial"],
    keys: [{ key: "Enter" }, { key: "ArrowRight" }],
    // Enter on one of the card's own buttons does what that button says.
    keyTest: (e, ctx, keys) => keyed(e, keys, ctx) && !(e.key === "Enter" && ctx.tutorial?.focusOnCardButton),
    perform: (ctx) => ctx.tutorial?.next(),
  },
  tutorialPrevious: {
    group: "Dialogs",
    label: "Previous tutorial step",
    scopes: ["tutorial"],
    keys: [{ key: "ArrowLeft" }],
    perform: (ctx) => ctx.tutorial?.previous(),
  },
} as const satisfies Record<string, Command>;

export type CommandId = keyof typeof COMMANDS;

const ORDER = Object.keys(COMMANDS) as CommandId[];

/** The command a key event selects in `scope`, or null. No command runs while an input method composes. */
export function commandFor(scope: CommandScope, event: KeyEventLike, ctx: CommandContext = {}): CommandId | null {
  if (isComposing(event)) return null;
  for (const id of ORDER) {
    const command: Command = COMMANDS[id];
    if (!command.scopes.includes(scope)) continue;
    if (command.keyTest ? command.keyTest(event, ctx, command.keys) : keyed(event, command.keys, ctx)) return id;
  }
  return null;
}

/** The dispatcher of a scope: runs the command the event selects, taking the key from the browser. */
export function dispatch(
  scope: CommandScope,
  event: KeyEventLike & { preventDefault(): void },
  ctx: CommandContext = {},
): CommandId | null {
  const id = commandFor(scope, event, ctx);
  if (!id) return null;
  event.preventDefault();
  run(id, ctx);
  return id;
}

/** A button or menu item runs its command here: what it does cannot drift from what its keys do. */
export function run(id: CommandId, ctx: CommandContext): void {
  (COMMANDS[id] as Command).perform(ctx);
}

/** Whether a key event is one of the keys of command `id` (for code that only needs to recognise a key). */
export function isCommandKey(event: KeyEventLike, id: CommandId, mac = isMac()): boolean {
  return !isComposing(event) && keyed(event, COMMANDS[id].keys, { mac });
}

/** The Keyboard Shortcuts list, grouped in registry order. */
export function commandGroups(mac = isMac()): { group: string; items: { label: string; keys: string[] }[] }[] {
  const groups = new Map<string, { label: string; keys: string[] }[]>();
  for (const id of ORDER) {
    const command: Command = COMMANDS[id];
    const items = groups.get(command.group) ?? [];
    items.push({ label: command.label, keys: command.keys.map((k) => formatBinding(k, mac)) });
    groups.set(command.group, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
