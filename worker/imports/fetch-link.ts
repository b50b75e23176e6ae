// Fetching a file from a user's link (decision 041's address rules): each hop of a redirect
// is checked again before it is followed, never more than a few, and only a media answer is
// taken. The body is left to the caller to stream.
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "../../common/imports";
import { urlProblem } from "../webhooks/addresses";

/** A refusal the user should read; retrying will not change it. */
export class LinkRefused extends Error {}

export async function fetchLink(url: string, development: boolean): Promise<Response> {
  let next = url;
  for (let hop = 0; hop <= IMPORT_LIMITS.redirects; hop++) {
    if (urlProblem(next, development)) throw new LinkRefused(IMPORT_MESSAGES.notPublic);
    let response: Response;
    try {
      response = await fetch(next, { redirect: "manual", signal: AbortSignal.timeout(IMPORT_LIMITS.answerMs) });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new Error(timedOut ? IMPORT_MESSAGES.noAnswer : IMPORT_MESSAGES.unreachable);
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      next = new URL(location, next).toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      // A server error may pass; a 4xx will not.
      if (response.status >= 500 || response.status === 429) throw new Error(IMPORT_MESSAGES.answered(response.status));
      throw new LinkRefused(IMPORT_MESSAGES.answered(response.status));
    }
    return response;
  }
  throw new LinkRefused(IMPORT_MESSAGES.tooManyRedirects);
}
