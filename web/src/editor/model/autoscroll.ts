// When the transcript follows the playing word (docs/product.md#transcript-editor "Autoscroll"):
// always, except for 10 s after the user scrolled, clicked or typed in it.
// Pure policy over a clock; the view reports events and asks before scrolling.
import { systemClock, type EditorClock } from "../../../../core/clock";

export const AUTOSCROLL_TIMINGS = {
  /** docs/product.md#transcript-editor: autoscroll pauses for 10 s after an interaction. */
  pauseAfterInteractionMs: 10_000,
  /**
   * A scroll event this soon after our own scrollIntoView (or after another
   * such event) is ours: instant scrolls fire one event on the next frame,
   * smooth ones a stream of events, one per frame.
   */
  programmaticScrollGraceMs: 150,
  /** A smooth scroll of ours is over by then: later scroll events are the user's. */
  programmaticScrollMaxMs: 1_000,
} as const;

export interface AutoscrollOptions {
  clock?: EditorClock;
  /** Called when a pause ends by itself (e.g. to bring the playing word back into view). */
  onResume?: () => void;
}

export class Autoscroll {
  private readonly clock: EditorClock;
  private pausedUntil = -Infinity;
  private programmaticAt = -Infinity;
  private lastOwnScrollAt = -Infinity;
  private resumeTimer: unknown = null;

  constructor(private readonly options: AutoscrollOptions = {}) {
    this.clock = options.clock ?? systemClock;
  }

  /** Whether the view should scroll the playing word into view now. */
  shouldFollow(): boolean {
    return this.clock.now() >= this.pausedUntil;
  }

  /** Milliseconds until following resumes; 0 when following. */
  pausedFor(): number {
    return Math.max(0, this.pausedUntil - this.clock.now());
  }

  /** A wheel, touch, click or key in the transcript: pause (again) for 10 s. */
  noteUserInteraction(): void {
    const now = this.clock.now();
    this.pausedUntil = now + AUTOSCROLL_TIMINGS.pauseAfterInteractionMs;
    this.armResume(AUTOSCROLL_TIMINGS.pauseAfterInteractionMs);
  }

  /** Call right before our own scrollIntoView. */
  noteProgrammaticScroll(): void {
    const now = this.clock.now();
    this.programmaticAt = now;
    this.lastOwnScrollAt = now;
  }

  /**
   * A scroll event: ours if it follows our own scroll closely (see
   * AUTOSCROLL_TIMINGS), otherwise the user's, which pauses following.
   * Returns whether it counted as the user's.
   */
  noteScroll(): boolean {
    const now = this.clock.now();
    const ours =
      now - this.lastOwnScrollAt <= AUTOSCROLL_TIMINGS.programmaticScrollGraceMs &&
      now - this.programmaticAt <= AUTOSCROLL_TIMINGS.programmaticScrollMaxMs;
    if (ours) {
      this.lastOwnScrollAt = now;
      return false;
    }
    this.noteUserInteraction();
    return true;
  }

  /** Follow again at once (e.g. a "follow playback" button). */
  resume(): void {
    this.pausedUntil = -Infinity;
    this.clearResume();
  }

  dispose(): void {
    this.clearResume();
  }

  private armResume(ms: number): void {
    if (!this.options.onResume) return;
    this.clearResume();
    this.resumeTimer = this.clock.setTimeout(() => {
      this.resumeTimer = null;
      if (this.shouldFollow()) this.options.onResume?.();
    }, ms);
  }

  private clearResume(): void {
    if (this.resumeTimer !== null) this.clock.clearTimeout(this.resumeTimer);
    this.resumeTimer = null;
  }
}
