import { shortcutsModal } from "./shortcuts-modal";
import { useTutorialState } from "./tutorials";

/** Whether Keyboard Shortcuts is offered: once the editing tutorial has been shown, while no tutorial runs. */
export function useHelpAllowed(): boolean {
  const state = useTutorialState();
  return state.current === null && (state.shown.includes("transcript-editing") || state.skipAll);
}

export const openShortcuts = () => {
  shortcutsModal.open = true;
};

/**
 * The Keyboard Shortcuts button, in the top bar (never floating over the page's own buttons);
 * a phone's top bar has it in its menu.
 */
export function HelpButton() {
  if (!useHelpAllowed()) return null;
  return (
    <button
      type="button"
      className="icon-button help-button"
      aria-label="Keyboard shortcuts"
      title="Keyboard shortcuts"
      onClick={openShortcuts}
      data-testid="help-button"
    >
      ?
    </button>
  );
}
