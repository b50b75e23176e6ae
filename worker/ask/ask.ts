// One question, from retrieval to the kept answer (decision 045). Retrieval runs first and
// answers alone when it finds nothing (no model is called); otherwise the model answers from
// the passages. A file's answered questions are kept with the file.
import { ASK_MESSAGES, type AskAnswer, type AskCitation, type RecentQuestion } from "../../common/ask";
import { newId } from "../../common/ids";
import type { Config } from "../config";
import type { UserRow } from "../db/schema";
import { ApiError } from "../lib/errors";
import { chatModel } from "../summaries/chat-models";
import { keepQuestion } from "../transcripts/store";
import { type AskScope, retrievePassages } from "./retrieve";
import { answerFromPassages, toCitation } from "./answer";

/** A question whose passages are found and whose model is known: `answer` runs the model. */
export interface PreparedQuestion {
  citations: AskCitation[];
  /** The answer itself when retrieval found nothing (no model is called). */
  notFound: AskAnswer | null;
  answer(opts: { signal?: AbortSignal; onToken?: (text: string) => Promise<void> | void }): Promise<AskAnswer>;
}

/**
 * Retrieval, before any model: 503 when passages were found but no model is configured.
 * The answer, once made, is kept with the file (a file's question only).
 */
export async function prepareQuestion(
  env: Env,
  config: Config,
  user: UserRow,
  question: string,
  scope: AskScope,
): Promise<PreparedQuestion> {
  const passages = await retrievePassages(env, question, scope);
  const citations = passages.map(toCitation);
  if (!passages.length) {
    const notFound = { answer: "fileId" in scope ? ASK_MESSAGES.notFoundInFile : ASK_MESSAGES.notFoundInLibrary, citations: [] };
    return { citations, notFound, answer: async () => notFound };
  }
  const model = chatModel(env, config);
  if (!model) throw new ApiError(503, ASK_MESSAGES.unavailable);
  return {
    citations,
    notFound: null,
    answer: async (opts) => {
      const answer = await answerFromPassages(model, question, passages, opts);
      if ("fileId" in scope) await remember(env, scope, user, question, answer);
      return answer;
    },
  };
}

/** A kept question is a courtesy: failing to keep it never fails the answer. */
async function remember(env: Env, scope: { fileId: string; workspaceId: string }, user: UserRow, question: string, answer: AskAnswer) {
  const kept: RecentQuestion = {
    id: newId(),
    question,
    ...answer,
    asked_at: new Date().toISOString(),
    asked_by: { id: user.id, full_name: user.fullName },
  };
  try {
    await keepQuestion(env, scope.fileId, kept);
  } catch (error) {
    console.error(`Could not keep a question on ${scope.fileId}`, error);
  }
}
