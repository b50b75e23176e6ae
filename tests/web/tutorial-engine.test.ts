// Tutorial rules (docs/product.md) with an injected clock: start
// conditions and delays, step bounds, missing targets, and what is remembered.
import { describe, expect, it } from "vitest";
import { BUSY_RETRY_MS, TutorialEngine } from "../../web/src/tutorials/engine";
import { START_DELAYS_MS, TUTORIAL_STEPS, type TutorialId } from "../../web/src/tutorials/steps";
import { FakeClock } from "./fake-clock";

function setup(present: (target: string) => boolean = () => true, isBusy?: () => boolean) {
  const clock = new FakeClock();
  const saved: { shown: TutorialId[]; skip_all: boolean }[] = [];
  const started: { id: TutorialId; whileCurrent: TutorialId | null }[] = [];
  const engine: TutorialEngine = new TutorialEngine({
    clock,
    hasTarget: present,
    isBusy,
    persist: (s) => saved.push(s),
    onStart: (id) => started.push({ id, whileCurrent: engine.getState().current }),
  });
  return { clock, engine, saved, started };
}

describe("tutorial engine", () => {
  it("waits while the person is busy (a selection, a dialog, typing), then starts; one at a time meanwhile", async () => {
    let busy = true;
    const { clock, engine } = setup(undefined, () => busy);
    engine.noFiles();
    await clock.advance(START_DELAYS_MS["empty-dashboard"] + 5 * BUSY_RETRY_MS);
    expect(engine.getState().current).toBeNull();
    // Still the one waiting: another tutorial's event does not start a second.
    engine.fileWithoutTranscriptOpened();
    busy = false;
    await clock.advance(BUSY_RETRY_MS);
    expect(engine.getState().current).toBe("empty-dashboard");
    await clock.advance(5_000);
    expect(engine.getState().current).toBe("empty-dashboard");
  });

  it("starts transcript-editing 1.5 s after utterances load, at its first step", async () => {
    const { clock, engine } = setup();
    engine.utterancesLoaded();
    await clock.advance(START_DELAYS_MS["transcript-editing"] - 1);
    expect(engine.getState().current).toBeNull();
    await clock.advance(1);
    expect(engine.getState()).toMatchObject({ current: "transcript-editing", step: 0 });
  });

  it("does not start transcript-editing while the media-player tutorial is on or waiting", async () => {
    const { clock, engine } = setup();
    engine.fileWithoutTranscriptOpened();
    engine.utterancesLoaded();
    await clock.advance(START_DELAYS_MS["media-player"]);
    expect(engine.getState().current).toBe("media-player");
    engine.utterancesLoaded();
    await clock.advance(5_000);
    expect(engine.getState().current).toBe("media-player");
  });

  it("starts transcript-tools on a scroll of the tools only once transcript-editing was shown", async () => {
    const { clock, engine } = setup();
    engine.toolsScrolled();
    await clock.advance(10);
    expect(engine.getState().current).toBeNull();
    engine.load({ shown: ["transcript-editing"], skip_all: false });
    engine.toolsScrolled();
    await clock.advance(START_DELAYS_MS["transcript-tools"]);
    expect(engine.getState().current).toBe("transcript-tools");
  });

  it("starts empty-dashboard 1 s after an empty dashboard, and not when the page changes first", async () => {
    const { clock, engine } = setup();
    engine.noFiles();
    await clock.advance(500);
    engine.cancelPending();
    await clock.advance(1_000);
    expect(engine.getState().current).toBeNull();
    engine.noFiles();
    await clock.advance(START_DELAYS_MS["empty-dashboard"]);
    expect(engine.getState().current).toBe("empty-dashboard");
  });

  it("keeps next and previous inside the steps; next past the last ends it and remembers it", async () => {
    const { clock, engine, saved } = setup();
    engine.noFiles();
    await clock.advance(1_000);
    engine.previous();
    expect(engine.getState().step).toBe(0);
    const last = TUTORIAL_STEPS["empty-dashboard"].length - 1;
    for (let i = 0; i < last; i++) engine.next();
    expect(engine.getState().step).toBe(last);
    engine.next();
    expect(engine.getState()).toMatchObject({ current: null, shown: ["empty-dashboard"] });
    expect(saved.at(-1)).toEqual({ shown: ["empty-dashboard"], skip_all: false });
    // Shown once: never again.
    engine.noFiles();
    await clock.advance(5_000);
    expect(engine.getState().current).toBeNull();
  });

  it("passes over steps whose element is missing, and waits when none is there", async () => {
    const missing = new Set(["utterance-speaker", "transcript-search"]);
    const { clock, engine } = setup((t) => !missing.has(t));
    engine.utterancesLoaded();
    await clock.advance(1_500);
    const targets = () => TUTORIAL_STEPS["transcript-editing"][engine.getState().step]!.target;
    engine.next();
    engine.next();
    expect(targets()).toBe("low-confidence");
    engine.previous();
    expect(targets()).toBe("utterance-text");

    const nothing = setup(() => false);
    nothing.engine.noFiles();
    await nothing.clock.advance(1_000);
    expect(nothing.engine.getState().current).toBeNull();
    expect(nothing.saved).toEqual([]);
  });

  it("skip ends one tutorial; skip all ends every one and is remembered; reset brings them back", async () => {
    const { clock, engine, saved } = setup();
    engine.noFiles();
    await clock.advance(1_000);
    engine.skip();
    expect(engine.getState()).toMatchObject({ current: null, shown: ["empty-dashboard"] });
    engine.fileWithoutTranscriptOpened();
    await clock.advance(1_000);
    engine.skipAll();
    expect(saved.at(-1)).toEqual({ shown: ["empty-dashboard", "media-player"], skip_all: true });
    engine.utterancesLoaded();
    await clock.advance(5_000);
    expect(engine.getState().current).toBeNull();
    engine.reset();
    expect(saved.at(-1)).toEqual({ shown: [], skip_all: false });
    engine.noFiles();
    await clock.advance(1_000);
    expect(engine.getState().current).toBe("empty-dashboard");
  });

  it("a saved skip-all ends a tutorial in progress", async () => {
    const { clock, engine } = setup();
    engine.noFiles();
    await clock.advance(1_000);
    engine.load({ shown: [], skip_all: true });
    expect(engine.getState().current).toBeNull();
  });

  it("tells the app just before a tutorial appears (so it can close an open modal), and only when one really starts", async () => {
    let present = false;
    const { clock, engine, started } = setup(() => present);
    engine.noFiles();
    await clock.advance(1_000);
    // Nothing to point at: no tutorial, so nothing to close.
    expect(started).toEqual([]);
    present = true;
    engine.noFiles();
    await clock.advance(1_000);
    expect(started).toEqual([{ id: "empty-dashboard", whileCurrent: null }]);
    expect(engine.getState().current).toBe("empty-dashboard");
    // Steps moving on are not starts.
    engine.next();
    engine.skip();
    expect(started).toHaveLength(1);
  });
});
