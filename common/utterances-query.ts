// The query of GET /transcripts/{id}/utterances (and of a shared transcript's
// utterances): which utterances, and in which shape (compact-utterances.ts).
import * as z from "zod";
import { EDIT_LIMITS } from "../core/edit-limits";

export const UTTERANCE_IDS_MAX = 200;
/** The most utterances `first` asks for: a screenful or a few, read before the whole. */
export const UTTERANCE_FIRST_MAX = 200;
export const UTTERANCE_QUERY_MESSAGES = {
  ids: `ids must list 1 to ${UTTERANCE_IDS_MAX} utterance ids, separated by commas`,
  format: "format must be compact (or left out for the full shape)",
  first: `first must be a whole number from 1 to ${UTTERANCE_FIRST_MAX}`,
  idsAndFirst: "ids and first cannot be asked for together",
} as const;

const utteranceId = z.string().min(1, UTTERANCE_QUERY_MESSAGES.ids).max(EDIT_LIMITS.idMax, UTTERANCE_QUERY_MESSAGES.ids);

/**
 * `?ids=a,b,…` (only those utterances; unknown ids are simply absent), `?first=n` (the first n in
 * order: a first screenful before the whole) and `?format=compact`.
 */
export const utterancesQueryFields = z.object({
  ids: z
    .string()
    .transform((s) => s.split(","))
    .pipe(z.array(utteranceId).min(1, UTTERANCE_QUERY_MESSAGES.ids).max(UTTERANCE_IDS_MAX, UTTERANCE_QUERY_MESSAGES.ids))
    .optional(),
  first: z.coerce
    .number(UTTERANCE_QUERY_MESSAGES.first)
    .int(UTTERANCE_QUERY_MESSAGES.first)
    .min(1, UTTERANCE_QUERY_MESSAGES.first)
    .max(UTTERANCE_FIRST_MAX, UTTERANCE_QUERY_MESSAGES.first)
    .optional(),
  format: z.enum(["compact"], UTTERANCE_QUERY_MESSAGES.format).optional(),
});

export const utterancesQuerySchema = utterancesQueryFields.refine(
  (q) => q.ids === undefined || q.first === undefined,
  UTTERANCE_QUERY_MESSAGES.idsAndFirst,
);
