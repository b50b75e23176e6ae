// What screen readers are told: playback keys say what they did, the status key says the time and the save status.
import { describe, expect, it, vi } from "vitest";
import { dispatch, type PlayerModel, type PlayerStatus } from "../../web/src/commands/commands";
import { announcerState, describeStatus, playbackStatus, provideStatus } from "../../web/src/lib/announcer";
import { key } from "./keys";

const altKey = (letter: string) => ({
  ...key(letter, { code: letter === "," ? "Comma" : `Key${letter.toUpperCase()}`, altKey: true }),
  preventDefault: vi.fn(),
});

function fakePlayer(status: PlayerStatus) {
  return {
    togglePlay: vi.fn(() => {
      status.paused = !status.paused;
    }),
    skip: vi.fn(),
    stepSpeed: vi.fn((d: 1 | -1) => {
      status.rate = d > 0 ? 1.25 : 0.75;
    }),
    playFromWord: vi.fn(() => true),
    goToPlayingWord: vi.fn(() => true),
    status: () => ({ ...status }),
  } satisfies PlayerModel;
}

describe("announcements", () => {
  it("the status joins the player's and the save queue's parts", () => {
    const offSave = provideStatus("save", () => "Saved");
    expect(describeStatus()).toBe("Saved.");
    const off = provideStatus("player", () => playbackStatus({ paused: true, current: 83.6, duration: 600, rate: 1 }));
    expect(describeStatus()).toBe("Paused at 1:23 of 10:00. Saved.");
    off();
    offSave();
    expect(describeStatus()).toBe("No media and no transcript open.");
    expect(playbackStatus({ paused: false, current: 5, duration: null, rate: 1.25 })).toBe("Playing at 0:05, speed 1.25×");
  });

  it("play/pause and speed keys say what they did, once per key; the same words twice still count as news", () => {
    const player = fakePlayer({ paused: true, current: 62, duration: 600, rate: 1 });
    const start = announcerState.count;
    dispatch("utterance", altKey("k"), { player, mac: false });
    expect(announcerState.message).toBe("Playing");
    dispatch("utterance", altKey("k"), { player, mac: false });
    expect(announcerState.message).toBe("Paused at 1:02");
    dispatch("search", altKey(","), { player, mac: false });
    expect(announcerState.message).toBe("Speed 0.75×");
    dispatch("search", altKey(","), { player, mac: false });
    expect(announcerState.count - start).toBe(4);
  });

  it("Alt+A says the time and the save status on demand, while typing and on the page", () => {
    const player = fakePlayer({ paused: false, current: 5, duration: 60, rate: 1 });
    const offPlayer = provideStatus("player", () => {
      const s = player.status();
      return playbackStatus(s);
    });
    const offSave = provideStatus("save", () => "Saving (2)");
    for (const scope of ["utterance", "search", "page", "player"] as const) {
      announcerState.message = "";
      expect(dispatch(scope, altKey("a"), { player, mac: false })).toBe("sayStatus");
      expect(announcerState.message).toBe("Playing at 0:05 of 1:00. Saving (2).");
    }
    // Without a player (a page with no media) the key still says the save status.
    expect(dispatch("page", altKey("a"), { mac: false })).toBe("sayStatus");
    offPlayer();
    offSave();
  });
});
