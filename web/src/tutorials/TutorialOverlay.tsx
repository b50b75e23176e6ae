import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { tutorialKeyAction } from "./keys";
import { TUTORIAL_STEPS } from "./steps";
import { type Box, targetOnScreen, visibleBox } from "./busy";
import { tutorials, useTutorialState } from "./tutorials";

// docs/product.md#tutorials-and-shortcuts: mask padding, viewport margin, arrow offset limit.
const MASK_PADDING = 8;
const VIEWPORT_MARGIN = 10;
const ARROW_LIMIT = 100;
const CARD_WIDTH = 320;

/** Where the card goes: below the target if it fits, else above; always wholly inside the viewport. */
function place(target: Box, card: { width: number; height: number }) {
  const below = target.top + target.height + MASK_PADDING + 12;
  const fitsBelow = below + card.height + VIEWPORT_MARGIN <= window.innerHeight;
  const above = target.top - MASK_PADDING - 12 - card.height;
  // Neither side fits (a tall target on a short screen): keep the whole card on screen.
  const wanted = fitsBelow ? below : above >= VIEWPORT_MARGIN ? above : window.innerHeight - card.height - VIEWPORT_MARGIN;
  const top = Math.max(VIEWPORT_MARGIN, Math.min(wanted, window.innerHeight - card.height - VIEWPORT_MARGIN));
  const centre = target.left + target.width / 2;
  const left = Math.min(Math.max(VIEWPORT_MARGIN, centre - card.width / 2), window.innerWidth - card.width - VIEWPORT_MARGIN);
  const arrow = Math.max(-ARROW_LIMIT, Math.min(ARROW_LIMIT, centre - (left + card.width / 2)));
  return { top, left, arrow, side: fitsBelow ? "below" : "above" };
}

/**
 * The active tutorial step: the page dimmed except the element it is about, and a
 * card with the text and Previous / Next / Skip. Keys, wherever focus is: → or Enter
 * next, ← previous, Escape skips; focus stays in the card while it is open.
 */
export function TutorialOverlay() {
  const state = useTutorialState();
  const card = useRef<HTMLDivElement>(null);
  // Undefined until measured; null while the target is out of view (scrolled away): the card then stays, centred.
  const [box, setBox] = useState<Box | null | undefined>(undefined);
  const [cardHeight, setCardHeight] = useState(180);
  // The card's real height, once drawn, decides where it fits.
  useLayoutEffect(() => {
    const height = card.current?.offsetHeight;
    if (height && height !== cardHeight) setCardHeight(height);
  });
  const steps = state.current ? TUTORIAL_STEPS[state.current] : [];
  const step = steps[state.step];

  useLayoutEffect(() => {
    if (!step) return;
    // The part of the target in view (the engine only picks targets in view): the page is never scrolled to it.
    let el = targetOnScreen(step.target);
    const measure = () => {
      el = el?.isConnected ? el : targetOnScreen(step.target);
      setBox(el ? visibleBox(el) : null);
    };
    measure();
    window.addEventListener("resize", measure);
    window.addEventListener("scroll", measure, true);
    return () => {
      window.removeEventListener("resize", measure);
      window.removeEventListener("scroll", measure, true);
    };
  }, [step]);

  // Focus goes to the card's main button once the card is drawn (it is not, until its target is measured).
  const drawn = box !== undefined;
  useEffect(() => {
    if (step && drawn) card.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [step, drawn]);

  useEffect(() => {
    if (!step) return;
    // On the window, in the capture phase: the tutorial's keys come before any handler of the page
    // (the player's arrows, an utterance's Enter, a dialog's Escape), and only the tutorial acts on them.
    const onKey = (e: KeyboardEvent) => {
      const active = document.activeElement;
      const action = tutorialKeyAction(e, !!card.current && active instanceof HTMLButtonElement && card.current.contains(active));
      if (action) {
        e.preventDefault();
        e.stopImmediatePropagation();
        tutorials[action]();
      } else if (e.key === "Tab" && card.current) {
        // Keep focus inside the card.
        const focusable = [...card.current.querySelectorAll<HTMLElement>("button:not(:disabled)")];
        const first = focusable[0];
        const last = focusable.at(-1);
        if (!card.current.contains(active)) {
          e.preventDefault();
          first?.focus();
        } else if (e.shiftKey && active === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && active === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [step]);

  if (!step || box === undefined) return null;
  const around = box ?? { top: window.innerHeight / 2, left: window.innerWidth / 2, width: 0, height: 0 };
  const spot = {
    top: around.top - MASK_PADDING,
    left: around.left - MASK_PADDING,
    width: around.width + 2 * MASK_PADDING,
    height: around.height + 2 * MASK_PADDING,
  };
  const position = place(around, { width: Math.min(CARD_WIDTH, window.innerWidth - 2 * VIEWPORT_MARGIN), height: cardHeight });
  const last = state.step === steps.length - 1;
  return (
    <div className="tutorial" data-testid="tutorial" data-tutorial-id={state.current}>
      <div className="tutorial-spot" style={spot} />
      <div
        ref={card}
        className={`tutorial-card tutorial-card--${position.side}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="tutorial-title"
        aria-describedby="tutorial-body"
        style={{
          top: position.top,
          left: position.left,
          width: Math.min(CARD_WIDTH, window.innerWidth - 2 * VIEWPORT_MARGIN),
          ["--arrow-offset" as string]: `${position.arrow}px`,
        }}
      >
        <p className="tutorial-count muted small">
          Step {state.step + 1} of {steps.length}
        </p>
        <h2 id="tutorial-title" className="tutorial-title">
          {step.title}
        </h2>
        <p id="tutorial-body">{step.body}</p>
        <div className="tutorial-actions">
          <button type="button" className="button button--ghost button--small" onClick={() => tutorials.skipAll()}>
            Skip all tutorials
          </button>
          <span className="tutorial-nav">
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => tutorials.previous()}
              disabled={state.step === 0}
            >
              Previous
            </button>
            <button type="button" className="button button--small" onClick={() => tutorials.skip()}>
              Skip
            </button>
            <button type="button" className="button button--primary button--small" data-autofocus onClick={() => tutorials.next()}>
              {last ? "Got it!" : "Next"}
            </button>
          </span>
        </div>
      </div>
    </div>
  );
}
