// Fetching a file from a user's link (decision 041's address rules): each hop of a redirect
// is checked again before it is followed, never more than a few, and only a media answer is
// taken. The body is left to the caller to stream. Every refusal is final (decision 056): a link
// that cannot be reached, answers late or answers an error fails the import at once, with the reason.
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "../../common/imports";
import { urlProblem } from "../webhooks/addresses";

/** A refusal the user should read; retrying will not change it. */
export class LinkRefused extends Error {}

export interface FetchLimits {
  /** The wait for each answer's status and headers (a redirect's too). */
  answerMs: number;
  /** Ends the whole download, its body included, when it aborts. */
  signal: AbortSignal;
}

export async function fetchLink(url: string, development: boolean, limits: FetchLimits): Promise<Response> {
  let next = url;
  for (let hop = 0; hop <= IMPORT_LIMITS.redirects; hop++) {
    if (urlProblem(next, development)) throw new LinkRefused(IMPORT_MESSAGES.notPublic);
    // Only the wait for the answer is timed here: once it has come, the body streams for as long as
    // the download may take (limits.signal), however long past this wait.
    const answer = new AbortController();
    const timer = setTimeout(() => answer.abort(new DOMException("No answer", "TimeoutError")), limits.answerMs);
    let response: Response;
    try {
      response = await fetch(next, { redirect: "manual", signal: AbortSignal.any([answer.signal, limits.signal]) });
    } catch (error) {
      if (limits.signal.aborted) throw error;
      throw new LinkRefused(
        answer.signal.aborted ? IMPORT_MESSAGES.noAnswer(Math.round(limits.answerMs / 1000)) : IMPORT_MESSAGES.unreachable,
      );
    } finally {
      clearTimeout(timer);
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      next = new URL(location, next).toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new LinkRefused(IMPORT_MESSAGES.answered(response.status));
    }
    return response;
  }
  throw new LinkRefused(IMPORT_MESSAGES.tooManyRedirects);
}
