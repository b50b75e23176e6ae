// Subtitle cues for a text without word times (a translation, decision 048): the utterance's
// own span is the only timing there is, so a text too long for one cue is cut where a reader
// pauses (sentence ends, then clause marks, then between words) and each piece gets a share of
// the span in proportion to its characters. Cues follow one another without a gap or overlap.

export interface TimedText {
  start: number;
  end: number;
  text: string;
}

/** A cue at most this long, in characters (2 lines of 42) and seconds: common subtitle practice. */
export const TIMED_TEXT_LIMITS = { maxChars: 84, maxSeconds: 7 } as const;

const SENTENCE_END = /(?<=[.!?…。！？؟]["'”’»)\]]*)\s+/;
const CLAUSE_END = /(?<=[,;:，；：、—–])\s+/;

/** The text on one line: runs of white space (line breaks too) as one space. */
export const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The text as cues inside [start, end], in order: one cue when it fits, else pieces cut at the
 * latest boundary of the coarsest kind that makes each fit. Joined by spaces, the pieces are
 * the text on one line.
 */
export function splitTimedText(text: string, start: number, end: number, limits = TIMED_TEXT_LIMITS): TimedText[] {
  const clean = oneLine(text);
  if (!clean) return [];
  const span = Math.max(0, end - start);
  const fits = (piece: string) => piece.length <= limits.maxChars && (piece.length / clean.length) * span <= limits.maxSeconds;
  if (fits(clean)) return [{ start, end: start + span, text: clean }];

  const units: string[] = [];
  for (const sentence of clean.split(SENTENCE_END)) {
    if (fits(sentence)) units.push(sentence);
    else for (const clause of sentence.split(CLAUSE_END)) units.push(...(fits(clause) ? [clause] : clause.split(" ")));
  }
  const pieces: string[] = [];
  let current = "";
  for (const unit of units) {
    const joined = current ? `${current} ${unit}` : unit;
    if (current && !fits(joined)) {
      pieces.push(current);
      current = unit;
    } else current = joined;
  }
  if (current) pieces.push(current);

  // Each piece from where it starts in the text to where the next starts: contiguous, in order.
  const at = (offset: number) => start + (span * offset) / clean.length;
  const cues: TimedText[] = [];
  let offset = 0;
  pieces.forEach((piece, i) => {
    const next = offset + piece.length + 1;
    cues.push({ start: at(offset), end: i === pieces.length - 1 ? start + span : at(next), text: piece });
    offset = next;
  });
  return cues;
}
