// The query of GET /transcripts/{id}/utterances (and of a shared transcript's
// utterances): which utterances, and in which shape (compact-utterances.ts).
import { z } from "zod";
import { EDIT_LIMITS } from "./transcript-ops";

export const UTTERANCE_IDS_MAX = 200;
export const UTTERANCE_QUERY_MESSAGES = {
  ids: `ids must list 1 to ${UTTERANCE_IDS_MAX} utterance ids, separated by commas`,
  format: "format must be compact (or left out for the full shape)",
} as const;

const utteranceId = z.string().min(1, UTTERANCE_QUERY_MESSAGES.ids).max(EDIT_LIMITS.idMax, UTTERANCE_QUERY_MESSAGES.ids);

/** `?ids=a,b,…` (only those utterances; unknown ids are simply absent) and `?format=compact`. */
export const utterancesQuerySchema = z.object({
  ids: z
    .string()
    .transform((s) => s.split(","))
    .pipe(z.array(utteranceId).min(1, UTTERANCE_QUERY_MESSAGES.ids).max(UTTERANCE_IDS_MAX, UTTERANCE_QUERY_MESSAGES.ids))
    .optional(),
  format: z.enum(["compact"], UTTERANCE_QUERY_MESSAGES.format).optional(),
});
