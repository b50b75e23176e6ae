// When this browser last had a save of a file confirmed, per user and file (any tab). Kept in
// localStorage because it is written at once: a reload a moment after a save must not show this
// browser's copy of the transcript from before it (the copy itself is written a little later,
// and an IndexedDB write started as the page unloads may never land). A copy known to be current
// only up to an earlier moment is not shown (local-copy.ts).

const PREFIX = "transcribe-saved:";
const keyOf = (user: string, file: string) => `${PREFIX}${user}:${file}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** A save of the file was confirmed now. */
export function markSaved(user: string, file: string, now = Date.now()): void {
  try {
    storage()?.setItem(keyOf(user, file), String(now));
  } catch {
    // Storage full or denied: the copy may then show briefly older text, as before.
  }
}

/** When a save of the file was last confirmed here (0: never). */
function lastSaved(user: string, file: string): number {
  const value = Number(storage()?.getItem(keyOf(user, file)) ?? 0);
  return Number.isFinite(value) ? value : 0;
}

/** Whether a copy current as of `at` may be shown: no save of the file was confirmed here after it. */
export const copyIsCurrent = (user: string, file: string, at: number) => at >= lastSaved(user, file);

/** Sign-out: the marks go with the copies. */
export function clearSavedMarks(): void {
  const s = storage();
  if (!s) return;
  const keys = Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k?.startsWith(PREFIX) ?? false);
  for (const k of keys) s.removeItem(k);
}
