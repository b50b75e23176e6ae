// A command's key from the page itself: with nothing focused (a reader selects words with the
// pointer), the key still works; while someone types in a field or the transcript, it is theirs.
import { useEffect } from "react";
import { type CommandContext, dispatch } from "../../commands/commands";

const typing = (el: Element | null) =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  !!(el as HTMLElement | null)?.isContentEditable;

/** Listens on the page for the "page" scope's commands with `context` (none while it is null). */
export function usePageCommand(context: CommandContext | null): void {
  useEffect(() => {
    if (!context) return;
    const onKey = (e: KeyboardEvent) => {
      const active = document.activeElement;
      if (e.defaultPrevented || typing(active) || active?.closest("[data-testid=transcript]")) return;
      dispatch("page", e, context);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [context]);
}
