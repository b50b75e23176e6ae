// The app's one tutorial engine: targets are found by data-tutorial attributes,
// progress is saved in the user's preferences, and a starting tutorial closes the open modal.
import { useSyncExternalStore } from "react";
import { systemClock } from "../../../core/clock";
import { closeEditHistory } from "../editor/view/history-modal";
import { closeDialog } from "../workspace/dialog-state";
import { savePreferences } from "../workspace/ui-state";
import { personIsBusy, targetOnScreen } from "./busy";
import { TutorialEngine, type TutorialState } from "./engine";

export const tutorials = new TutorialEngine({
  clock: systemClock,
  hasTarget: (target) => !!targetOnScreen(target),
  isBusy: personIsBusy,
  persist: ({ shown, skip_all }) => void savePreferences({ tutorials: { shown, skip_all } }, "Failed to save preference: tutorials"),
  // docs/product.md#tutorials-and-shortcuts: starting a tutorial closes any open modal (the Keyboard Shortcuts one closes in TutorialLayer).
  onStart: () => {
    closeDialog();
    closeEditHistory();
    // Any other modal (share, export…): its cancel event closes it through its owner's state.
    for (const dialog of document.querySelectorAll("dialog[open]")) dialog.dispatchEvent(new Event("cancel"));
  },
});

export function useTutorialState(): TutorialState {
  return useSyncExternalStore(tutorials.subscribe, tutorials.getState);
}
