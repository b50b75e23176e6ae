// An answer as it is shown: its text with each citation of a given passage ([1], [2, 3]) as
// links to those passages; a number that names no passage stays plain text (while streaming,
// before the server's cleaned answer replaces it).
import type { AskCitation } from "../../../common/ask";
import { tokenize } from "../../../common/search-query";

export type AnswerPart = { text: string } | { cite: number[] };

const CITATION = /\[(\d+(?:\s*,\s*\d+)*)\]/g;

export function answerParts(answer: string, given: number): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let at = 0;
  for (const match of answer.matchAll(CITATION)) {
    const numbers = match[1]!.split(",").map((n) => Number(n.trim()));
    if (!numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= given)) continue;
    if (match.index > at) parts.push({ text: answer.slice(at, match.index) });
    parts.push({ cite: numbers });
    at = match.index + match[0].length;
  }
  if (at < answer.length) parts.push({ text: answer.slice(at) });
  return parts;
}

/**
 * The file's page opened at a cited passage: the editor scrolls to the utterance, highlights its
 * words (as one phrase, useSearchTarget) and sets the player at its start.
 */
export function citationLink(citation: AskCitation): string {
  // A passage cut to the context budget ends in "…", perhaps inside a word: that word is left out.
  const cut = citation.text.endsWith("…");
  const tokens = tokenize(citation.text).map((t) => t.token);
  if (cut) tokens.pop();
  const params = new URLSearchParams({ u: citation.utterance_id, t: String(citation.start_time), q: `"${tokens.join(" ")}"` });
  return `/dashboard/file/${encodeURIComponent(citation.file_id)}?${params}`;
}
