// The open file's player, for the Chapters panel in the tools sidebar (the file view owns it):
// where playback is, to mark the chapter playing.
import { useEffect, useState, useSyncExternalStore } from "react";
import type { PlaybackController } from "../editor/model/playback-controller";

const players = new Map<string, PlaybackController>();
const listeners = new Set<() => void>();
const tell = () => {
  for (const listener of listeners) listener();
};

export function registerPlayback(fileId: string, controller: PlaybackController): () => void {
  players.set(fileId, controller);
  tell();
  return () => {
    if (players.get(fileId) === controller) players.delete(fileId);
    tell();
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const playbackOf = (fileId: string): PlaybackController | undefined => players.get(fileId);

/** The playback position, read as the word being played changes (null without media). */
export function usePlaybackTime(fileId: string): number | null {
  const controller = useSyncExternalStore(subscribe, () => players.get(fileId));
  const [time, setTime] = useState<number | null>(null);
  useEffect(() => {
    if (!controller) return;
    const read = () => setTime(controller.status()?.current ?? null);
    read();
    // A seek names its word before it moves the media: read once the move is done.
    return controller.onActiveWord(() => queueMicrotask(read));
  }, [controller]);
  return time;
}
