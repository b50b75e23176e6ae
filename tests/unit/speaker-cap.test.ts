// At most 200 speakers a transcript, for every recognition: ingest keeps the first labels and
// folds the rest into the last one kept; a re-transcription adds speakers only while the ones
// that stay leave room; creating one past the cap is refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DETAILS_LIMITS, DETAILS_MESSAGES } from "../../core/details-limits";
import { planSpeakerCreate } from "../../core/details-plans";
import { Refusal } from "../../core/refusal";
import { matchSpeakers } from "../../core/retranscribe-merge";
import { capLabels } from "../../core/speaker-cap";

describe("a recognition's labels", () => {
  it("are kept up to the cap, the rest folded into the last one kept", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ maxLength: 4 }), { maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (labels, max) => {
        const { kept, keptLabel } = capLabels(labels, max);
        expect(kept).toEqual(labels.slice(0, max));
        for (const label of labels) expect(kept).toContain(keptLabel(label));
        for (const label of labels.slice(max)) expect(keptLabel(label)).toBe(kept.at(-1));
      }),
    );
  });
});

describe("a re-transcription's speakers", () => {
  const oldSpeakers = fc.uniqueArray(fc.record({ label: fc.constantFrom("A", "B", "C", "D", "E", "F"), stays: fc.boolean() }), {
    selector: (s) => s.label,
    maxLength: 6,
  });
  const fresh = fc.uniqueArray(fc.constantFrom("A", "B", "C", "D", "E", "F", "G", "H", "I", "J"), { maxLength: 10 });

  it("stay within the cap: those that stay, those matched and those added; every new label goes to one of them", () => {
    fc.assert(
      fc.property(oldSpeakers, fresh, fc.integer({ min: 1, max: 8 }), (old, labels, max) => {
        const staying = old.filter((s) => s.stays);
        const olds = old.map((s, position) => ({ id: `old-${s.label}`, originalLabel: s.label, position, stays: s.stays }));
        const news = labels.map((label) => ({ id: `new-${label}`, label }));
        const { idFor, added } = matchSpeakers(olds, news, max);
        const kept = new Set([...staying.map((s) => `old-${s.label}`), ...[...idFor.values()].filter((id) => id.startsWith("old-"))]);
        // Added only while there is room; a transcript within the cap stays within it.
        expect(added.length).toBeLessThanOrEqual(Math.max(0, max - kept.size));
        if (old.length <= max) expect(kept.size + added.length).toBeLessThanOrEqual(max);
        const known = new Set([...olds.map((s) => s.id), ...added.map((s) => s.id)]);
        for (const s of news) expect(known).toContain(idFor.get(s.id));
        // A label the transcript has is still that speaker.
        for (const s of news) if (olds.some((o) => o.originalLabel === s.label)) expect(idFor.get(s.id)).toBe(`old-${s.label}`);
      }),
      { numRuns: 500 },
    );
  });
});

describe("creating a speaker", () => {
  it(`is refused (422) once the transcript has ${DETAILS_LIMITS.speakersMax}`, () => {
    const rows = Array.from({ length: DETAILS_LIMITS.speakersMax }, (_, position) => ({
      id: `s${position}`,
      originalLabel: `${position}`,
      name: null,
      role: null,
      position,
    }));
    expect(planSpeakerCreate(rows.slice(1), "new", { role: null }).created.position).toBe(DETAILS_LIMITS.speakersMax);
    expect(() => planSpeakerCreate(rows, "new", { role: null })).toThrow(Refusal);
    expect(() => planSpeakerCreate(rows, "new", { role: null })).toThrow(DETAILS_MESSAGES.tooManySpeakers);
  });
});
