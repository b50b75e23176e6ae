import { Suspense, useEffect } from "react";
import { useSnapshot } from "valtio";
import { authState } from "../auth/store";
import { dispatch } from "../commands/commands";
import { lazyNamed } from "../lib/lazy-chunk";
import { shortcutsModal } from "./shortcuts-modal";
import type { TutorialId } from "./steps";
import { tutorials, useTutorialState } from "./tutorials";

const TutorialOverlay = lazyNamed(() => import("./TutorialOverlay"), "TutorialOverlay");
const ShortcutsModal = lazyNamed(() => import("./ShortcutsModal"), "ShortcutsModal");

/** The tutorial overlay while a tutorial runs, and the Keyboard Shortcuts modal (its button is in the top bar). */
export function TutorialLayer() {
  const { user } = useSnapshot(authState);
  const state = useTutorialState();
  const shortcutsOpen = useSnapshot(shortcutsModal).open;
  // Compared by value: a new preferences object with the same tutorials changes nothing.
  const savedShown = user?.preferences.tutorials.shown.join(",");
  const savedSkipAll = user?.preferences.tutorials.skip_all;
  useEffect(() => {
    if (savedShown === undefined) return;
    tutorials.load({ shown: savedShown ? (savedShown.split(",") as TutorialId[]) : [], skip_all: !!savedSkipAll });
  }, [savedShown, savedSkipAll]);
  useEffect(() => () => tutorials.cancelPending(), []);
  // A tutorial starting closes this modal too (docs/product.md#tutorials-and-shortcuts).
  useEffect(() => {
    if (state.current) shortcutsModal.open = false;
  }, [state.current]);

  // "?" outside text fields opens the list at any time, except over a tutorial or a dialog.
  const tutorialShown = state.current !== null;
  useEffect(() => {
    if (tutorialShown) return;
    const onKey = (e: KeyboardEvent) => {
      const active = document.activeElement as HTMLElement | null;
      if (e.defaultPrevented || active?.closest("dialog, [role=dialog], [aria-modal=true]") || document.querySelector("dialog[open]"))
        return;
      const typing =
        active instanceof HTMLInputElement ||
        active instanceof HTMLTextAreaElement ||
        active instanceof HTMLSelectElement ||
        !!active?.isContentEditable;
      if (typing) return;
      dispatch("page", e, {
        showShortcuts: () => (shortcutsModal.open = true),
        focus: !active || active === document.body ? "body" : "other",
      });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [tutorialShown]);

  return (
    <>
      {state.current && (
        <Suspense fallback={null}>
          <TutorialOverlay />
        </Suspense>
      )}
      {shortcutsOpen && (
        <Suspense fallback={null}>
          <ShortcutsModal onClose={() => (shortcutsModal.open = false)} />
        </Suspense>
      )}
    </>
  );
}
