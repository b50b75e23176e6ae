// The files sidebar's search across the library: hits grouped by file, the
// snippet split at its marks (rendered as text, never HTML) and the link that
// opens a hit at its place in the transcript.
import type { SearchHit } from "../../../common/search";
import { parseSearchQuery } from "../../../common/search-query";

/** The sidebar searches transcripts from 2 characters on (as the transcript's own search). */
export const LIBRARY_SEARCH_MIN = 2;

export const isLibraryQuery = (q: string) => q.trim().length >= LIBRARY_SEARCH_MIN && parseSearchQuery(q).length > 0;

export interface HitGroup {
  fileId: string;
  fileName: string;
  hits: SearchHit[];
}

/** Hits grouped by file, the groups in the order of each file's best hit. */
export function groupHits(hits: readonly SearchHit[]): HitGroup[] {
  const groups = new Map<string, HitGroup>();
  for (const hit of hits) {
    const group = groups.get(hit.file_id) ?? { fileId: hit.file_id, fileName: hit.file_name, hits: [] };
    group.hits.push(hit);
    groups.set(hit.file_id, group);
  }
  return [...groups.values()];
}

/** The snippet as runs of plain and matched text. */
export function snippetParts(hit: Pick<SearchHit, "snippet" | "marks">): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const mark of hit.marks) {
    if (mark.start < at || mark.end > hit.snippet.length || mark.end <= mark.start) continue;
    if (mark.start > at) parts.push({ text: hit.snippet.slice(at, mark.start), marked: false });
    parts.push({ text: hit.snippet.slice(mark.start, mark.end), marked: true });
    at = mark.end;
  }
  if (at < hit.snippet.length) parts.push({ text: hit.snippet.slice(at), marked: false });
  return parts;
}

/** The file's page; for an utterance, with where to scroll, what to highlight and where to set the player. */
export function hitLink(hit: SearchHit, query: string): string {
  const path = `/dashboard/file/${encodeURIComponent(hit.file_id)}`;
  if (hit.kind !== "transcript" || !hit.utterance_id) return path;
  const params = new URLSearchParams({ u: hit.utterance_id, q: query.trim() });
  if (hit.start_time !== undefined) params.set("t", String(hit.start_time));
  return `${path}?${params}`;
}

/** How a hit is labelled for assistive technology and its title. */
export function hitLabel(hit: SearchHit): string {
  switch (hit.kind) {
    case "name":
      return hit.speaker ? "Speaker" : "File name";
    case "summary":
      return "Summary";
    case "notes":
      return "Notes";
    default:
      return hit.start_time !== undefined ? `${hit.speaker ?? ""} ${formatClock(hit.start_time)}`.trim() : "Transcript";
  }
}

export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}
