// The Translations panel's and the side-by-side view's texts (docs/product.md#texts).
import { languageName } from "../../../common/languages";

export const TRANSLATION_TEXTS = {
  title: "Translations",
  languageLabel: "Translate into",
  translate: "Translate",
  none: "No translations yet.",
  pending: "Waiting to start…",
  processing: (done: number, total: number) => `Translating… ${done} of ${total} utterances`,
  completed: "Translated",
  failed: "Failed",
  retry: "Try again",
  update: (n: number) => `Update ${n} changed ${n === 1 ? "utterance" : "utterances"}`,
  stale: (n: number) => `${n} ${n === 1 ? "utterance has" : "utterances have"} changed since`,
  show: "Show beside the transcript",
  progressLabel: (language: string) => `${languageName(language)} translation progress`,
  staleMark: "Changed since translated",
  translationOf: (language: string) => `${languageName(language)}: `,
  started: (language: string) => `Translating into ${languageName(language)}…`,
  exportLanguage: "Language",
  original: "Original",
} as const;
