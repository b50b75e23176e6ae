import { Suspense, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { authState } from "../auth/store";
import { lazyNamed } from "../lib/lazy-chunk";
import { tutorials, useTutorialState } from "./tutorials";

const TutorialOverlay = lazyNamed(() => import("./TutorialOverlay"), "TutorialOverlay");
const ShortcutsModal = lazyNamed(() => import("./ShortcutsModal"), "ShortcutsModal");

/**
 * The tutorial overlay while a tutorial runs, and the floating help button
 * (Keyboard Shortcuts), shown once the editing tutorial has been shown and no
 * tutorial is on.
 */
export function TutorialLayer() {
  const { user } = useSnapshot(authState);
  const state = useTutorialState();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const saved = user?.preferences.tutorials;
  useEffect(() => {
    if (saved) tutorials.load({ shown: saved.shown, skip_all: saved.skip_all });
  }, [saved?.skip_all, saved?.shown.join(",")]);
  useEffect(() => () => tutorials.cancelPending(), []);

  const helpAllowed = state.current === null && (state.shown.includes("transcript-editing") || state.skipAll);
  return (
    <>
      {state.current && (
        <Suspense fallback={null}>
          <TutorialOverlay />
        </Suspense>
      )}
      {helpAllowed && (
        <button
          type="button"
          className="help-button"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts"
          onClick={() => setShortcutsOpen(true)}
          data-testid="help-button"
        >
          ?
        </button>
      )}
      {shortcutsOpen && (
        <Suspense fallback={null}>
          <ShortcutsModal onClose={() => setShortcutsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
