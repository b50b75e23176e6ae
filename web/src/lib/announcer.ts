// What the app says to screen readers, politely, through the one live region (the Toaster's):
// toasts, playback state changes and, on demand, the time and save status. Nothing here is said
// per word or per save, so a reader is not flooded.
import { proxy } from "valtio";
import { formatTimestamp } from "../../../core/timestamps";

export const announcerState = proxy({ message: "", count: 0 });

export function announce(message: string): void {
  announcerState.message = message;
  // The same words twice are still news: the region's text must change for a reader to speak it.
  announcerState.count++;
}

/** Parts of the status said on demand, each kept by whoever knows it (the player, the save queue). */
export type StatusSource = "player" | "save";
const sources = new Map<StatusSource, () => string | null>();

export function provideStatus(source: StatusSource, describe: () => string | null): () => void {
  sources.set(source, describe);
  return () => {
    if (sources.get(source) === describe) sources.delete(source);
  };
}

/** "Paused at 1:23 of 10:00. Saved." — the player first, then the save status. */
export function describeStatus(): string {
  const parts = (["player", "save"] as const).map((s) => sources.get(s)?.()).filter((p): p is string => !!p);
  return parts.length ? parts.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`)).join(" ") : "No media and no transcript open.";
}

export function playbackStatus(state: { paused: boolean; current: number; duration: number | null; rate: number }): string {
  const at = formatTimestamp(state.current);
  const of = state.duration && Number.isFinite(state.duration) ? ` of ${formatTimestamp(state.duration)}` : "";
  const speed = state.rate === 1 ? "" : `, speed ${state.rate}×`;
  return `${state.paused ? "Paused at" : "Playing at"} ${at}${of}${speed}`;
}
