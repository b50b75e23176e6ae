// Which tutorial action a key press means (docs/product.md#tutorials-and-shortcuts: Escape skips, Enter or
// ArrowRight next, ArrowLeft previous), wherever focus is on the page: the registry's tutorial scope.
import { type CommandContext, type CommandId, commandFor } from "../commands/commands";
import type { KeyEventLike } from "../commands/key-bindings";

export type TutorialKeyAction = "next" | "previous" | "skip";

const ACTIONS: Partial<Record<CommandId, TutorialKeyAction>> = { closeDialog: "skip", tutorialNext: "next", tutorialPrevious: "previous" };

/**
 * The action for `event` while a tutorial is shown, or null for a key the tutorial
 * leaves alone. Enter on one of the card's own buttons does what that button says.
 */
export function tutorialKeyAction(event: KeyEventLike, focusOnCardButton: boolean, mac?: boolean): TutorialKeyAction | null {
  const noop = () => {};
  const ctx: CommandContext = { mac, tutorial: { next: noop, previous: noop, skip: noop, focusOnCardButton } };
  const id = commandFor("tutorial", event, ctx);
  return id ? (ACTIONS[id] ?? null) : null;
}
