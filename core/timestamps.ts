// Times in a recording as text: a file's duration, and where an utterance starts (the history's
// summaries, the editor, exports).

/** "m:ss" or "h:mm:ss"; "—" when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return "—";
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** A position in a recording as "m:ss" or "h:mm:ss", rounded down to the second (0 when unknown). */
export function formatTimestamp(seconds: number): string {
  return formatDuration(Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0)));
}
