import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultSpeakerName, nextSpeakerPosition, speakerShares } from "../../core/speaker-stats";

describe("speakers' shares and the next speaker's name", () => {
  it("counts utterances and speaking time, to one decimal", () => {
    const share = speakerShares([
      { speakerId: "a", startTime: 0, endTime: 2 },
      { speakerId: "b", startTime: 2, endTime: 3 },
      { speakerId: "a", startTime: 3, endTime: 3 },
    ]);
    expect(share("a")).toEqual({ utteranceCount: 2, speakingPercentage: 66.7 });
    expect(share("b")).toEqual({ utteranceCount: 1, speakingPercentage: 33.3 });
    expect(share("nobody")).toEqual({ utteranceCount: 0, speakingPercentage: 0 });
  });

  it("a new speaker comes after the last one even when one between was deleted", () => {
    expect(defaultSpeakerName({ position: nextSpeakerPosition([{ position: 0 }, { position: 2 }]) })).toBe("Speaker 4");
    expect(defaultSpeakerName({ position: nextSpeakerPosition([]) })).toBe("Speaker 1");
  });

  it("shares never go below zero and add up to about 100 when anyone spoke", () => {
    const span = fc.record({ speakerId: fc.constantFrom("a", "b", "c"), startTime: fc.nat(1000), endTime: fc.nat(1000) });
    fc.assert(
      fc.property(fc.array(span, { minLength: 1, maxLength: 30 }), (spans) => {
        const share = speakerShares(spans);
        const all = ["a", "b", "c"].map((id) => share(id).speakingPercentage);
        for (const p of all) expect(p).toBeGreaterThanOrEqual(0);
        const sum = all.reduce((x, y) => x + y, 0);
        // A speaker's time is the sum of their spans; one whose sum is not positive has no share.
        const spoke = ["a", "b", "c"].some(
          (id) => spans.filter((s) => s.speakerId === id).reduce((t, s) => t + s.endTime - s.startTime, 0) > 0,
        );
        if (spoke) expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.2);
        else expect(sum).toBe(0);
      }),
    );
  });
});
