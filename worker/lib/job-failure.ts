// What a job that failed says on its file, summary, chapters, translation or export: the kind's
// own sentence and, after it, what went wrong (the error's message, cut short).
export function failedBecause(sentence: string, error: unknown): string {
  const detail = error instanceof Error ? error.message.trim().slice(0, 200) : "";
  return detail ? `${sentence} (${detail})` : sentence;
}
