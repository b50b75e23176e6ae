/** "1.5 MB"-style sizes (binary units, as the spec's 500 MB = 524,288,000 bytes). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "—";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

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

/** Upper-case subtype of a content type: "audio/mpeg" → "MPEG". */
export function formatLabel(contentType: string): string {
  const subtype = contentType.split("/")[1]?.split(";")[0]?.trim() ?? "";
  return subtype ? subtype.toUpperCase() : "—";
}

export const MB = 1024 * 1024;
