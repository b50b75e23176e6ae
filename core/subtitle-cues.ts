// Subtitle cues. A cue too short to read (a lone "today." flashing for half a second) joins a
// neighbour of its utterance. For a text without word times (a translation, decision 048) the
// utterance's own span is the only timing there is, so a text too long for one cue is cut where
// a reader pauses (sentence ends, then clause marks, then between words) and each piece gets a
// share of the span in proportion to its characters. Cues follow one another without a gap or overlap.

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

/** A cue whose words last less than this, or hold fewer characters, is too short to read on its own. */
export const SHORT_CUE = { minSeconds: 1, minChars: 8 } as const;

/** From the first word's start to the last moment any of its words is spoken. */
const spanOf = (words: readonly TimedText[]) => Math.max(...words.map((w) => Math.max(w.start, w.end))) - words[0]!.start;
const charsOf = (words: readonly TimedText[]) => words.reduce((sum, w) => sum + [...w.text].length, words.length - 1);

export const isShortCue = (words: readonly TimedText[], limits = SHORT_CUE) =>
  spanOf(words) < limits.minSeconds || charsOf(words) < limits.minChars;

/**
 * One utterance's cues (each a run of its words, in order) with every short cue joined to a
 * neighbour where the limits allow: the two become one cue when that fits, else their words are
 * cut again where neither piece is short (the cut that leaves the shorter piece longest). A short
 * cue stays only when neither neighbour can take it. Words keep their order; none is dropped.
 */
export function joinShortCues<W extends TimedText>(cues: readonly W[][], fits: (words: readonly W[]) => boolean): W[][] {
  const list = cues.filter((words) => words.length > 0).map((words) => [...words]);
  /** Joins or re-cuts cues `at` and `at + 1`; whether it could. */
  const join = (at: number, whole: boolean): boolean => {
    if (at < 0 || at + 1 >= list.length) return false;
    const words = [...list[at]!, ...list[at + 1]!];
    if (whole) {
      if (!fits(words)) return false;
      list.splice(at, 2, words);
      return true;
    }
    let best: { cut: number; shorter: number } | null = null;
    for (let cut = 1; cut < words.length; cut++) {
      const [left, right] = [words.slice(0, cut), words.slice(cut)];
      if (!fits(left) || !fits(right) || isShortCue(left) || isShortCue(right)) continue;
      const shorter = Math.min(spanOf(left), spanOf(right));
      if (!best || shorter > best.shorter) best = { cut, shorter };
    }
    if (!best) return false;
    list.splice(at, 2, words.slice(0, best.cut), words.slice(best.cut));
    return true;
  };
  // Each change leaves fewer cues or fewer short ones, so this ends; after one, the cue before is looked at again.
  for (let i = 0; i < list.length; ) {
    if (!isShortCue(list[i]!)) {
      i++;
      continue;
    }
    if (join(i - 1, true) || join(i, true) || join(i - 1, false) || join(i, false)) i = Math.max(0, i - 1);
    else i++;
  }
  return list;
}
