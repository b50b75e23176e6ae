// Every keyboard shortcut the app has, in one table: the key handlers match
// events against it and the shortcuts list is generated from it, so the two
// cannot drift apart.

export interface KeyBinding {
  key: string;
  /** Ctrl on Windows and Linux, Cmd on macOS. */
  mod?: boolean;
  shift?: boolean;
}

export type ShortcutScope = "page" | "utterance" | "search" | "dialog" | "notes";

export interface Shortcut {
  group: "Player" | "Transcript editor" | "Search" | "Transcript tools" | "Dialogs";
  label: string;
  scope: ShortcutScope;
  keys: KeyBinding[];
}

export const SHORTCUTS = {
  playPause: { group: "Player", label: "Play or pause (when nothing has focus)", scope: "page", keys: [{ key: "Tab" }] },
  skipBack: { group: "Player", label: "Back 10 seconds (when not typing)", scope: "page", keys: [{ key: "ArrowLeft" }] },
  skipForward: { group: "Player", label: "Forward 10 seconds (when not typing)", scope: "page", keys: [{ key: "ArrowRight" }] },
  split: { group: "Transcript editor", label: "Split the utterance at the cursor", scope: "utterance", keys: [{ key: "Enter" }] },
  merge: {
    group: "Transcript editor",
    label: "Merge with the previous utterance (cursor at the start)",
    scope: "utterance",
    keys: [{ key: "Backspace" }],
  },
  cycleConfidence: {
    group: "Transcript editor",
    label: "Mark the current word reviewed / inaudible",
    scope: "utterance",
    keys: [{ key: "i", mod: true }],
  },
  undo: { group: "Transcript editor", label: "Undo", scope: "page", keys: [{ key: "z", mod: true }] },
  redo: { group: "Transcript editor", label: "Redo", scope: "page", keys: [{ key: "z", mod: true, shift: true }] },
  searchNext: { group: "Search", label: "Next match", scope: "search", keys: [{ key: "Enter" }] },
  searchPrevious: { group: "Search", label: "Previous match", scope: "search", keys: [{ key: "Enter", shift: true }] },
  saveNotes: { group: "Transcript tools", label: "Save the summary or notes", scope: "notes", keys: [{ key: "Enter", mod: true }] },
  closeDialog: { group: "Dialogs", label: "Close the dialog or tutorial", scope: "dialog", keys: [{ key: "Escape" }] },
  tutorialNext: { group: "Dialogs", label: "Next tutorial step", scope: "dialog", keys: [{ key: "Enter" }, { key: "ArrowRight" }] },
  tutorialPrevious: { group: "Dialogs", label: "Previous tutorial step", scope: "dialog", keys: [{ key: "ArrowLeft" }] },
} as const satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof SHORTCUTS;

export const isMac = (platform = typeof navigator === "undefined" ? "" : navigator.platform) => /mac|iphone|ipad/i.test(platform);

interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function matchesBinding(event: KeyEventLike, binding: KeyBinding, mac = isMac()): boolean {
  const mod = mac ? event.metaKey : event.ctrlKey;
  return (
    event.key.toLowerCase() === binding.key.toLowerCase() &&
    mod === !!binding.mod &&
    event.shiftKey === !!binding.shift &&
    !event.altKey &&
    // The other modifier must be up, so Ctrl+Z on a Mac is not taken for Cmd+Z.
    !(mac ? event.ctrlKey : event.metaKey)
  );
}

/** Whether a key event is the shortcut `id`. */
export function isShortcut(event: KeyEventLike, id: ShortcutId, mac = isMac()): boolean {
  return (SHORTCUTS[id].keys as readonly KeyBinding[]).some((binding) => matchesBinding(event, binding, mac));
}

const ARROWS: Record<string, string> = { ArrowLeft: "←", ArrowRight: "→", ArrowUp: "↑", ArrowDown: "↓" };

/** "Ctrl+Shift+Z" or "⌘⇧Z". */
export function formatBinding(binding: KeyBinding, mac = isMac()): string {
  const key = ARROWS[binding.key] ?? (binding.key.length === 1 ? binding.key.toUpperCase() : binding.key);
  if (mac) return `${binding.mod ? "⌘" : ""}${binding.shift ? "⇧" : ""}${key}`;
  return [binding.mod ? "Ctrl" : "", binding.shift ? "Shift" : "", key].filter(Boolean).join("+");
}

/** The shortcuts list, grouped in table order. */
export function shortcutGroups(mac = isMac()): { group: string; items: { label: string; keys: string[] }[] }[] {
  const groups = new Map<string, { label: string; keys: string[] }[]>();
  for (const s of Object.values(SHORTCUTS) as Shortcut[]) {
    const items = groups.get(s.group) ?? [];
    items.push({ label: s.label, keys: s.keys.map((k) => formatBinding(k, mac)) });
    groups.set(s.group, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
