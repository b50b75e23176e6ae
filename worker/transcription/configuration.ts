import type { ServiceConfiguration } from "../../common/library";
import type { Config } from "../config";
import { summaryModelName } from "../summaries/chat-models";
import { SERVICES, serviceForUser, serviceInfo } from "./services";

/**
 * GET /service/configuration: the active service's file constraints, every service, the feature flags,
 * and whether a service will transcribe this user's uploads now (`preferred`: their preference, if any).
 */
export function serviceConfiguration(config: Config, preferred?: string | null): ServiceConfiguration {
  const active = serviceInfo(config.TRANSCRIPTION_SERVICE, config);
  return {
    file_constraints: { max_file_size: active.maxFileSize, supported_formats: active.supportedFormats },
    transcription: {
      active_service_name: active.name,
      available: serviceForUser(config, preferred).available(config),
      user_service_name: serviceForUser(config, preferred).name,
      all_services: SERVICES.map((s) => serviceInfo(s.name, config)).map((s) => ({
        name: s.name,
        label: s.label,
        available: s.available(config),
        supported_formats: s.supportedFormats,
        max_file_size: s.maxFileSize,
        options: s.options,
      })),
    },
    features: {
      service_selection: config.FEATURE_SERVICE_SELECTION,
      utterance_meta_column: config.FEATURE_UTTERANCE_META_COLUMN,
      debug: config.FEATURE_DEBUG,
    },
    summaries: { available: summaryModelName(config) !== null, model: summaryModelName(config) },
  };
}
