// The transcription options form's state (strings, as typed) and its conversion to
// and from the API's options, checked with the shared schema.
import {
  type SpeakerHint,
  type TranscriptionOptions,
  type TranscriptionOptionsInput,
  transcriptionOptionsInputSchema,
} from "../../../common/transcription-options";

export interface OptionsDraft {
  /** "" = detect automatically. */
  language: string;
  /** One term per line. */
  terms: string;
  speakers: "detect" | "one" | "other";
  /** A hint the form cannot show (a count set elsewhere), kept as it was. */
  otherSpeakers: SpeakerHint | null;
}

export function draftFrom(options: TranscriptionOptions): OptionsDraft {
  const s = options.speakers;
  const one = s === 1 || (typeof s === "object" && s.min === 1 && s.max === 1);
  return {
    language: options.language ?? "",
    terms: options.vocabulary.join("\n"),
    speakers: s === "detect" ? "detect" : one ? "one" : "other",
    otherSpeakers: s === "detect" || one ? null : s,
  };
}

export const splitTerms = (text: string) =>
  text
    .split(/\r?\n/)
    .map((t) => t.trim())
    .filter(Boolean);

/** The draft as API options, or the first validation text. */
export function optionsFrom(draft: OptionsDraft): { options: TranscriptionOptions; error: null } | { options: null; error: string } {
  const speakers: SpeakerHint =
    draft.speakers === "one" ? 1 : draft.speakers === "other" && draft.otherSpeakers ? draft.otherSpeakers : "detect";
  const input: TranscriptionOptionsInput = { language: draft.language || null, vocabulary: splitTerms(draft.terms), speakers };
  const parsed = transcriptionOptionsInputSchema.safeParse(input);
  if (!parsed.success) return { options: null, error: parsed.error.issues[0]?.message ?? "Invalid options" };
  return {
    options: {
      language: parsed.data.language ?? null,
      vocabulary: parsed.data.vocabulary ?? [],
      speakers: parsed.data.speakers ?? "detect",
    },
    error: null,
  };
}

/** "Detect", "1 speaker", "2 speakers", "2–4 speakers". */
export function describeSpeakerHint(s: SpeakerHint): string {
  if (s === "detect") return "Detected";
  if (typeof s === "number") return s === 1 ? "1 speaker" : `${s} speakers`;
  return s.min === s.max ? describeSpeakerHint(s.min) : `${s.min}–${s.max} speakers`;
}
