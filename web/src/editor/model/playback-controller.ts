// One playback controller per open file, shared by the media player and the
// transcript, outside React (docs/product.md#transcript-editor "Media sync"): it knows which word
// is playing and tells listeners only when that changes, so the view can move
// a class from one span to another without rendering.
import { systemClock, type EditorClock } from "../../../../core/clock";
import type { PlayerModel, PlayerStatus } from "../../commands/commands";

/** docs/product.md#transcript-editor: time updates debounced by 100 ms, sync suppressed for 300 ms after a programmatic change. */
export const PLAYBACK_TIMINGS = {
  timeUpdateDebounceMs: 100,
  syncSuppressMs: 300,
} as const;

export type MediaEventType = "timeupdate" | "play" | "pause" | "seeked";

/** The player's speeds (docs/product.md#media-player). */
export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** How the keys and resuming behave; the user's preferences set them. */
export interface PlaybackSettings {
  /** Seconds the back and forward keys move. */
  keySkipSeconds: number;
  /** Seconds playback starts earlier when it resumes where it paused; 0 turns it off. */
  backstepSeconds: number;
  /** Whether the first keystroke of an edit pauses playback. */
  pauseWhileTyping: boolean;
  /** Quiet time after the last keystroke before playback paused by typing resumes. */
  typingResumeMs: number;
}

export const DEFAULT_PLAYBACK_SETTINGS: PlaybackSettings = {
  keySkipSeconds: 5,
  backstepSeconds: 1,
  pauseWhileTyping: false,
  typingResumeMs: 1500,
};

/** The part of HTMLMediaElement the controller uses; tests pass a fake. */
export interface MediaLike {
  currentTime: number;
  readonly paused: boolean;
  /** Absent on fakes that do not change speed. */
  playbackRate?: number;
  readonly duration?: number;
  pause(): void;
  play(): Promise<void> | void;
  addEventListener(type: MediaEventType, listener: () => void): void;
  removeEventListener(type: MediaEventType, listener: () => void): void;
}

/** A word's time span, in seconds. */
export interface WordTiming {
  id: string;
  start: number;
  end: number;
}

/**
 * The words of a transcript ordered by start time, for O(log n) lookups. The
 * entries come in document order; that order breaks ties between equal starts.
 */
export class WordTimeline {
  private readonly entries: readonly WordTiming[];
  /** Entry indices sorted by start. */
  private readonly order: Int32Array;
  private readonly starts: Float64Array;
  /** Max-tree over the ends, in `order`: finds a word still sounding after a later one began. */
  private readonly tree: Float64Array;
  private readonly leaves: number;
  private readonly byId = new Map<string, WordTiming>();

  constructor(entries: readonly WordTiming[]) {
    this.entries = entries;
    const n = entries.length;
    const order = new Int32Array(n);
    let sorted = true;
    for (let i = 0; i < n; i++) {
      order[i] = i;
      if (i > 0 && entries[i]!.start < entries[i - 1]!.start) sorted = false;
      this.byId.set(entries[i]!.id, entries[i]!);
    }
    if (!sorted) order.sort((a, b) => entries[a]!.start - entries[b]!.start || a - b);
    this.order = order;
    this.starts = new Float64Array(n);
    let leaves = 1;
    while (leaves < n) leaves <<= 1;
    this.leaves = leaves;
    this.tree = new Float64Array(2 * leaves).fill(-Infinity);
    for (let k = 0; k < n; k++) {
      const entry = entries[order[k]!]!;
      this.starts[k] = entry.start;
      this.tree[leaves + k] = entry.end;
    }
    for (let node = leaves - 1; node >= 1; node--) this.tree[node] = Math.max(this.tree[2 * node]!, this.tree[2 * node + 1]!);
  }

  get size(): number {
    return this.entries.length;
  }

  timing(id: string): WordTiming | undefined {
    return this.byId.get(id);
  }

  /**
   * The word playing at `time`: among the words that have started, the latest
   * one still sounding (end > time); if none is, the last one started (a gap
   * between words keeps the previous word). Null before the first word.
   */
  wordAt(time: number): string | null {
    const k = this.lastStarted(time);
    if (k < 0) return null;
    if (this.tree[this.leaves + k]! > time) return this.entries[this.order[k]!]!.id;
    const covering = this.lastCovering(1, 0, this.leaves - 1, k, time);
    return this.entries[this.order[covering >= 0 ? covering : k]!]!.id;
  }

