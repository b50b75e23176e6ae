// How a transcript is cut for the language model: parts within the limit, at
// utterance boundaries, nothing lost or reordered; answers cleaned of wrappers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkLines, cleanAnswer } from "../../worker/summaries/summarize";

describe("summary chunks", () => {
  it("keep every line in order, within the limit, splitting only a line longer than it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ speaker: fc.constantFrom("Ana", "Speaker 2"), text: fc.string({ minLength: 1, maxLength: 300 }) }), {
          maxLength: 60,
        }),
        fc.integer({ min: 50, max: 400 }),
        (lines, max) => {
          const chunks = chunkLines(lines, max);
          for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(max);
          const whole = lines.map((l) => `${l.speaker}: ${l.text}`);
          // Rejoined, the parts give back the lines (long ones were cut in place).
          expect(chunks.join("\n").replace(/\n/g, "")).toBe(whole.join("").replace(/\n/g, ""));
          const short = whole.filter((l) => l.length <= max && !l.includes("\n"));
          for (const line of short) expect(chunks.some((c) => c.split("\n").includes(line))).toBe(true);
        },
      ),
    );
  });

  it("cleans what models wrap around an answer", () => {
    expect(cleanAnswer("Here is the summary:\n- One\n- Two", "bullets")).toBe("- One\n- Two");
    expect(cleanAnswer('"Budget approved"', "headline")).toBe("Budget approved");
    expect(cleanAnswer("```\nSummary: It went well.\n```", "paragraph")).toBe("It went well.");
  });
});
