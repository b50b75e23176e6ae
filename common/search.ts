// GET /search: the query it takes and the hits it answers (docs/api.md#search).
import * as z from "zod";
import type { SearchMark } from "./search-query";
import { workspaceRefSchema } from "./workspaces";

export const SEARCH_LIMITS = { queryMax: 200, pageDefault: 20, pageMax: 50 } as const;

export const SEARCH_MESSAGES = {
  query: "q is required (what to search for)",
  queryTooLong: `q must be ${SEARCH_LIMITS.queryMax} characters or less`,
  limit: `limit must be a whole number from 1 to ${SEARCH_LIMITS.pageMax}`,
  cursor: "cursor is invalid: pass next_cursor of the previous page",
  speaker: "speaker must be 1 to 255 characters",
  folder: "folder_id is invalid",
} as const;

export const searchQuerySchema = z.object({
  q: z.string({ error: SEARCH_MESSAGES.query }).max(SEARCH_LIMITS.queryMax, SEARCH_MESSAGES.queryTooLong),
  /** The workspace searched; the personal one when absent. */
  workspace_id: workspaceRefSchema,
  /** A folder's id; "common" (or empty) for files outside any folder. */
  folder_id: z.string().max(100, SEARCH_MESSAGES.folder).optional(),
  speaker: z.string().trim().min(1, SEARCH_MESSAGES.speaker).max(255, SEARCH_MESSAGES.speaker).optional(),
  limit: z.coerce
    .number({ error: SEARCH_MESSAGES.limit })
    .int(SEARCH_MESSAGES.limit)
    .min(1, SEARCH_MESSAGES.limit)
    .max(SEARCH_LIMITS.pageMax, SEARCH_MESSAGES.limit)
    .optional(),
  cursor: z.string().max(500, SEARCH_MESSAGES.cursor).optional(),
});

export type SearchHitKind = "transcript" | "name" | "summary" | "notes";

export interface SearchHit {
  file_id: string;
  file_name: string;
  folder_id: string | null;
  /** transcript: an utterance's words; name: the file's name, or a speaker's (then `speaker` is set); summary; notes. */
  kind: SearchHitKind;
  utterance_id?: string;
  start_time?: number;
  speaker?: string;
  /** Plain text (never HTML): the matched text, or a window of it with "…" where cut. */
  snippet: string;
  /** The matched words in `snippet`, as UTF-16 offsets [start, end). */
  marks: SearchMark[];
}

export interface SearchPage {
  data: SearchHit[];
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: string | null;
}
