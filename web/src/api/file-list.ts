import type { AudioFileDto } from "../../../common/library";

/**
 * The cached file list with `file` put in. Answers and live messages can arrive
 * out of order (a file that fails at once is pushed before the upload's own
 * answer arrives): the copy changed last wins, so a late answer never puts back
 * an older status.
 */
export function withFile(files: readonly AudioFileDto[], file: AudioFileDto): AudioFileDto[] {
  const cached = files.find((f) => f.id === file.id);
  if (!cached) return [file, ...files];
  if (cached.updatedAt > file.updatedAt) return [...files];
  return files.map((f) => (f.id === file.id ? file : f));
}
