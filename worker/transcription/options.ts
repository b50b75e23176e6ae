// A request's transcription options: completed from a fallback (the user's defaults
// for an upload, the file's own options for a retranscribe) and checked against the
// service that will transcribe the file.
import type { Preferences } from "../../common/preferences";
import {
  OPTION_MESSAGES,
  resolveOptions,
  type ResolvedOptions,
  type TranscriptionOptions,
  type transcriptionOptionsInputSchema,
} from "../../common/transcription-options";
import type { z } from "zod";
import type { Config } from "../config";
import { unprocessable } from "../lib/errors";
import { serviceForUser, type ServiceInfo } from "./services";

type OptionsInput = z.output<typeof transcriptionOptionsInputSchema>;

/**
 * Fields sent replace the fallback's, fields left out keep it. A language the user's
 * service does not take is refused (422) rather than quietly dropped.
 */
export function requestedOptions(
  config: Config,
  preferences: Preferences,
  input: OptionsInput | undefined,
  fallback: TranscriptionOptions,
): TranscriptionOptions {
  const options: TranscriptionOptions = {
    language: input?.language !== undefined ? input.language : fallback.language,
    vocabulary: input?.vocabulary ?? fallback.vocabulary,
    speakers: input?.speakers ?? fallback.speakers,
  };
  if (input?.language) {
    const service = serviceForUser(config, preferences.transcription_service);
    if (!service.options.languages.includes(input.language))
      throw unprocessable(OPTION_MESSAGES.unknownLanguage(input.language, service.label));
  }
  return options;
}

/** What a service is sent for a file: its options with the personal vocabulary, cut to what the service takes. */
export function optionsForService(service: ServiceInfo, options: TranscriptionOptions, preferences: Preferences | null): ResolvedOptions {
  return resolveOptions(service.options, service.label, options, preferences?.transcription.vocabulary ?? []);
}
