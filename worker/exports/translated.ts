// Exports of a translation (decision 048): the same document, each utterance's text in the
// translation's language over the utterance's own times. Without word times in that language,
// an utterance too long for one caption is cut at sentences and clauses, its span shared out by
// characters (core/subtitle-cues.ts). A stale utterance exports its latest translation; one
// never translated (added since) keeps its words. Summary, notes and comments stay as written.
import { TRANSLATION_MESSAGES, type TranslationDto } from "../../common/translations";
import { oneLine, splitTimedText } from "../../core/subtitle-cues";
import { ApiError } from "../lib/errors";
import { readTranslation, type TranslationOf } from "../translations/store";
import type { ExportDocument } from "./document";

/** 422 unless the file has a completed translation into the language. */
export async function requireCompletedTranslation(env: Env, of: TranslationOf): Promise<void> {
  const translation = await readTranslation(env, of).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw new ApiError(422, TRANSLATION_MESSAGES.notRequested);
    throw error;
  });
  if (translation.status !== "completed") throw new ApiError(422, TRANSLATION_MESSAGES.notCompleted);
}

/** `utteranceIds` are the ids of the document's utterances, in its order. */
export function translatedDocument(doc: ExportDocument, utteranceIds: readonly string[], translation: TranslationDto): ExportDocument {
  const texts = new Map(translation.utterances.map((u) => [u.utterance_id, u.text]));
  return {
    ...doc,
    utterances: doc.utterances.map((u, i) => {
      const text = oneLine(texts.get(utteranceIds[i]!) ?? "");
      if (!text) return u;
      const cues = splitTimedText(text, u.start, u.end);
      return { ...u, text, words: cues.map((c) => ({ text: c.text, start: c.start, end: c.end })), wholeCues: true };
    }),
  };
}
