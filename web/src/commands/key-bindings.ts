// Key bindings and how key events match them, for every platform.

export interface KeyBinding {
  /** The key's value (KeyboardEvent.key), also what the shortcuts list shows. */
  key: string;
  /**
   * The physical key (KeyboardEvent.code), matched instead of `key` when given: Option+K on a Mac
   * types "˚", so an Alt binding is recognised by where the key is, on any layout.
   */
  code?: string;
  /** Ctrl on Windows and Linux, Cmd on macOS. */
  mod?: boolean;
  shift?: boolean;
  /** Alt on Windows and Linux, Option on macOS. */
  alt?: boolean;
}

export interface KeyEventLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** True while an input method is composing (IME): such keys belong to the composition. */
  isComposing?: boolean;
  keyCode?: number;
}

export const isMac = (platform = typeof navigator === "undefined" ? "" : navigator.platform) => /mac|iphone|ipad/i.test(platform);

/** Whether a key event belongs to an input method's composition (Safari reports keyCode 229 without isComposing). */
export const isComposing = (event: KeyEventLike) => !!event.isComposing || event.keyCode === 229;

export function matchesBinding(event: KeyEventLike, binding: KeyBinding, mac = isMac()): boolean {
  const mod = mac ? event.metaKey : event.ctrlKey;
  const sameKey = binding.code && event.code ? event.code === binding.code : event.key.toLowerCase() === binding.key.toLowerCase();
  return (
    sameKey &&
    mod === !!binding.mod &&
    event.shiftKey === !!binding.shift &&
    event.altKey === !!binding.alt &&
    // The other modifier must be up, so Ctrl+Z on a Mac is not taken for Cmd+Z.
    !(mac ? event.ctrlKey : event.metaKey)
  );
}

const ARROWS: Record<string, string> = { ArrowLeft: "←", ArrowRight: "→", ArrowUp: "↑", ArrowDown: "↓" };

/** "Ctrl+Shift+Z" or "⌘⇧Z"; "Alt+K" or "⌥K". */
export function formatBinding(binding: KeyBinding, mac = isMac()): string {
  const key = ARROWS[binding.key] ?? (binding.key.length === 1 ? binding.key.toUpperCase() : binding.key);
  if (mac) return `${binding.alt ? "⌥" : ""}${binding.mod ? "⌘" : ""}${binding.shift ? "⇧" : ""}${key}`;
  return [binding.mod ? "Ctrl" : "", binding.alt ? "Alt" : "", binding.shift ? "Shift" : "", key].filter(Boolean).join("+");
}
