import { describe, expect, it } from "vitest";
import type { PublicUser } from "../../common/auth";
import { DEFAULT_PREFERENCES } from "../../common/preferences";
import { bootstrapAuth, startupAction, type ValidationResult } from "../../web/src/auth/bootstrap";

const user: PublicUser = {
  id: "u1",
  email: "a@example.com",
  full_name: "A",
  created_at: "2026-01-01T00:00:00.000Z",
  email_confirmed: true,
  preferences: DEFAULT_PREFERENCES,
};

/** A manual clock: waits resolve only when the test advances time. */
function manualClock() {
  let now = 0;
  const timers: { at: number; resolve: () => void }[] = [];
  return {
    wait: (ms: number) => new Promise<void>((resolve) => timers.push({ at: now + ms, resolve })),
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((t) => t.at <= now)) t.resolve();
    },
  };
}

async function settled<T>(promise: Promise<T>): Promise<{ done: boolean; value?: T }> {
  const state: { done: boolean; value?: T } = { done: false };
  void promise.then((value) => Object.assign(state, { done: true, value }));
  await new Promise((r) => setTimeout(r, 0));
  return state;
}

describe("authentication at start-up", () => {
  it("keeps the splash for the minimum time even when validation is instant", async () => {
    const clock = manualClock();
    const result = bootstrapAuth({
      hasCredentials: true,
      validate: async (): Promise<ValidationResult> => ({ kind: "valid", user }),
      wait: clock.wait,
      minSplashMs: 1500,
    });
    clock.advance(1499);
    expect((await settled(result)).done).toBe(false);
    clock.advance(1);
    expect(await result).toEqual({ kind: "valid", user });
  });

  it("does not call validate without stored credentials", async () => {
    const clock = manualClock();
    let called = false;
    const result = bootstrapAuth({
      hasCredentials: false,
      validate: async () => {
        called = true;
        return { kind: "invalid" };
      },
      wait: clock.wait,
      minSplashMs: 1500,
    });
    clock.advance(1500);
    expect(await result).toEqual({ kind: "none" });
    expect(called).toBe(false);
  });

  it("treats a thrown validation as unreachable, not as signed out", async () => {
    const clock = manualClock();
    const result = bootstrapAuth({
      hasCredentials: true,
      validate: () => Promise.reject(new Error("Network Error")),
      wait: clock.wait,
      minSplashMs: 1500,
    });
    clock.advance(1500);
    expect(await result).toEqual({ kind: "unreachable" });
  });
});

describe("the start-up check never overwrites a newer session", () => {
  it("a sign-in that happened while the check ran stands, whatever the check found", async () => {
    const clock = manualClock();
    // No stored session: the check has nothing to validate but still holds the splash.
    const pending = bootstrapAuth({
      hasCredentials: false,
      validate: async () => ({ kind: "invalid" }),
      wait: clock.wait,
      minSplashMs: 1500,
    });
    // The user signs in (autofill) before the splash ends.
    const tokenAtStart = null;
    const tokenNow = "fresh-token";
    await clock.advance(1500);
    const result = await pending;
    expect(result).toEqual({ kind: "none" });
    expect(startupAction(result, tokenAtStart, tokenNow)).toBe("keep");
    expect(startupAction({ kind: "invalid" }, "old", "fresh-token")).toBe("keep");
    expect(startupAction({ kind: "valid", user }, "old", null)).toBe("keep");
  });

  it("otherwise applies what it found for the session it checked", () => {
    expect(startupAction({ kind: "none" }, null, null)).toBe("sign-out");
    expect(startupAction({ kind: "invalid" }, "t", "t")).toBe("sign-out");
    expect(startupAction({ kind: "valid", user }, "t", "t")).toBe("sign-in");
    expect(startupAction({ kind: "unreachable" }, "t", "t")).toBe("trust-stored");
  });
});
