import { LIMITS } from "./limits";
import { MB } from "./format";
import type { ServiceConfiguration } from "./library";
import { EXTENSION_TYPES, MEDIA_TYPES, MORE_SERVED_EXTENSIONS } from "./media-types";

/** Used when no service configuration is loaded (spec: fallback validation). */
export const FALLBACK_MAX_FILE_SIZE = 500 * MB;
/** What the upload area shows when the configuration is absent. */
export const DISPLAY_MAX_FILE_SIZE_WITHOUT_CONFIG = 1000 * MB;

const FALLBACK_EXTENSIONS = new Set([
  ...Object.keys(EXTENSION_TYPES),
  "mpeg",
  "mpga",
  "opus",
  "oga",
  "weba",
  "webm",
  "aif",
  "aiff",
  "aifc",
  "caf",
  "amr",
  "3gp",
  "3g2",
  "mov",
  "m4v",
  "mkv",
  "avi",
  "wmv",
  "flv",
  "mts",
  "m2ts",
  "ts",
  "ac3",
  "alac",
  "ape",
  "au",
  "snd",
  "ra",
  "spx",
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

/**
 * The only media types ever stored with an object or served back for it: exact
 * strings, no parameters. Media links are served on the app's own origin, so a
 * type outside this list (text/html, SVG, a comma list…) must never reach a browser.
 */
export const PLAYABLE_MEDIA_TYPES: ReadonlySet<string> = new Set(
  Object.entries(MEDIA_TYPES)
    .filter(([, row]) => row.served)
    .map(([type]) => type),
);

/** What anything else is stored and served as (always as a download). */
export const NOT_PLAYABLE_TYPE = "application/octet-stream";

/** Media extensions and the playable types each may carry, the first being the default. */
const PLAYABLE_EXTENSION_TYPES: ReadonlyMap<string, readonly string[]> = new Map([
  ...Object.entries(EXTENSION_TYPES).map(([ext, types]) => [ext, types.filter((t) => PLAYABLE_MEDIA_TYPES.has(t))] as const),
  ...Object.entries(MORE_SERVED_EXTENSIONS),
]);

export const isPlayableMediaType = (type: string | null | undefined): type is string =>
  typeof type === "string" && PLAYABLE_MEDIA_TYPES.has(type);

/**
 * The type the server stores with an object and serves it as: always an exact
 * member of PLAYABLE_MEDIA_TYPES, or application/octet-stream. A name (or a key's
 * last segment) with a media extension gets that extension's type, the declared one
 * only when it is one of the extension's own; otherwise the declared type counts only
 * if it is, once any parameters are cut, exactly an allow-listed type. Nothing of the
 * declared text is ever passed through: "audio/wav, text/html" is not a type.
 */
export function mediaTypeFor(name: string, declared: string | null | undefined): string {
  const base = (declared ?? "").split(";")[0]!.trim().toLowerCase();
  const candidate = PLAYABLE_MEDIA_TYPES.has(base) ? base : null;
  const forExtension = PLAYABLE_EXTENSION_TYPES.get(extensionOf(name.slice(name.lastIndexOf("/") + 1)));
  if (forExtension?.length) return candidate && forExtension.includes(candidate) ? candidate : forExtension[0]!;
  return candidate ?? NOT_PLAYABLE_TYPE;
}

/** The type to serve a stored object as: its stored type when allow-listed, else its key's. */
export function servedMediaType(key: string, stored: string | null | undefined): string {
  return isPlayableMediaType(stored) ? stored : mediaTypeFor(key, "");
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
export function checkUpload(file: UploadCandidate, config: ServiceConfiguration | null): string | null {
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
