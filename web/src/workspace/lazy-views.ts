// The views past the dashboard's first screen are downloads of their own (decision 010):
// an open file's code (the editor, the player, the transcript tools) and a folder's file
// list. Each is asked for as soon as it is about to show (a file's row pointed at, focused
// or pressed; a file's or folder's address), so opening rarely waits for it.
import { lazyNamed, prefetchChunk } from "../lib/lazy-chunk";

const loadFileView = () => import("./FileView");
const loadTranscriptPanel = () => import("./TranscriptDetails");
const loadFolderView = () => import("./FolderView");

export const FileView = lazyNamed(loadFileView, "FileView");
export const TranscriptPanel = lazyNamed(loadTranscriptPanel, "TranscriptPanel");
export const FolderView = lazyNamed(loadFolderView, "FolderView");

const asked = new Set<() => Promise<unknown>>();

/** Once per page and part: later asks find the download under way or done. */
function prefetch(...loads: (() => Promise<unknown>)[]): void {
  for (const load of loads) {
    if (asked.has(load)) continue;
    asked.add(load);
    prefetchChunk(load);
  }
}

export const prefetchFileParts = () => prefetch(loadFileView, loadTranscriptPanel);
export const prefetchFolderView = () => prefetch(loadFolderView);