  /** The last sorted position whose start ≤ time, or -1. */
  private lastStarted(time: number): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid]! <= time) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** The last sorted position ≤ limit whose end > time, or -1 (a descent of the max-tree). */
  private lastCovering(node: number, lo: number, hi: number, limit: number, time: number): number {
    if (lo > limit || this.tree[node]! <= time) return -1;
    if (lo === hi) return lo;
    const mid = (lo + hi) >>> 1;
    const right = this.lastCovering(2 * node + 1, mid + 1, hi, limit, time);
    return right >= 0 ? right : this.lastCovering(2 * node, lo, mid, limit, time);
  }
}

export type ActiveWordListener = (id: string | null, previousId: string | null) => void;
export type PauseListener = (lastWordId: string | null) => void;

/**
 * Follows the attached media element: continuous time updates are read at
 * most every 100 ms (the latest time when the wait ends: a steady stream of
 * events cannot starve it), seeks, play and pause at once. A word click
 * (`seekToWord`) sets the position, pauses, and makes the clicked word the
 * active one; for 300 ms afterwards the media's own events are ignored, so the
 * highlight does not flicker to a neighbour while the element settles.
 */
export class PlaybackController implements PlayerModel {
  private readonly clock: EditorClock;
  settings: PlaybackSettings = { ...DEFAULT_PLAYBACK_SETTINGS };
  /** Where the media last paused, for the backstep on resume; null once it plays or moves. */
  private pausedAt: number | null = null;
  /** Playback was paused by typing and resumes after the quiet time. */
  private typingTimer: unknown = null;
  private pausedByTyping = false;
  private quietPause = false;
  private readonly goToWordListeners = new Set<(wordId: string) => void>();
  private readonly playErrorListeners = new Set<(error: unknown) => void>();
  private element: MediaLike | null = null;
  private built = new WordTimeline([]);
  /** Words given but not yet indexed: the timeline is built on first need (opening a long transcript defers it). */
  private source: (() => readonly WordTiming[]) | null = null;
  private active: string | null = null;
  private syncTimer: unknown = null;
  private suppressedUntil = -Infinity;
  private readonly activeListeners = new Set<ActiveWordListener>();
  private readonly pauseListeners = new Set<PauseListener>();

  constructor(options: { clock?: EditorClock } = {}) {
    this.clock = options.clock ?? systemClock;
  }

  get media(): MediaLike | null {
    return this.element;
  }

  get activeWordId(): string | null {
    return this.active;
  }

  attach(media: MediaLike): void {
    if (this.element === media) return;
    this.detach();
    this.element = media;
    media.addEventListener("timeupdate", this.handleTimeUpdate);
    media.addEventListener("seeked", this.handleSeeked);
    media.addEventListener("play", this.handlePlay);
    media.addEventListener("pause", this.handlePause);
    this.syncNow();
  }

  detach(): void {
    const media = this.element;
    if (!media) return;
    this.element = null;
    this.cancelSync();
    this.cancelTypingResume();
    media.removeEventListener("timeupdate", this.handleTimeUpdate);
    media.removeEventListener("seeked", this.handleSeeked);
    media.removeEventListener("play", this.handlePlay);
    media.removeEventListener("pause", this.handlePause);
  }

  private get timeline(): WordTimeline {
    if (this.source) {
      this.built = new WordTimeline(this.source());
      this.source = null;
    }
    return this.built;
  }

  /** The transcript's words in document order (flattened from the utterances). */
  setWords(entries: readonly WordTiming[]): void {
    this.setWordSource(() => entries);
    this.refreshTimeline();
  }

  /**
   * The words, read only when first needed (a lookup, a sync or `refreshTimeline`):
   * indexing 30,000 words need not delay the first paint of a long transcript.
   */
  setWordSource(source: () => readonly WordTiming[]): void {
    this.source = source;
  }

