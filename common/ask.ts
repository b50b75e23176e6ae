// Ask, with citations (docs/api.md#ask, decision 045): the question it takes, the answer's
// shape, its limits and texts, shared by the Worker and the SPA. The answer shapes follow the
// public API contract, hence their snake_case keys.
import * as z from "zod";
import { workspaceRefSchema } from "./workspaces";

export const ASK_LIMITS = {
  questionMax: 1_000,
  /** Passages the model is given at most: the best-ranked utterances. */
  passages: 8,
  /** Utterances before and after each passage, given with it as context. */
  neighbours: 1,
  /**
   * Characters of passages and context one question may send (~3,000 tokens): the same
   * order as a summary's part, so a small model's context never overflows, whatever the
   * file's length (only the retrieved utterances are sent, never the transcript).
   */
  contextChars: 12_000,
  /** A hit whose BM25 score is below this share of the best one's is not relevant enough. */
  relevanceFloor: 0.25,
  /** Recent questions kept per file. */
  recentPerFile: 20,
  answerMaxTokens: 600,
} as const;

export const ASK_MESSAGES = {
  questionRequired: "question is required",
  questionTooLong: `question must be ${ASK_LIMITS.questionMax.toLocaleString("en")} characters or less`,
  fileId: "file_id is invalid",
  notFoundInFile: "I couldn't find anything about that in this recording.",
  notFoundInLibrary: "I couldn't find anything about that in your library.",
  unavailable: "Ask is not available: no language model is configured",
  malformed: "The language model gave an answer that could not be read. Please try again.",
  failed: "The language model could not answer. Please try again later.",
} as const;

export const askSchema = z.object({
  question: z
    .string({ error: ASK_MESSAGES.questionRequired })
    .trim()
    .min(1, ASK_MESSAGES.questionRequired)
    .max(ASK_LIMITS.questionMax, ASK_MESSAGES.questionTooLong),
  /** One file; absent: every file of the workspace. */
  file_id: z.string().min(1, ASK_MESSAGES.fileId).max(100, ASK_MESSAGES.fileId).optional(),
  /** The workspace asked (no file_id); the personal one when absent. */
  workspace_id: workspaceRefSchema,
});

/** A passage the answer was built from; the answer cites it as [n], n its place here from 1. */
export interface AskCitation {
  file_id: string;
  utterance_id: string;
  start_time: number;
  end_time: number;
  text: string;
}

export interface AskAnswer {
  answer: string;
  citations: AskCitation[];
}

/** A file's recent question, as GET /transcripts/{id}/questions lists it (newest first). */
export interface RecentQuestion extends AskAnswer {
  id: string;
  question: string;
  asked_at: string;
  asked_by: { id: string; full_name: string };
}
