import { describe, expect, it } from "vitest";
import { formatTimestamp } from "../../core/timestamps";
import type { SpeakerDto } from "../../core/transcript";
import {
  formatAccuracy,
  formatShare,
  speakerColorIndex,
  speakerLookup,
  transcriptDetails,
  wordConfidence,
} from "../../web/src/editor/view/display";

const speaker = (id: string): SpeakerDto => ({
  id,
  originalLabel: id,
  name: null,
  role: null,
  displayName: `Speaker ${id}`,
  position: 0,
  utteranceCount: 1,
  speakingPercentage: 50,
});

describe("transcript model", () => {
  it("classifies word confidence at the 0.8 threshold, 0 being inaudible", () => {
    expect(wordConfidence({ confidenceScore: 0.95 })).toBe("normal");
    expect(wordConfidence({ confidenceScore: 0.8 })).toBe("normal");
    expect(wordConfidence({ confidenceScore: 0.79 })).toBe("low");
    expect(wordConfidence({ confidenceScore: 0 })).toBe("inaudible");
  });

  it("colours speakers by their index in a palette of 8", () => {
    const lookup = speakerLookup(["a", "b", "c", "d", "e", "f", "g", "h", "i"].map(speaker));
    expect(lookup.get("a")?.index).toBe(0);
    expect(speakerColorIndex(lookup.get("c")!.index)).toBe(2);
    expect(speakerColorIndex(lookup.get("i")!.index)).toBe(0);
    expect(lookup.get("zz")).toBeUndefined();
    expect(speakerColorIndex(-1)).toBe(-1);
  });

  it("formats utterance times as m:ss, rounded down", () => {
    expect(formatTimestamp(0)).toBe("0:00");
    expect(formatTimestamp(5.9)).toBe("0:05");
    expect(formatTimestamp(65.2)).toBe("1:05");
    expect(formatTimestamp(3725)).toBe("1:02:05");
    expect(formatTimestamp(Number.NaN)).toBe("0:00");
  });

  it("shows the details of the tools sidebar", () => {
    expect(transcriptDetails({ duration: 125.6, accuracyPercentage: 91.27, speakerCount: 2, wordCount: 12345 })).toEqual({
      duration: "2:06",
      accuracy: "91.3%",
      speakers: "2",
      words: "12,345",
    });
    expect(transcriptDetails({ duration: 3661, accuracyPercentage: 100, speakerCount: 1, wordCount: 3 }).duration).toBe("1:01:01");
    expect(formatAccuracy(0)).toBe("0.0%");
    expect(formatShare(33.333)).toBe("33.3%");
    expect(formatShare(50)).toBe("50%");
  });
});