  /** Builds the timeline now if it is pending and brings the active word in line with it. */
  refreshTimeline(): void {
    if (this.element && !this.suppressed()) this.syncNow();
    else if (this.active !== null && !this.timeline.timing(this.active)) this.setActive(null);
  }

  wordAt(time: number): string | null {
    return this.timeline.wordAt(time);
  }

  /**
   * A word click: the playback position goes to the word's start (or to the
   * given time) and playback pauses. False when the word is unknown.
   */
  seekToWord(target: string | number): boolean {
    const time = typeof target === "number" ? target : this.timeline.timing(target)?.start;
    if (time === undefined || !Number.isFinite(time)) return false;
    this.programmatic(typeof target === "string" ? target : this.timeline.wordAt(time), time);
    const media = this.element;
    if (media && !media.paused) media.pause();
    return true;
  }

  /** Moves the playback position, keeping it playing or paused; `play` starts it. */
  seek(time: number, options: { play?: boolean } = {}): void {
    if (!Number.isFinite(time)) return;
    this.programmatic(this.timeline.wordAt(time), time);
    const media = this.element;
    if (options.play && media?.paused) {
      const started = media.play();
      // A refused autoplay is the browser's answer, not an error of ours.
      if (started) started.catch(() => undefined);
    }
  }

  /** Where playback is, for what is said to screen readers; null without media. */
  status(): PlayerStatus | null {
    const media = this.element;
    if (!media) return null;
    const duration = media.duration !== undefined && Number.isFinite(media.duration) ? media.duration : null;
    return { paused: media.paused, current: media.currentTime, duration, rate: media.playbackRate ?? 1 };
  }

  /** Play or pause; resuming where it paused starts `backstepSeconds` earlier. */
  togglePlay(): void {
    const media = this.element;
    if (!media) return;
    if (media.paused) this.resume();
    else this.pause();
  }

  pause(): void {
    this.cancelTypingResume();
    const media = this.element;
    if (media && !media.paused) media.pause();
  }

  resume(): void {
    this.cancelTypingResume();
    const media = this.element;
    if (!media?.paused) return;
    const backstep = this.settings.backstepSeconds;
    // Only a resume where it paused steps back: after a seek or a word click it starts where asked.
    if (backstep > 0 && this.pausedAt !== null && Math.abs(media.currentTime - this.pausedAt) < 0.05) {
      this.seek(Math.max(0, media.currentTime - backstep));
    }
    this.pausedAt = null;
    const started = media.play();
    if (started) started.catch((error: unknown) => this.playFailed(error));
  }

  /** Called when the media refuses to play (the player shows it; an interrupted play is not a failure). */
  onPlayError(listener: (error: unknown) => void): () => void {
    this.playErrorListeners.add(listener);
    return () => this.playErrorListeners.delete(listener);
  }

  private playFailed(error: unknown): void {
    if (error instanceof Error && error.name === "AbortError") return;
    for (const listener of [...this.playErrorListeners]) guard(() => listener(error));
  }

  /** Moves the position by `seconds`, within the media, keeping it playing or paused. */
  skip(seconds: number): void {
    const media = this.element;
    if (!media) return;
    const duration = media.duration;
    const end = duration !== undefined && Number.isFinite(duration) ? duration : Infinity;
    this.seek(Math.min(Math.max(0, media.currentTime + seconds), end));
  }

  /** The next slower (-1) or faster (1) speed of PLAYBACK_SPEEDS. */
  stepSpeed(direction: 1 | -1): void {
    const media = this.element;
    if (!media) return;
    const rate = media.playbackRate ?? 1;
    const next = direction > 0 ? PLAYBACK_SPEEDS.find((s) => s > rate + 1e-9) : [...PLAYBACK_SPEEDS].reverse().find((s) => s < rate - 1e-9);
    if (next !== undefined) media.playbackRate = next;
  }

  /** Plays from the start of a word. */
  playFromWord(wordId: string): boolean {
    const start = this.timeline.timing(wordId)?.start;
    if (start === undefined || !Number.isFinite(start)) return false;
    this.cancelTypingResume();
    this.pausedAt = null;
    this.seek(start, { play: true });
    return true;
  }

