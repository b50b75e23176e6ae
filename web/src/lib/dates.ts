// Dates as the workspace shows them, in the user's locale.

// One formatter for every call: toLocaleDateString builds a new one each time, which a long file list feels.
const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });

/** "Nov 24, 2026"; "—" for a date that cannot be read. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : dateFormat.format(date);
}

/** "Nov 24, 2026, 3:05 PM"; "—" for a date that cannot be read. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
