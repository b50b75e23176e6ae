// Which tutorial action a key press means (docs/product.md#tutorials-and-shortcuts: Escape skips, Enter or
// ArrowRight next, ArrowLeft previous), wherever focus is on the page.
import { isShortcut } from "../editor/model/shortcuts";

type KeyEventLike = Parameters<typeof isShortcut>[0];

export type TutorialKeyAction = "next" | "previous" | "skip";

/**
 * The action for `event` while a tutorial is shown, or null for a key the tutorial
 * leaves alone. Enter on one of the card's own buttons does what that button says.
 */
export function tutorialKeyAction(event: KeyEventLike, focusOnCardButton: boolean): TutorialKeyAction | null {
  if (isShortcut(event, "closeDialog")) return "skip";
  if (isShortcut(event, "tutorialPrevious")) return "previous";
  if (isShortcut(event, "tutorialNext")) return event.key === "Enter" && focusOnCardButton ? null : "next";
  return null;
}
