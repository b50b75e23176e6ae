// Transcript events from the live channel, to the open editor of that file
// (which fetches what it needs itself), and to a read ahead of a file not yet open
// (editor/open/open-transcript.ts), which a change makes stale.
import type { TranscriptChangedMessage } from "../../../core/live-change";

export interface TranscriptWatcher {
  /** Another tab changed some utterances. */
  changed(event: TranscriptChangedMessage): void;
  /** Anything may have changed (a new transcript, a reconnect): reload everything. */
  reload(): void;
}

const watchers = new Map<string, Set<TranscriptWatcher>>();

export function watchTranscript(fileId: string, watcher: TranscriptWatcher): () => void {
  const set = watchers.get(fileId) ?? new Set();
  watchers.set(fileId, set);
  set.add(watcher);
  return () => {
    set.delete(watcher);
    if (!set.size) watchers.delete(fileId);
  };
}

export function transcriptChanged(event: TranscriptChangedMessage): void {
  for (const watcher of watchers.get(event.file_id) ?? []) watcher.changed(event);
}

export function transcriptReloaded(fileId: string): void {
  for (const watcher of watchers.get(fileId) ?? []) watcher.reload();
}
