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

/** Upper-case subtype of a content type: "audio/mpeg" → "MPEG". */
export function formatLabel(contentType: string): string {
  const subtype = contentType.split("/")[1]?.split(";")[0]?.trim() ?? "";
  return subtype ? subtype.toUpperCase() : "—";
}

export const MB = 1024 * 1024;
