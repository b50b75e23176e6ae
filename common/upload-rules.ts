import { LIMITS } from "./limits";
import { MB } from "./format";
import type { ServiceConfiguration } from "./library";

/** Extensions accepted at confirm time and the media type each stands for. */
export const EXTENSION_TYPES: Record<string, string[]> = {
  mp3: ["audio/mpeg", "audio/mp3"],
  wav: ["audio/wav", "audio/x-wav", "audio/wave"],
  m4a: ["audio/mp4", "audio/x-m4a", "audio/m4a"],
  mp4: ["video/mp4", "audio/mp4"],
  flac: ["audio/flac", "audio/x-flac"],
  aac: ["audio/aac", "audio/x-aac"],
  ogg: ["audio/ogg", "application/ogg"],
  wma: ["audio/x-ms-wma"],
};

/** Used when no service configuration is loaded (spec: fallback validation). */
export const FALLBACK_MAX_FILE_SIZE = 500 * MB;
/** What the upload area shows when the configuration is absent. */
export const DISPLAY_MAX_FILE_SIZE_WITHOUT_CONFIG = 1000 * MB;

const FALLBACK_EXTENSIONS = new Set([
  ...Object.keys(EXTENSION_TYPES),
  "mpeg", "mpga", "opus", "oga", "weba", "webm", "aif", "aiff", "aifc", "caf", "amr", "3gp", "3g2",
  "mov", "m4v", "mkv", "avi", "wmv", "flv", "mts", "m2ts", "ts", "ac3", "alac", "ape", "au", "snd", "ra", "spx",
]);

const UPLOAD_TEXTS = {
  configNotLoaded: "Service configuration not loaded",
  fallbackTooLarge: "File size exceeds 500MB limit.",
  fallbackFormat: "File format not supported. Please upload MP3, WAV, M4A, MP4, FLAC, AAC, OGG, or WMA files.",
  fallbackExtension: "File extension not supported. Please upload MP3, WAV, M4A, MP4, FLAC, AAC, OGG, or WMA files.",
  filenameTooLong: "Filename too long. Maximum 255 characters allowed.",
} as const;

export interface UploadCandidate {
  name: string;
  type: string;
  size: number;
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot >= 0 ? filename.slice(dot + 1).toLowerCase() : "";
}

const baseType = (type: string) => type.split(";")[0]!.trim().toLowerCase();

/** The media type to store: the browser's if it is a real one, else the extension's. */
export function resolveContentType(filename: string, type: string): string {
  const declared = baseType(type);
  if (declared && declared !== "application/octet-stream") return declared;
  return EXTENSION_TYPES[extensionOf(filename)]?.[0] ?? "application/octet-stream";
}

/** Upper-case extensions whose types the service takes, for messages. */
export function supportedExtensionsLabel(supportedFormats: string[]): string {
  const supported = new Set(supportedFormats.map(baseType));
  const exts = Object.entries(EXTENSION_TYPES)
    .filter(([, types]) => types.some((t) => supported.has(t)))
    .map(([ext]) => ext.toUpperCase());
  return exts.length ? exts.join(", ") : supportedFormats.join(", ");
}

export function isSupportedFormat(file: Pick<UploadCandidate, "name" | "type">, supportedFormats: string[]): boolean {
  const supported = new Set(supportedFormats.map(baseType));
  if (file.type && supported.has(baseType(file.type))) return true;
  return (EXTENSION_TYPES[extensionOf(file.name)] ?? []).some((t) => supported.has(t));
}

/** Validation with the service configuration loaded; null when the file is fine. */
export function checkUpload(
  file: UploadCandidate,
  config: ServiceConfiguration | null,
): string | null {
  if (!config) return UPLOAD_TEXTS.configNotLoaded;
  const { max_file_size, supported_formats } = config.file_constraints;
  if (file.size > max_file_size) return `File size exceeds maximum allowed size of ${Math.round(max_file_size / MB)}MB`;
  if (!isSupportedFormat(file, supported_formats)) {
    const type = file.type || extensionOf(file.name) || "unknown";
    let message = `File format "${type}" is not supported. Supported formats: ${supportedExtensionsLabel(supported_formats)}`;
    if (config.features.service_selection) {
      const active = config.transcription.all_services.find((s) => s.name === config.transcription.active_service_name);
      message += ` (transcription service: ${active?.label ?? config.transcription.active_service_name})`;
    }
    return message;
  }
  if (file.name.length > LIMITS.nameMaxLength) return UPLOAD_TEXTS.filenameTooLong;
  return null;
}

/** Validation when no configuration could be loaded (spec: fallback rules). */
export function checkUploadFallback(file: UploadCandidate): string | null {
  if (file.size > FALLBACK_MAX_FILE_SIZE) return UPLOAD_TEXTS.fallbackTooLarge;
  const type = baseType(file.type);
  const ext = extensionOf(file.name);
  const typeOk = type.startsWith("audio/") || type.startsWith("video/");
  if (!typeOk && !FALLBACK_EXTENSIONS.has(ext)) {
    return type && type !== "application/octet-stream" ? UPLOAD_TEXTS.fallbackFormat : UPLOAD_TEXTS.fallbackExtension;
  }
  if (file.name.length > LIMITS.nameMaxLength) return UPLOAD_TEXTS.filenameTooLong;
  return null;
}

/** Drag-and-drop pre-filter: files that are clearly not media. */
export function isMediaLike(file: Pick<UploadCandidate, "name" | "type">): boolean {
  const type = baseType(file.type);
  return type.startsWith("audio/") || type.startsWith("video/") || FALLBACK_EXTENSIONS.has(extensionOf(file.name));
}
