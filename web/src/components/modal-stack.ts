// The native modal dialogs open now, topmost last: content that must stay reachable while one is
// open (the toasts and the live region) is shown inside the topmost, since the page behind is inert.
import { useSyncExternalStore } from "react";

let stack: readonly HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function pushModal(dialog: HTMLDialogElement): () => void {
  stack = [...stack, dialog];
  changed();
  return () => {
    stack = stack.filter((d) => d !== dialog);
    changed();
  };
}

export function useTopModal(): HTMLDialogElement | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => stack.at(-1) ?? null,
  );
}
