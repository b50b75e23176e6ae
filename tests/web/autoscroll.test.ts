import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTOSCROLL_TIMINGS, Autoscroll } from "../../web/src/editor/model/autoscroll";

describe("autoscroll", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("follows the playing word until the user interacts", () => {
    const autoscroll = new Autoscroll();
    expect(autoscroll.shouldFollow()).toBe(true);
    expect(autoscroll.pausedFor()).toBe(0);
    autoscroll.noteUserInteraction();
    expect(autoscroll.shouldFollow()).toBe(false);
  });

  it("resumes 10 s after the last interaction", () => {
    const autoscroll = new Autoscroll();
    autoscroll.noteUserInteraction();
    vi.advanceTimersByTime(6_000);
    autoscroll.noteUserInteraction(); // the pause starts again
    vi.advanceTimersByTime(9_999);
    expect(autoscroll.shouldFollow()).toBe(false);
    expect(autoscroll.pausedFor()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(autoscroll.shouldFollow()).toBe(true);
    expect(AUTOSCROLL_TIMINGS.pauseAfterInteractionMs).toBe(10_000);
  });

  it("counts a scroll by the user as an interaction", () => {
    const autoscroll = new Autoscroll();
    expect(autoscroll.noteScroll()).toBe(true);
    expect(autoscroll.shouldFollow()).toBe(false);
  });

  it("does not count the scroll event of its own scrollIntoView", () => {
    const autoscroll = new Autoscroll();
    autoscroll.noteProgrammaticScroll();
    vi.advanceTimersByTime(16);
    expect(autoscroll.noteScroll()).toBe(false);
    expect(autoscroll.shouldFollow()).toBe(true);
  });

  it("absorbs the stream of events of a smooth scroll of its own, but not beyond 1 s", () => {
    const autoscroll = new Autoscroll();
    autoscroll.noteProgrammaticScroll();
    for (let t = 0; t < 600; t += 16) {
      vi.advanceTimersByTime(16);
      expect(autoscroll.noteScroll()).toBe(false);
    }
    expect(autoscroll.shouldFollow()).toBe(true);
    // A scroll well after ours ended is the user's.
    vi.advanceTimersByTime(AUTOSCROLL_TIMINGS.programmaticScrollGraceMs + 1);
    expect(autoscroll.noteScroll()).toBe(true);
    expect(autoscroll.shouldFollow()).toBe(false);

    const endless = new Autoscroll();
    endless.noteProgrammaticScroll();
    let counted = false;
    for (let t = 0; t < 1_200 && !counted; t += 100) {
      vi.advanceTimersByTime(100);
      counted = endless.noteScroll();
    }
    expect(counted).toBe(true);
  });

  it("counts a scroll 150 ms after its own as the user's", () => {
    const autoscroll = new Autoscroll();
    autoscroll.noteProgrammaticScroll();
    vi.advanceTimersByTime(151);
    expect(autoscroll.noteScroll()).toBe(true);
  });

  it("a programmatic scroll does not end a pause", () => {
    const autoscroll = new Autoscroll();
    autoscroll.noteUserInteraction();
    autoscroll.noteProgrammaticScroll();
    autoscroll.noteScroll();
    expect(autoscroll.shouldFollow()).toBe(false);
  });

  it("tells when a pause ends by itself, once, and can be resumed at once", () => {
    const resumed: number[] = [];
    const autoscroll = new Autoscroll({ onResume: () => resumed.push(Date.now()) });
    autoscroll.noteUserInteraction();
    vi.advanceTimersByTime(5_000);
    autoscroll.noteUserInteraction();
    vi.advanceTimersByTime(10_000);
    expect(resumed).toEqual([new Date("2026-01-01T00:00:15Z").getTime()]);
    autoscroll.noteUserInteraction();
    autoscroll.resume();
    expect(autoscroll.shouldFollow()).toBe(true);
    vi.advanceTimersByTime(20_000);
    expect(resumed).toHaveLength(1);
    autoscroll.noteUserInteraction();
    autoscroll.dispose();
    vi.advanceTimersByTime(20_000);
    expect(resumed).toHaveLength(1);
  });

  it("takes an injected clock", () => {
    let now = 0;
    const autoscroll = new Autoscroll({ clock: { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined } });
    autoscroll.noteUserInteraction();
    now = 9_999;
    expect(autoscroll.shouldFollow()).toBe(false);
    now = 10_000;
    expect(autoscroll.shouldFollow()).toBe(true);
  });
});
