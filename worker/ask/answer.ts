// The model's answer to a question from its passages (decision 045): streamed chunk by chunk,
// retried once when what the model sent cannot be read (before any of it was shown), and
// cleaned so it cites only the passages it was given.
import { ASK_LIMITS, ASK_MESSAGES, type AskAnswer, type AskCitation } from "../../common/ask";
import { cleanCitations } from "../../common/ask-retrieval";
import { ApiError } from "../lib/errors";
import { ModelOutputError } from "../summaries/chat-stream";
import type { ChatModel } from "../summaries/summarize";
import { askMessages } from "./prompt";
import type { Passage } from "./retrieve";

export const toCitation = (p: Passage): AskCitation => ({
  file_id: p.file_id,
  utterance_id: p.utterance_id,
  start_time: p.start_time,
  end_time: p.end_time,
  text: p.text,
});

/** The answer as `{error}` with a 502: the model failed or its output could not be read. */
export class ModelAnswerError extends ApiError {}

/**
 * Asks the model; `onToken` sees each chunk as it arrives. Throws ModelAnswerError (502) when
 * the model fails, or sends what cannot be read twice; an abort through `signal` ends it early.
 */
export async function answerFromPassages(
  model: ChatModel,
  question: string,
  passages: readonly Passage[],
  opts: { signal?: AbortSignal; onToken?: (text: string) => Promise<void> | void } = {},
): Promise<AskAnswer> {
  const messages = askMessages(question, passages);
  for (let attempt = 1; ; attempt++) {
    let text = "";
    try {
      for await (const chunk of model.stream(messages, ASK_LIMITS.answerMaxTokens, opts.signal)) {
        // Leaving the loop cancels the model's stream (a model whose call takes no signal stops here).
        opts.signal?.throwIfAborted();
        text += chunk;
        await opts.onToken?.(chunk);
      }
      if (!text.trim()) throw new ModelOutputError("The chat model's answer was empty");
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      console.error(`Ask: the model's answer failed (attempt ${attempt})`, error);
      if (!(error instanceof ModelOutputError)) throw new ModelAnswerError(502, ASK_MESSAGES.failed);
      // Once more, unless some of it was shown already.
      if (attempt === 1 && !text) continue;
      throw new ModelAnswerError(502, ASK_MESSAGES.malformed);
    }
    const cleaned = cleanCitations(text, passages.length);
    return { answer: cleaned.answer, citations: passages.map(toCitation) };
  }
}
