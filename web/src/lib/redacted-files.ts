// When each file's words were last redacted, as the file lists say: this browser's copy of a
// transcript taken before that is dropped when read, never shown (decision 058, decision 030).
const redactedAt = new Map<string, number>();

/** Noted from every file list read (api/library.ts). */
export function noteRedactions(files: readonly { id: string; redactedAt: string | null }[]): void {
  for (const f of files) if (f.redactedAt) redactedAt.set(f.id, Date.parse(f.redactedAt));
}

/** Whether a copy of `fileId` taken at `at` (ms) may hold words redacted since. */
export const redactedSince = (fileId: string, at: number): boolean => (redactedAt.get(fileId) ?? -Infinity) >= at;
