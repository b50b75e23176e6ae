// The player's model behind the playback keys: skip, speed, play from a word, the backstep on
// resume and pause-while-typing, with an injected clock and media.
import { describe, expect, it } from "vitest";
import { type MediaEventType, type MediaLike, PlaybackController } from "../../web/src/editor/model/playback-controller";
import { FakeClock, settle } from "./fake-clock";

/** A media element that reports play and pause as the browser does (an event after the call). */
class Media implements MediaLike {
  currentTime = 0;
  paused = true;
  playbackRate = 1;
  duration = 60;
  playCalls = 0;
  refuse: Error | null = null;
  private readonly listeners = new Map<string, Set<() => void>>();
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.emit("pause");
  }
  play() {
    this.playCalls++;
    if (this.refuse) return Promise.reject(this.refuse);
    this.paused = false;
    this.emit("play");
    return Promise.resolve();
  }
  addEventListener(type: MediaEventType, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: MediaEventType, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  emit(type: MediaEventType) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener();
  }
}

function setup(settings: Partial<PlaybackController["settings"]> = {}) {
  const clock = new FakeClock();
  const controller = new PlaybackController({ clock });
  controller.settings = { ...controller.settings, ...settings };
  const media = new Media();
  controller.attach(media);
  controller.setWords([
    { id: "w1", start: 1, end: 2 },
    { id: "w2", start: 12.5, end: 13 },
  ]);
  return { clock, controller, media };
}

describe("playback keys", () => {
  it("skip within the media, keeping playing or paused", () => {
    const { controller, media } = setup();
    media.currentTime = 3;
    controller.skip(-5);
    expect(media.currentTime).toBe(0);
    controller.skip(5);
    expect(media.currentTime).toBe(5);
    media.currentTime = 58;
    controller.skip(5);
    expect(media.currentTime).toBe(60);
    expect(media.paused).toBe(true);
  });

  it("step through the speeds 0.5 to 2 and stop at the ends", () => {
    const { controller, media } = setup();
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      controller.stepSpeed(1);
      seen.push(media.playbackRate);
    }
    expect(seen).toEqual([1.25, 1.5, 2, 2, 2]);
    for (let i = 0; i < 6; i++) controller.stepSpeed(-1);
    expect(media.playbackRate).toBe(0.5);
    // A speed between two steps goes to the next one in that direction.
    media.playbackRate = 1.1;
    controller.stepSpeed(-1);
    expect(media.playbackRate).toBe(1);
  });

  it("play from a word's start and report the word to move the caret to", async () => {
    const { controller, media } = setup();
    expect(controller.playFromWord("w2")).toBe(true);
    expect(media.currentTime).toBe(12.5);
    expect(media.paused).toBe(false);
    expect(controller.playFromWord("nope")).toBe(false);
    const asked: string[] = [];
    controller.onGoToWord((id) => asked.push(id));
    expect(controller.goToPlayingWord()).toBe(true);
    expect(asked).toEqual(["w2"]);
    await settle();
  });

  it("report a refused play, but not an interrupted one", async () => {
    const { controller, media } = setup();
    const errors: unknown[] = [];
    controller.onPlayError((e) => errors.push(e));
    media.refuse = Object.assign(new Error("interrupted"), { name: "AbortError" });
    controller.togglePlay();
    await settle();
    expect(errors).toEqual([]);
    media.refuse = Object.assign(new Error("no"), { name: "NotAllowedError" });
    controller.togglePlay();
    await settle();
    expect(errors).toHaveLength(1);
  });
});

describe("backstep on resume", () => {
  it("resumes where it paused a second earlier", () => {
    const { controller, media } = setup();
    controller.togglePlay();
    media.currentTime = 20;
    controller.togglePlay();
    expect(media.paused).toBe(true);
    controller.togglePlay();
    expect(media.currentTime).toBe(19);
    expect(media.paused).toBe(false);
  });

  it("follows the preference, 0 turning it off, and never goes before the start", () => {
    const off = setup({ backstepSeconds: 0 });
    off.controller.togglePlay();
    off.media.currentTime = 20;
    off.controller.togglePlay();
    off.controller.togglePlay();
    expect(off.media.currentTime).toBe(20);
    const three = setup({ backstepSeconds: 3 });
    three.controller.togglePlay();
    three.media.currentTime = 2;
    three.controller.togglePlay();
    three.controller.togglePlay();
    expect(three.media.currentTime).toBe(0);
  });

  it("does not step back after the position moved while paused (a skip, a word click)", () => {
    const { controller, media } = setup();
    controller.togglePlay();
    media.currentTime = 20;
    controller.togglePlay();
    controller.skip(-5);
    controller.togglePlay();
    expect(media.currentTime).toBe(15);
    controller.seekToWord("w1");
    controller.togglePlay();
    expect(media.currentTime).toBe(1);
  });
});

describe("pause while typing", () => {
  it("is off by default: typing leaves playback alone", () => {
    const { controller, media } = setup();
    controller.togglePlay();
    controller.noteTyping();
    expect(media.paused).toBe(false);
  });

  it("pauses on the first keystroke and resumes with the backstep after the quiet time", async () => {
    const { clock, controller, media } = setup({ pauseWhileTyping: true, typingResumeMs: 1000 });
    controller.togglePlay();
    media.currentTime = 30;
    controller.noteTyping();
    expect(media.paused).toBe(true);
    await clock.advance(900);
    controller.noteTyping();
    await clock.advance(900);
    expect(media.paused).toBe(true);
    await clock.advance(100);
    expect(media.paused).toBe(false);
    expect(media.currentTime).toBe(29);
  });

  it("does not start playback that was paused before typing, and a manual pause cancels the resume", async () => {
    const { clock, controller, media } = setup({ pauseWhileTyping: true, typingResumeMs: 1000 });
    controller.noteTyping();
    await clock.advance(2000);
    expect(media.paused).toBe(true);
    expect(media.playCalls).toBe(0);
    controller.togglePlay();
    controller.noteTyping();
    expect(media.paused).toBe(true);
    // Play and pause again by key while the quiet time runs: the user's pause wins.
    controller.togglePlay();
    controller.togglePlay();
    await clock.advance(2000);
    expect(media.paused).toBe(true);
  });
});
