import { describe, expect, it } from "vitest";
import { languageName } from "../../common/languages";
import {
  fitTerms,
  mergeVocabulary,
  resolveOptions,
  type ServiceOptionSupport,
  transcriptionOptionsInputSchema,
} from "../../common/transcription-options";
import { describeSpeakerHint, draftFrom, optionsFrom } from "../../web/src/lib/options-draft";

const nova: ServiceOptionSupport = {
  languages: ["en", "de", "multi"],
  automatic_language: true,
  vocabulary: { max_terms: 3, prompt_chars: null },
  speakers: "diarize",
};
const whisper: ServiceOptionSupport = {
  languages: ["en", "de"],
  automatic_language: true,
  vocabulary: { max_terms: 100, prompt_chars: 20 },
  speakers: "none",
};
const none: ServiceOptionSupport = { languages: ["en"], automatic_language: true, vocabulary: null, speakers: "none" };

describe("resolveOptions", () => {
  it("puts the file's terms before the personal ones, drops duplicates ignoring case, and caps at the service's limit", () => {
    const r = resolveOptions(nova, "Nova", { language: "de", vocabulary: ["Alpha", "beta"], speakers: "detect" }, [
      "BETA",
      "gamma",
      "delta",
    ]);
    expect(r).toEqual({
      language: "de",
      terms: ["Alpha", "beta", "gamma"],
      diarize: true,
      notices: ["Nova takes only 3 terms; 1 term was not sent."],
    });
  });

  it("fits terms into a prompt service's characters, whole terms only", () => {
    const r = resolveOptions(whisper, "Whisper", { language: null, vocabulary: ["MoveFlow", "Kubernetes", "Acme"], speakers: "detect" });
    expect(r.terms).toEqual(["MoveFlow", "Kubernetes"]); // "MoveFlow, Kubernetes" is 20 characters
    expect(r.notices).toEqual(["Whisper takes only 2 terms; 1 term was not sent."]);
  });

  it("turns diarization off for one speaker and says when a count cannot be sent", () => {
    expect(resolveOptions(nova, "Nova", { language: null, vocabulary: [], speakers: 1 })).toMatchObject({ diarize: false, notices: [] });
    expect(resolveOptions(nova, "Nova", { language: null, vocabulary: [], speakers: { min: 1, max: 1 } }).diarize).toBe(false);
    expect(resolveOptions(nova, "Nova", { language: null, vocabulary: [], speakers: 3 }).notices).toEqual([
      "Nova finds the number of speakers itself; the hint of 3 speakers was not sent.",
    ]);
    expect(resolveOptions(whisper, "Whisper", { language: null, vocabulary: [], speakers: { min: 2, max: 5 } })).toMatchObject({
      diarize: false,
      notices: ["Whisper cannot be told about speakers; the hint of 2–5 speakers was not used."],
    });
  });

  it("does not send what the service cannot take, and says so", () => {
    const r = resolveOptions(none, "Plain", { language: "de", vocabulary: ["a", "b"], speakers: "detect" }, ["c"]);
    expect(r).toEqual({
      language: null,
      terms: [],
      diarize: false,
      notices: [
        'Plain does not support the language "de"; it detected the language itself.',
        "Plain cannot take a vocabulary; 3 terms were not sent.",
      ],
    });
  });
});

describe("vocabulary helpers", () => {
  it("merges file first and caps", () => {
    expect(mergeVocabulary(["b", "A"], ["a", "c", "d"], 3)).toEqual(["b", "A", "c"]);
  });
  it("fits whole terms only", () => {
    expect(fitTerms(["abc", "de", "fghij"], 7)).toEqual(["abc", "de"]);
    expect(fitTerms(["toolongterm"], 5)).toEqual([]);
  });
});

describe("the request schema", () => {
  it("treats auto, empty and null as automatic detection and trims terms", () => {
    expect(transcriptionOptionsInputSchema.parse({ language: "auto", vocabulary: [" X ", "x", "Y"] })).toEqual({
      language: null,
      vocabulary: ["X", "Y"],
    });
    expect(transcriptionOptionsInputSchema.parse({ language: "" }).language).toBeNull();
  });
});

describe("the options form", () => {
  it("round-trips options through the draft", () => {
    const options = { language: "de", vocabulary: ["MoveFlow", "Jane Doe"], speakers: 1 as const };
    expect(optionsFrom(draftFrom(options))).toEqual({ options, error: null });
    const kept = { language: null, vocabulary: [], speakers: { min: 2, max: 3 } };
    expect(optionsFrom(draftFrom(kept))).toEqual({ options: kept, error: null });
  });

  it("reports the schema's text for a bad term", () => {
    const draft = { ...draftFrom({ language: null, vocabulary: [], speakers: "detect" }), terms: `ok\n${"x".repeat(51)}` };
    expect(optionsFrom(draft)).toEqual({ options: null, error: "Each vocabulary term must be 50 characters or less" });
  });

  it("describes hints and languages for people", () => {
    expect([describeSpeakerHint("detect"), describeSpeakerHint(1), describeSpeakerHint({ min: 2, max: 4 })]).toEqual([
      "Detected",
      "1 speaker",
      "2–4 speakers",
    ]);
    expect([languageName("de"), languageName("multi"), languageName("german")]).toEqual(["German", "Multiple languages", "German"]);
  });
});
