import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  PLAYBACK_TIMINGS,
  PlaybackController,
  WordTimeline,
  type MediaEventType,
  type MediaLike,
  type WordTiming,
} from "../../web/src/editor/model/playback-controller";

// The real element fits the interface (checked by the type check).
void ((element: HTMLMediaElement): MediaLike => element);

/** A media element whose events the test fires (real ones arrive asynchronously). */
class FakeMedia implements MediaLike {
  currentTime = 0;
  paused = true;
  pauseCalls = 0;
  playCalls = 0;
  private readonly listeners = new Map<string, Set<() => void>>();

  pause() {
    this.pauseCalls++;
    this.paused = true;
  }
  play() {
    this.playCalls++;
    this.paused = false;
    return Promise.resolve();
  }
  addEventListener(type: MediaEventType, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: MediaEventType, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  listenerCount() {
    return [...this.listeners.values()].reduce((n, set) => n + set.size, 0);
  }
  emit(type: MediaEventType) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener();
  }
  /** Playback reached `time`: the element reports it. */
  tick(time: number) {
    this.currentTime = time;
    this.emit("timeupdate");
  }
}

// the(0–0.5) cat(0.6–1.0) sat(1.0–1.4) [gap] on(2.0–2.3) the(2.3–2.6) mat(2.6–3.0)
const words: WordTiming[] = [
  { id: "w1", start: 0, end: 0.5 },
  { id: "w2", start: 0.6, end: 1.0 },
  { id: "w3", start: 1.0, end: 1.4 },
  { id: "w4", start: 2.0, end: 2.3 },
  { id: "w5", start: 2.3, end: 2.6 },
  { id: "w6", start: 2.6, end: 3.0 },
];

/** The rule, read literally, in O(n). */
function referenceWordAt(entries: readonly WordTiming[], time: number): string | null {
  const started = entries.map((entry, index) => ({ entry, index })).filter(({ entry }) => entry.start <= time);
  if (started.length === 0) return null;
  const byStart = (a: { entry: WordTiming; index: number }, b: { entry: WordTiming; index: number }) =>
    a.entry.start - b.entry.start || a.index - b.index;
  started.sort(byStart);
  const sounding = started.filter(({ entry }) => entry.end > time);
  return (sounding.at(-1) ?? started.at(-1))!.entry.id;
}

describe("word timeline", () => {
  const timeline = new WordTimeline(words);

  it("finds the word playing at a time", () => {
    expect(timeline.wordAt(-1)).toBeNull();
    expect(timeline.wordAt(0)).toBe("w1");
    expect(timeline.wordAt(0.49)).toBe("w1");
    expect(timeline.wordAt(0.7)).toBe("w2");
    expect(timeline.wordAt(2.95)).toBe("w6");
  });

  it("keeps the last started word in a gap and after the end", () => {
    expect(timeline.wordAt(0.55)).toBe("w1");
    expect(timeline.wordAt(1.7)).toBe("w3");
    expect(timeline.wordAt(99)).toBe("w6");
  });

  it("treats a word's end as exclusive: a word starting there takes over", () => {
    expect(timeline.wordAt(1.0)).toBe("w3");
    expect(timeline.wordAt(2.3)).toBe("w5");
  });

  it("prefers a word still sounding over a later one that already ended (overlapping speakers)", () => {
    const overlap = new WordTimeline([
      { id: "long", start: 10, end: 12 },
      { id: "short", start: 10.5, end: 10.8 },
      { id: "next", start: 13, end: 14 },
    ]);
    expect(overlap.wordAt(10.6)).toBe("short");
    expect(overlap.wordAt(11)).toBe("long");
    expect(overlap.wordAt(12.5)).toBe("short");
  });

  it("breaks ties of equal starts by document order, and handles zero-length words", () => {
    const ties = new WordTimeline([
      { id: "a", start: 1, end: 2 },
      { id: "b", start: 1, end: 1 },
      { id: "c", start: 1, end: 1.5 },
    ]);
    expect(ties.wordAt(1)).toBe("c");
    expect(ties.wordAt(1.7)).toBe("a");
    expect(ties.wordAt(2.5)).toBe("c");
  });

  it("accepts words whose document order is not time order", () => {
    const shuffled = new WordTimeline([words[3]!, words[0]!, words[5]!, words[1]!, words[4]!, words[2]!]);
    for (const t of [0, 0.55, 1.0, 1.7, 2.3, 2.95, 5]) expect(shuffled.wordAt(t)).toBe(timeline.wordAt(t));
  });

  it("agrees with the literal rule on random timelines", () => {
    const time = fc.integer({ min: 0, max: 40 }).map((n) => n / 4);
    const entry = fc.tuple(time, fc.integer({ min: 0, max: 12 })).map(([start, length]) => ({ start, end: start + length / 4 }));
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 40 }),
        fc.array(
          fc.integer({ min: -4, max: 60 }).map((n) => n / 4 + 0.01 * (n % 3)),
          { minLength: 1, maxLength: 20 },
        ),
        (spans, times) => {
          const entries = spans.map((span, i) => ({ id: `w${i}`, ...span }));
          const built = new WordTimeline(entries);
          for (const t of times) expect(built.wordAt(t)).toBe(referenceWordAt(entries, t));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("answers lookups over 100,000 words quickly (sanity check, not a budget)", () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ id: `w${i}`, start: i * 0.4, end: i * 0.4 + 0.3 }));
    const big = new WordTimeline(many);
    const started = performance.now();
    for (let i = 0; i < 100_000; i++) big.wordAt(i * 0.4 + 0.35);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(big.wordAt(200.1)).toBe("w500");
    expect(big.wordAt(1e9)).toBe("w99999");
  });

  it("knows each word's timing", () => {
    expect(timeline.timing("w4")).toEqual({ id: "w4", start: 2.0, end: 2.3 });
    expect(timeline.timing("nope")).toBeUndefined();
    expect(timeline.size).toBe(6);
  });
});

