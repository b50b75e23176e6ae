// Toast timing: errors stay until closed; a countdown pauses while the toast is hovered or focused.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LIMITS } from "../../common/limits";
import { dismissToast, holdToast, releaseToast, setToastClock, toast, toastState } from "../../web/src/lib/toasts";
import { FakeClock } from "./fake-clock";

let clock: FakeClock;
const shown = () => toastState.toasts.map((t) => t.message);

beforeEach(() => {
  clock = new FakeClock();
  setToastClock(clock);
  toastState.toasts = [];
});
afterEach(() => {
  toastState.toasts = [];
});

describe("toasts", () => {
  it("an info or success toast leaves after the default duration and its fade", async () => {
    toast("Moved a.wav to Interviews", "success");
    await clock.advance(LIMITS.toastDurationMs - 1);
    expect(shown()).toEqual(["Moved a.wav to Interviews"]);
    await clock.advance(1 + LIMITS.toastFadeMs);
    expect(shown()).toEqual([]);
  });

  it("an error toast stays until closed, unless a duration is given", async () => {
    const id = toast("Failed to move file: gone", "error");
    toast("Timed error", "error", { duration: 1_000 });
    await clock.advance(60_000);
    expect(shown()).toEqual(["Failed to move file: gone"]);
    dismissToast(id);
    await clock.advance(LIMITS.toastFadeMs);
    expect(shown()).toEqual([]);
  });

  it("hover and focus each pause the countdown; the time left runs once neither holds it", async () => {
    const id = toast("Deleted a.wav", "success");
    await clock.advance(1_000);
    holdToast(id, "hover");
    await clock.advance(10_000);
    holdToast(id, "focus");
    releaseToast(id, "hover");
    await clock.advance(10_000);
    expect(shown()).toEqual(["Deleted a.wav"]);
    releaseToast(id, "focus");
    await clock.advance(LIMITS.toastDurationMs - 1_000 - 1);
    expect(toastState.toasts[0]?.leaving).toBe(false);
    await clock.advance(1);
    expect(toastState.toasts[0]?.leaving).toBe(true);
    await clock.advance(LIMITS.toastFadeMs);
    expect(shown()).toEqual([]);
  });

  it("holding a toast that stays until closed, or one already gone, changes nothing", async () => {
    const id = toast("Export ready", "info", { duration: null });
    holdToast(id, "hover");
    releaseToast(id, "hover");
    holdToast(999, "focus");
    releaseToast(999, "focus");
    await clock.advance(60_000);
    expect(shown()).toEqual(["Export ready"]);
    expect(clock.pendingTimers).toBe(0);
  });
});
