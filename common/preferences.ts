import * as z from "zod";
import { DEFAULT_OPTIONS, personalVocabularySchema, storedOptionsSchema, transcriptionOptionsInputSchema } from "./transcription-options";

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const TUTORIAL_IDS = ["transcript-editing", "transcript-tools", "media-player", "empty-dashboard"] as const;

/** Limits of the playback preferences (docs/product.md#tutorials-and-shortcuts). */
export const PLAYBACK_LIMITS = {
  skipSeconds: { min: 1, max: 60 },
  backstepSeconds: { min: 0, max: 10 },
  typingResumeMs: { min: 300, max: 10_000 },
} as const;

const playbackFields = {
  /** Seconds the back and forward keys move. */
  skip_seconds: z.number().min(PLAYBACK_LIMITS.skipSeconds.min).max(PLAYBACK_LIMITS.skipSeconds.max),
  /** Seconds playback starts earlier when it resumes where it paused; 0 is off. */
  backstep_seconds: z.number().min(PLAYBACK_LIMITS.backstepSeconds.min).max(PLAYBACK_LIMITS.backstepSeconds.max),
  pause_while_typing: z.boolean(),
  /** Quiet time after the last keystroke before playback paused by typing resumes. */
  typing_resume_ms: z.number().int().min(PLAYBACK_LIMITS.typingResumeMs.min).max(PLAYBACK_LIMITS.typingResumeMs.max),
};
/** When a finished transcription is e-mailed (only ever with no tab of the app open). */
export const EMAIL_WHEN_DONE = ["always", "long_files_only", "never"] as const;
export type EmailWhenDone = (typeof EMAIL_WHEN_DONE)[number];
/** "long_files_only": recordings longer than this. */
export const LONG_FILE_SECONDS = 600;
const NOTIFICATION_DEFAULTS = { email_when_done: "long_files_only" as EmailWhenDone, email_mentions: true };

const PLAYBACK_DEFAULTS = { skip_seconds: 5, backstep_seconds: 1, pause_while_typing: false, typing_resume_ms: 1500 };

/** The full preferences object (docs/api.md) with its defaults. */
export const preferencesSchema = z.object({
  sidebar: z
    .object({ files_collapsed: z.boolean().default(false), tools_collapsed: z.boolean().default(false) })
    .default({ files_collapsed: false, tools_collapsed: false }),
  theme: z.enum(THEMES).default("light"),
  tutorials: z
    .object({ shown: z.array(z.enum(TUTORIAL_IDS)).default([]), skip_all: z.boolean().default(false) })
    .default({ shown: [], skip_all: false }),
  transcription_service: z.string().max(100).nullable().default(null),
  transcript: z.object({ utterance_meta_column: z.boolean().default(false) }).default({ utterance_meta_column: false }),
  playback: z
    .object({
      skip_seconds: playbackFields.skip_seconds.default(PLAYBACK_DEFAULTS.skip_seconds),
      backstep_seconds: playbackFields.backstep_seconds.default(PLAYBACK_DEFAULTS.backstep_seconds),
      pause_while_typing: playbackFields.pause_while_typing.default(PLAYBACK_DEFAULTS.pause_while_typing),
      typing_resume_ms: playbackFields.typing_resume_ms.default(PLAYBACK_DEFAULTS.typing_resume_ms),
    })
    .default(PLAYBACK_DEFAULTS),
  notifications: z
    .object({
      email_when_done: z.enum(EMAIL_WHEN_DONE).default(NOTIFICATION_DEFAULTS.email_when_done),
      /** E-mail when someone mentions me in a comment or replies in a thread I am in. */
      email_mentions: z.boolean().default(NOTIFICATION_DEFAULTS.email_mentions),
    })
    .default(NOTIFICATION_DEFAULTS),
  /** The personal vocabulary (sent with every file) and the options new uploads start from. */
  transcription: z
    .object({ vocabulary: personalVocabularySchema.default([]), defaults: storedOptionsSchema.default(DEFAULT_OPTIONS) })
    .default({ vocabulary: [], defaults: DEFAULT_OPTIONS }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});

/** Reads stored preferences leniently: unknown or broken values fall back to defaults. */
export function normalizePreferences(raw: unknown): Preferences {
  const parsed = preferencesSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}

/** PUT /preferences body: any subset of the preferences, unknown keys refused. */
export const preferencesPatchSchema = z.object({
  preferences: z
    .object({
      sidebar: z.object({ files_collapsed: z.boolean(), tools_collapsed: z.boolean() }).partial().strict().optional(),
      theme: z.enum(THEMES, { error: "Theme must be light or dark" }).optional(),
      tutorials: z
        .object({ shown: z.array(z.enum(TUTORIAL_IDS, { error: "Unknown tutorial" })).max(TUTORIAL_IDS.length), skip_all: z.boolean() })
        .partial()
        .strict()
        .optional(),
      transcription_service: z.string().min(1).max(100).nullable().optional(),
      transcript: z.object({ utterance_meta_column: z.boolean() }).partial().strict().optional(),
      playback: z.object(playbackFields).partial().strict().optional(),
      notifications: z
        .object({
          email_when_done: z.enum(EMAIL_WHEN_DONE, { error: "email_when_done must be always, long_files_only or never" }),
          email_mentions: z.boolean({ error: "email_mentions must be true or false" }),
        })
        .partial()
        .strict()
        .optional(),
      transcription: z
        .object({ vocabulary: personalVocabularySchema, defaults: transcriptionOptionsInputSchema })
        .partial()
        .strict()
        .optional(),
    })
    .strict(),
});
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>["preferences"];

/** Deep-merges a patch (objects merge, lists and scalars replace). */
export function mergePreferences(current: Preferences, patch: PreferencesPatch): Preferences {
  return preferencesSchema.parse({
    ...current,
    ...patch,
    sidebar: { ...current.sidebar, ...patch.sidebar },
    tutorials: { ...current.tutorials, ...patch.tutorials, shown: [...new Set(patch.tutorials?.shown ?? current.tutorials.shown)] },
    transcript: { ...current.transcript, ...patch.transcript },
    playback: { ...current.playback, ...patch.playback },
    notifications: { ...current.notifications, ...patch.notifications },
    transcription: {
      vocabulary: patch.transcription?.vocabulary ?? current.transcription.vocabulary,
      defaults: { ...current.transcription.defaults, ...patch.transcription?.defaults },
    },
  });
}
