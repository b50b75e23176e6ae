// The keyboard shortcuts as the rest of the app reads them: the command registry (commands.ts)
// is the one table; this names its entries and matching helpers for code that only recognises keys.
import { commandGroups, COMMANDS, type CommandId, isCommandKey } from "./commands";
import { isMac, type KeyEventLike } from "./key-bindings";

export { formatBinding } from "./key-bindings";

export const SHORTCUTS = COMMANDS;
export type ShortcutId = CommandId;

/** Whether a key event is the shortcut `id`. */
export function isShortcut(event: KeyEventLike, id: ShortcutId, mac = isMac()): boolean {
  return isCommandKey(event, id, mac);
}

/** The shortcuts list, grouped in registry order. */
export const shortcutGroups = commandGroups;
