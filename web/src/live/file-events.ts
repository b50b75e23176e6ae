import type { FileStatusChangedEvent } from "../../../common/transcript";
import type { ToastType } from "../lib/toasts";

/** What a status change does to the app; injected so the rules are testable without React. */
export interface FileEventEffects {
  toast(message: string, type: ToastType): void;
  /** Writes the pushed fields into the cached file at once. */
  patchFile(fileId: string, patch: { status: FileStatusChangedEvent["file"]["status"]; hasTranscript: boolean; name: string }): void;
  /** Refetches the files (failure reason, estimation… are not in the event). */
  refreshFiles(): void;
  reloadTranscript(fileId: string): void;
  selectFile(fileId: string): void;
  selectedFileId(): string | null;
}

const TOAST_TYPES: Record<FileStatusChangedEvent["file"]["status"], ToastType> = {
  ready: "success",
  failed: "error",
  processing: "info",
};

/** Spec section 4, File status and Selection. */
export function applyFileStatusChanged(event: FileStatusChangedEvent, effects: FileEventEffects): void {
  const { file_id: id, file } = event;
  effects.toast(`${file.name}: ${event.message}`, TOAST_TYPES[file.status]);
  effects.patchFile(id, { status: file.status, hasTranscript: file.has_transcript, name: file.name });
  effects.refreshFiles();
  if (file.status !== "ready") return;
  // A new transcript replaces whatever was cached for this file.
  if (file.has_transcript) effects.reloadTranscript(id);
  if (effects.selectedFileId() !== id) effects.selectFile(id);
}
