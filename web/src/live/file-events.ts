import type { AudioFileDto } from "../../../common/library";
import type { FileStatusChangedEvent } from "../../../common/live-messages";
import type { ToastType } from "../lib/toasts";

/** What a status change does to the app; injected so the rules are testable without React. */
export interface FileEventEffects {
  toast(message: string, type: ToastType): void;
  /** Writes the pushed fields into the cached file at once. */
  patchFile(fileId: string, patch: { status: FileStatusChangedEvent["file"]["status"]; hasTranscript: boolean; name: string }): void;
  /** Refetches the files (for an event without the whole file). */
  refreshFiles(): void;
  /** Puts the pushed file into the cache as it is (the event carries the whole file). */
  replaceFile?(file: AudioFileDto): void;
  reloadTranscript(fileId: string): void;
  selectFile(fileId: string): void;
  selectedFileId(): string | null;
  /** The signed-in user's id: a teammate's file changes quietly (no toast, no jump to it). */
  currentUserId?(): string | null;
}

const TOAST_TYPES: Record<FileStatusChangedEvent["file"]["status"], ToastType> = {
  ready: "success",
  failed: "error",
  processing: "info",
};

/**
 * docs/product.md#states, File status and Selection. In a team workspace every member hears of
 * every file; only the one who uploaded it is told with a toast and taken to it when it is ready.
 */
export function applyFileStatusChanged(event: FileStatusChangedEvent, effects: FileEventEffects): void {
  const { file_id: id, file } = event;
  const me = effects.currentUserId?.() ?? null;
  const teammates = event.audio_file !== undefined && me !== null && event.audio_file.uploadedBy !== me;
  if (!teammates && !event.quiet) effects.toast(`${file.name}: ${event.message}`, TOAST_TYPES[file.status]);
  if (event.audio_file && effects.replaceFile) {
    effects.replaceFile(event.audio_file);
  } else {
    effects.patchFile(id, { status: file.status, hasTranscript: file.has_transcript, name: file.name });
    effects.refreshFiles();
  }
  if (file.status !== "ready") return;
  // A new transcript replaces whatever was cached for this file.
  if (file.has_transcript) effects.reloadTranscript(id);
  if (!teammates && effects.selectedFileId() !== id) effects.selectFile(id);
}