describe("playback controller", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  function setup(startAt = 0) {
    const media = new FakeMedia();
    media.currentTime = startAt;
    const controller = new PlaybackController();
    controller.setWords(words);
    const changes: [string | null, string | null][] = [];
    const pauses: (string | null)[] = [];
    controller.onActiveWord((id, previous) => changes.push([id, previous]));
    controller.onPause((id) => pauses.push(id));
    controller.attach(media);
    return { media, controller, changes, pauses };
  }

  it("reads lazily given words only when first needed, and a click before that still finds its word", () => {
    const media = new FakeMedia();
    const controller = new PlaybackController();
    controller.attach(media);
    let reads = 0;
    controller.setWordSource(() => {
      reads++;
      return words;
    });
    expect(reads).toBe(0);
    expect(controller.seekToWord("w4")).toBe(true);
    expect(media.currentTime).toBe(2.0);
    expect(controller.activeWordId).toBe("w4");
    controller.refreshTimeline();
    expect(reads).toBe(1);
  });

  it("brings the active word in line when a pending timeline is refreshed", () => {
    const media = new FakeMedia();
    media.currentTime = 2.4;
    const controller = new PlaybackController();
    controller.attach(media);
    controller.setWordSource(() => words);
    expect(controller.activeWordId).toBeNull();
    controller.refreshTimeline();
    expect(controller.activeWordId).toBe("w5");
  });

  it("picks the word at the media's position when attached", () => {
    const { controller, changes } = setup(0.7);
    expect(controller.activeWordId).toBe("w2");
    expect(changes).toEqual([["w2", null]]);
  });

  it("reads continuous time updates at most every 100 ms, using the latest time", () => {
    const { media, changes } = setup();
    changes.length = 0;
    media.paused = false;
    media.tick(0.62);
    vi.advanceTimersByTime(30);
    media.tick(0.9);
    vi.advanceTimersByTime(30);
    media.tick(1.05);
    vi.advanceTimersByTime(39);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([["w3", "w1"]]);
    expect(PLAYBACK_TIMINGS.timeUpdateDebounceMs).toBe(100);
  });

  it("is not starved by a steady stream of time updates", () => {
    const { media, changes } = setup();
    changes.length = 0;
    media.paused = false;
    let t = 0;
    for (let ms = 0; ms < 3_000; ms += 20) {
      t = ms / 1_000;
      media.tick(t);
      vi.advanceTimersByTime(20);
    }
    expect(changes.map(([id]) => id)).toEqual(["w2", "w3", "w4", "w5", "w6"]);
  });

  it("tells listeners only when the active word changes, with the previous one", () => {
    const { media, changes } = setup();
    for (const t of [0.1, 0.2, 0.3, 0.55, 0.7, 0.8]) {
      media.tick(t);
      vi.advanceTimersByTime(100);
    }
    expect(changes).toEqual([
      ["w1", null],
      ["w2", "w1"],
    ]);
  });

  it("follows seeks, play and pause at once", () => {
    const { media, changes } = setup();
    changes.length = 0;
    media.tick(2.1); // a time update is pending…
    media.currentTime = 2.4;
    media.emit("seeked"); // …the seek wins at once
    expect(changes).toEqual([["w5", "w1"]]);
    vi.advanceTimersByTime(100);
    expect(changes).toHaveLength(1);
    media.currentTime = 2.7;
    media.emit("play");
    media.currentTime = 0.7;
    media.emit("pause");
    expect(changes.map(([id]) => id)).toEqual(["w5", "w6", "w2"]);
  });

  it("on a word click sets the position, pauses, and highlights the clicked word", () => {
    const { media, controller, changes } = setup();
    media.paused = false;
    expect(controller.seekToWord("w4")).toBe(true);
    expect(media.currentTime).toBe(2.0);
    expect(media.pauseCalls).toBe(1);
    expect(media.paused).toBe(true);
    expect(controller.activeWordId).toBe("w4");
    expect(changes.at(-1)).toEqual(["w4", "w1"]);
  });

  it("ignores the media's own events for 300 ms after a programmatic change", () => {
    const { media, controller, changes, pauses } = setup();
    media.paused = false;
    controller.seekToWord("w4");
    // The element lands a hair before the word and reports it.
    media.currentTime = 1.9999;
    media.emit("pause");
    media.emit("seeked");
    media.emit("timeupdate");
    vi.advanceTimersByTime(299);
    media.emit("seeked");
    expect(controller.activeWordId).toBe("w4");
    expect(pauses).toEqual([]); // our own pause: no "scroll to the last word"
    vi.advanceTimersByTime(1);
    media.currentTime = 2.05;
    media.emit("seeked");
    expect(controller.activeWordId).toBe("w4");
    media.currentTime = 2.35;
    media.emit("seeked");
    expect(controller.activeWordId).toBe("w5");
    expect(changes.map(([id]) => id)).toEqual(["w1", "w4", "w5"]);
    expect(PLAYBACK_TIMINGS.syncSuppressMs).toBe(300);
  });

  it("reports a pause by the user with the last word", () => {
    const { media, pauses } = setup();
    media.paused = false;
    media.tick(2.4);
    vi.advanceTimersByTime(100);
    media.currentTime = 2.45;
    media.paused = true;
    media.emit("pause");
    expect(pauses).toEqual(["w5"]);
  });

  it("seeks to a time (the word there becomes active) and refuses unknown words", () => {
    const { media, controller } = setup();
    expect(controller.seekToWord(0.7)).toBe(true);
    expect(media.currentTime).toBe(0.7);
    expect(controller.activeWordId).toBe("w2");
    expect(controller.seekToWord("missing")).toBe(false);
    expect(controller.seekToWord(Number.NaN)).toBe(false);
    expect(media.currentTime).toBe(0.7);
  });

  it("seek keeps playing (or starts playing when asked)", () => {
    const { media, controller } = setup();
    controller.seek(2.6);
    expect(media.currentTime).toBe(2.6);
    expect(media.playCalls).toBe(0);
    expect(controller.activeWordId).toBe("w6");
    controller.seek(1.0, { play: true });
    expect(media.playCalls).toBe(1);
    expect(media.pauseCalls).toBe(0);
    controller.seek(2.0, { play: true });
    expect(media.playCalls).toBe(1); // already playing
  });

  it("re-reads the position when the words change, and drops a vanished active word", () => {
    const { media, controller, changes } = setup(0.7);
    controller.setWords([{ id: "x1", start: 0.5, end: 1.2 }]);
    expect(controller.activeWordId).toBe("x1");
    controller.detach();
    controller.setWords([{ id: "y1", start: 0, end: 1 }]);
    expect(controller.activeWordId).toBeNull();
    expect(changes.map(([id]) => id)).toEqual(["w2", "x1", null]);
    expect(media.listenerCount()).toBe(0);
  });

  it("keeps the clicked word when the words are rebuilt within the suppression window", () => {
    const { controller } = setup();
    controller.seekToWord("w3");
    controller.setWords(words.map((w) => ({ ...w })));
    expect(controller.activeWordId).toBe("w3");
  });

  it("moves to another element, and stops listening on dispose", () => {
    const { media, controller, changes } = setup();
    const other = new FakeMedia();
    other.currentTime = 2.7;
    controller.attach(other);
    expect(media.listenerCount()).toBe(0);
    expect(controller.activeWordId).toBe("w6");
    controller.dispose();
    expect(other.listenerCount()).toBe(0);
    other.tick(0.1);
    vi.advanceTimersByTime(200);
    expect(changes.map(([id]) => id)).toEqual(["w1", "w6"]);
  });

  it("an unsubscribed listener hears nothing more", () => {
    const { media, controller } = setup();
    const heard: (string | null)[] = [];
    const off = controller.onActiveWord((id) => heard.push(id));
    media.currentTime = 0.7;
    media.emit("seeked");
    off();
    media.currentTime = 2.7;
    media.emit("seeked");
    expect(heard).toEqual(["w2"]);
  });
});
