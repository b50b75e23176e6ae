// Which words a redaction request takes (decision 058): ranges given by their first and last word,
// every whole-word occurrence of a query (replace all's matching rule), or every match of a
// pattern kind. Each becomes a RedactionSpan in one utterance.
import type { UtteranceState } from "./change";
import { findInText, normalizeFind, utteranceText } from "./replace-match";
import { REPLACE_MESSAGES } from "./replace-spec";
import { markerText, REDACTION_LIMITS, REDACTION_MESSAGES, type RedactionSpan } from "./redaction";
import { type PatternKind, patternMatches } from "./redaction-suggestions";
import { unprocessable } from "./refusal";
import { newWordId } from "./word-diff";

export type RedactionTarget = { ranges: { startWordId: string; endWordId: string }[] } | { query: string } | { kind: PatternKind };

function spanOf(u: UtteranceState, first: number, last: number, label: string): RedactionSpan {
  const words = u.transcriptWords.slice(first, last + 1);
  return {
    utteranceId: u.id,
    wordIds: words.map((w) => w.id),
    start: words[0]!.startTime,
    end: words.at(-1)!.endTime,
    markerId: newWordId(),
    marker: markerText(label),
    text: utteranceText(words),
  };
}

/** Offsets of each word in its utterance's text (words joined by one space). */
function wordStarts(u: UtteranceState): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const w of u.transcriptWords) {
    starts.push(at);
    at += w.text.length + 1;
  }
  return starts;
}

/** The words a text match touches, widened to whole words. */
function wordsOfMatch(starts: readonly number[], words: UtteranceState["transcriptWords"], m: { start: number; end: number }) {
  let first = 0;
  while (first + 1 < starts.length && starts[first + 1]! <= m.start) first++;
  let last = first;
  while (last + 1 < starts.length && starts[last + 1]! < m.end) last++;
  return words.length ? { first, last } : null;
}

/** The spans a request names, in text order; 422 when a word is missing, the words cross utterances, or nothing matches. */
export function planRedactionSpans(utterances: readonly UtteranceState[], target: RedactionTarget, label: string): RedactionSpan[] {
  const spans: RedactionSpan[] = [];
  if ("ranges" in target) {
    const where = new Map<string, { u: UtteranceState; i: number }>();
    for (const u of utterances) for (const [i, w] of u.transcriptWords.entries()) where.set(w.id, { u, i });
    for (const r of target.ranges) {
      const [a, b] = [where.get(r.startWordId), where.get(r.endWordId)];
      if (!a || !b) throw unprocessable(REDACTION_MESSAGES.wordNotFound);
      if (a.u !== b.u) throw unprocessable(REDACTION_MESSAGES.acrossUtterances);
      if (a.i > b.i) throw unprocessable(REDACTION_MESSAGES.badOrder);
      spans.push(spanOf(a.u, a.i, b.i, label));
    }
    return spans;
  }
  let find: string | null = null;
  if ("query" in target) {
    find = normalizeFind(target.query);
    if (find === null) throw unprocessable(REPLACE_MESSAGES.findTooShort);
  }
  for (const u of utterances) {
    const text = utteranceText(u.transcriptWords);
    const matches =
      find !== null
        ? findInText(text, find, { matchCase: false, wholeWord: true })
        : patternMatches(text, (target as { kind: PatternKind }).kind);
    if (!matches.length) continue;
    const starts = wordStarts(u);
    let lastTaken = -1;
    for (const m of matches) {
      const found = wordsOfMatch(starts, u.transcriptWords, m);
      if (!found || found.first <= lastTaken) continue;
      spans.push(spanOf(u, found.first, found.last, label));
      lastTaken = found.last;
      if (spans.length > REDACTION_LIMITS.perRequest) throw unprocessable(REDACTION_MESSAGES.tooMany);
    }
  }
  if (!spans.length) throw unprocessable(REDACTION_MESSAGES.nothingFound);
  return spans;
}
