// The one keyboard-event builder for web tests: a key with no modifier unless given.
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export const key = (k: string, mods: Partial<Omit<KeyPress, "key">> = {}): KeyPress => ({
  key: k,
  code: "",
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});
