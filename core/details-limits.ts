// Speakers, summary and notes of a transcript (docs/api.md and docs/product.md): what they may
// hold and the texts the plans, the request schemas (common/transcript-details.ts) and the SPA show.
import { BIDI_MESSAGE, NAME_MESSAGES } from "./plain-text";

export const DETAILS_LIMITS = { nameMax: 255, roleMax: 255, summaryMax: 20_000, notesMax: 50_000, speakersMax: 200 } as const;

export const DETAILS_MESSAGES = {
  speakerNameRequired: "Speaker name is required",
  speakerNameTooLong: `Speaker name must be ${DETAILS_LIMITS.nameMax} characters or less`,
  speakerRoleTooLong: `Role must be ${DETAILS_LIMITS.roleMax} characters or less`,
  bidiControl: BIDI_MESSAGE,
  lineBreak: NAME_MESSAGES.lineBreak,
  controlCharacter: NAME_MESSAGES.control,
  tooManySpeakers: `A transcript holds at most ${DETAILS_LIMITS.speakersMax} speakers`,
  speakerHasUtterances: "Cannot delete speaker: speaker has utterances",
  speakerNotFound: "Speaker not found",
  summaryTooLong: `Summary must be ${DETAILS_LIMITS.summaryMax.toLocaleString("en-US")} characters or less`,
  notesTooLong: `Notes must be ${DETAILS_LIMITS.notesMax.toLocaleString("en-US")} characters or less`,
  fieldsEmpty: "Send transcript.summary or transcript.notes",
  speakerCreated: (label: string) => `Speaker ${label} created successfully!`,
  speakerCreateFailed: "Failed to create speaker. Please try again.",
  speakerDeleted: (label: string) => `Speaker ${label} deleted successfully`,
  speakerDeleteFailed: "Failed to delete speaker. Please try again.",
} as const;
