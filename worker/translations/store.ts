// The Worker's side of a file's translations in its transcript store (durable-objects/
// transcript-store/translations.ts): one call into the store object each, after the caller's
// role was checked; the object answers 404 for a file it does not hold.
import type { TranslationDto, TranslationSummaryDto } from "../../common/translations";
import type { TranslationWork } from "../../durable-objects/transcript-store/translations";
import { transcriptRoom } from "../objects";
import { unwrap } from "../transcripts/store";

/** A file's transcript and the store object holding it. */
export type TranslationOf = { fileId: string; language: string };

export async function requestTranslationRun(env: Env, of: TranslationOf, onlyStale: boolean): Promise<string> {
  return unwrap(await transcriptRoom(env, of.fileId).requestTranslation(of.fileId, of.language, onlyStale));
}

/** The run's utterances still to translate, or null when the run is over (replaced or finished). */
export async function startTranslationRun(env: Env, of: TranslationOf, run: string): Promise<TranslationWork[] | null> {
  return unwrap(await transcriptRoom(env, of.fileId).startTranslation(of.fileId, of.language, run));
}

export async function saveTranslatedBatch(
  env: Env,
  of: TranslationOf,
  run: string,
  items: { key: number; fingerprint: string; text: string }[],
): Promise<boolean> {
  return transcriptRoom(env, of.fileId).saveTranslated(of.fileId, of.language, run, items);
}

export async function finishTranslationRun(env: Env, of: TranslationOf, run: string, error: string | null): Promise<boolean> {
  return transcriptRoom(env, of.fileId).finishTranslation(of.fileId, of.language, run, error);
}

export async function readTranslation(env: Env, of: TranslationOf): Promise<TranslationDto> {
  return unwrap(await transcriptRoom(env, of.fileId).readTranslation(of.fileId, of.language));
}

export async function listTranslations(env: Env, fileId: string): Promise<TranslationSummaryDto[]> {
  return unwrap(await transcriptRoom(env, fileId).listTranslations(fileId));
}
