// When tutorials start, which step shows, and what is remembered (docs/product.md#tutorials-and-shortcuts):
// plain TypeScript with an injected clock, so every rule is tested
// headless. The view renders `state`; the app reports events.
import type { EditorClock } from "../../../core/clock";
import { START_DELAYS_MS, TUTORIAL_STEPS, type TutorialId } from "./steps";

/** How often a tutorial that is due looks again whether the person is still busy. */
export const BUSY_RETRY_MS = 500;

export interface TutorialState {
  current: TutorialId | null;
  step: number;
  shown: TutorialId[];
  skipAll: boolean;
}

export interface TutorialEngineOptions {
  clock: EditorClock;
  /** Whether the element a step points at is on the page now. */
  hasTarget(target: string): boolean;
  /** Saves what must survive a reload (shown tutorials, skip all). */
  persist(saved: { shown: TutorialId[]; skip_all: boolean }): void;
  /**
   * Whether the person is in the middle of something (words selected, a dialog or menu open,
   * typing a moment ago): a tutorial due now waits until they are not.
   */
  isBusy?(): boolean;
  /** Called just before a tutorial appears (docs/product.md#tutorials-and-shortcuts: starting one closes any open modal). */
  onStart?(id: TutorialId): void;
  steps?: typeof TUTORIAL_STEPS;
}

export class TutorialEngine {
  private state: TutorialState = { current: null, step: 0, shown: [], skipAll: false };
  private pending: { id: TutorialId; timer: unknown } | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly steps: typeof TUTORIAL_STEPS;

  constructor(private readonly options: TutorialEngineOptions) {
    this.steps = options.steps ?? TUTORIAL_STEPS;
  }

  getState = (): TutorialState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** What the saved preferences say (on sign-in, and when another tab changed them). */
  load(saved: { shown: readonly TutorialId[]; skip_all: boolean }): void {
    this.set({ ...this.state, shown: [...saved.shown], skipAll: saved.skip_all });
    if (saved.skip_all) {
      this.cancelPending();
      this.end(false);
    }
  }

  wasShown(id: TutorialId): boolean {
    return this.state.shown.includes(id);
  }

  // ---- events from the app (docs/product.md#tutorials-and-shortcuts, Tutorials) ----

  /** Utterances of a transcript loaded: transcript-editing after 1.5 s, unless the player's tutorial is on. */
  utterancesLoaded(): void {
    if (this.state.current === "media-player" || this.pending?.id === "media-player") return;
    this.schedule("transcript-editing");
  }

  /** The tools sidebar was scrolled: transcript-tools, once transcript-editing was shown. */
  toolsScrolled(): void {
    if (this.wasShown("transcript-editing")) this.schedule("transcript-tools");
  }

  /** A file without a transcript was opened: media-player after 1 s. */
  fileWithoutTranscriptOpened(): void {
    this.schedule("media-player");
  }

  /** The dashboard has no files: empty-dashboard after 1 s. */
  noFiles(): void {
    this.schedule("empty-dashboard");
  }

  /** The page changed: a tutorial waiting to start no longer applies. */
  cancelPending(): void {
    if (!this.pending) return;
    this.options.clock.clearTimeout(this.pending.timer);
    this.pending = null;
  }

  // ---- the user's keys and buttons ----

  next(): void {
    if (!this.state.current) return;
    const step = this.findStep(this.state.current, this.state.step + 1, 1);
    if (step === null) this.end(true);
    else this.set({ ...this.state, step });
  }

  previous(): void {
    if (!this.state.current) return;
    const step = this.findStep(this.state.current, this.state.step - 1, -1);
    if (step !== null) this.set({ ...this.state, step });
  }

  /** Ends this tutorial (it counts as shown). */
  skip(): void {
    if (this.state.current) this.end(true);
  }

  /** No tutorial will start again (until they are reset in the preferences). */
  skipAll(): void {
    this.cancelPending();
    const current = this.state.current;
    const shown = current && !this.wasShown(current) ? [...this.state.shown, current] : this.state.shown;
    this.set({ current: null, step: 0, shown, skipAll: true });
    this.options.persist({ shown, skip_all: true });
  }

  /** The preferences' debug action: every tutorial may show again. */
  reset(): void {
    this.cancelPending();
    this.set({ current: null, step: 0, shown: [], skipAll: false });
    this.options.persist({ shown: [], skip_all: false });
  }

  // ---- internals ----

  private schedule(id: TutorialId, delay = START_DELAYS_MS[id]): void {
    if (this.state.skipAll || this.wasShown(id) || this.state.current || this.pending) return;
    const timer = this.options.clock.setTimeout(() => {
      this.pending = null;
      // Never in the middle of something: it waits, pending (one at a time), and looks again.
      if (this.options.isBusy?.()) this.schedule(id, BUSY_RETRY_MS);
      else this.start(id);
    }, delay);
    this.pending = { id, timer };
  }

  private start(id: TutorialId): void {
    if (this.state.skipAll || this.wasShown(id) || this.state.current) return;
    const step = this.findStep(id, 0, 1);
    // Nothing to point at (the page changed meanwhile): try again when the event comes back.
    if (step === null) return;
    this.options.onStart?.(id);
    this.set({ ...this.state, current: id, step });
  }

  /** The first step from `from` (moving by `dir`) whose element is on the page, or null. */
  private findStep(id: TutorialId, from: number, dir: 1 | -1): number | null {
    const steps = this.steps[id];
    for (let i = from; i >= 0 && i < steps.length; i += dir) {
      if (this.options.hasTarget(steps[i]!.target)) return i;
    }
    return null;
  }

  private end(markShown: boolean): void {
    const current = this.state.current;
    if (!current) return;
    const shown = markShown && !this.wasShown(current) ? [...this.state.shown, current] : this.state.shown;
    this.set({ ...this.state, current: null, step: 0, shown });
    if (markShown) this.options.persist({ shown, skip_all: this.state.skipAll });
  }

  private set(next: TutorialState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