  /** Asks the transcript to put the caret on the playing word; false when none is playing. */
  goToPlayingWord(): boolean {
    const id = this.active;
    if (!id) return false;
    for (const listener of [...this.goToWordListeners]) guard(() => listener(id));
    return true;
  }

  /** Called by goToPlayingWord with the word to move the caret to. */
  onGoToWord(listener: (wordId: string) => void): () => void {
    this.goToWordListeners.add(listener);
    return () => this.goToWordListeners.delete(listener);
  }

  /**
   * A keystroke that edits the transcript. With pause-while-typing on, the first one pauses
   * playback and each one restarts the quiet time after which it resumes (with the backstep).
   */
  noteTyping(): void {
    const media = this.element;
    if (!this.settings.pauseWhileTyping || !media) return;
    if (!media.paused) {
      this.pausedByTyping = true;
      this.quietPause = true;
      media.pause();
    }
    if (!this.pausedByTyping) return;
    if (this.typingTimer !== null) this.clock.clearTimeout(this.typingTimer);
    this.typingTimer = this.clock.setTimeout(() => {
      this.typingTimer = null;
      this.pausedByTyping = false;
      this.resume();
    }, this.settings.typingResumeMs);
  }

  /** Called with the new and the previous active word, only when it changes. */
  onActiveWord(listener: ActiveWordListener): () => void {
    this.activeListeners.add(listener);
    return () => this.activeListeners.delete(listener);
  }

  /** Called when the media pauses by itself or by the user (not after seekToWord), with the last word. */
  onPause(listener: PauseListener): () => void {
    this.pauseListeners.add(listener);
    return () => this.pauseListeners.delete(listener);
  }

  dispose(): void {
    this.detach();
    this.activeListeners.clear();
    this.pauseListeners.clear();
    this.goToWordListeners.clear();
    this.playErrorListeners.clear();
  }

  // ---------------------------------------------------------------- internals

  private programmatic(id: string | null, time: number): void {
    this.suppressedUntil = this.clock.now() + PLAYBACK_TIMINGS.syncSuppressMs;
    this.cancelSync();
    this.setActive(id);
    if (this.element) this.element.currentTime = time;
  }

  private handleTimeUpdate = (): void => {
    if (this.syncTimer !== null) return;
    this.syncTimer = this.clock.setTimeout(() => {
      this.syncTimer = null;
      this.sync();
    }, PLAYBACK_TIMINGS.timeUpdateDebounceMs);
  };

  private handleSeeked = (): void => {
    this.syncNow();
  };

  private handlePlay = (): void => {
    this.pausedAt = null;
    // Played by other means (the media's own controls): typing no longer holds it.
    if (this.typingTimer === null) this.pausedByTyping = false;
    this.syncNow();
  };

  private handlePause = (): void => {
    const programmatic = this.suppressed();
    const quiet = this.quietPause;
    this.quietPause = false;
    // A pause from seekToWord (programmatic) is not one to step back from.
    this.pausedAt = programmatic ? null : (this.element?.currentTime ?? null);
    this.syncNow();
    // A pause for typing does not scroll the transcript under the caret.
    if (programmatic || quiet) return;
    const last = this.active;
    for (const listener of [...this.pauseListeners]) guard(() => listener(last));
  };

  private syncNow(): void {
    this.cancelSync();
    this.sync();
  }

  private sync(): void {
    const media = this.element;
    if (!media || this.suppressed()) return;
    this.setActive(this.timeline.wordAt(media.currentTime));
  }

  private suppressed(): boolean {
    return this.clock.now() < this.suppressedUntil;
  }

  private cancelTypingResume(): void {
    if (this.typingTimer !== null) this.clock.clearTimeout(this.typingTimer);
    this.typingTimer = null;
    this.pausedByTyping = false;
  }

  private cancelSync(): void {
    if (this.syncTimer !== null) this.clock.clearTimeout(this.syncTimer);
    this.syncTimer = null;
  }

  private setActive(id: string | null): void {
    if (id === this.active) return;
    const previous = this.active;
    this.active = id;
    for (const listener of [...this.activeListeners]) guard(() => listener(id, previous));
  }
}

/** One listener's error must not keep the others from hearing about the change. */
function guard(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    console.error(error);
  }
}
