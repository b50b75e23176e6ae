// The pure rules of Ask (decision 045): which words of a question are searched for, which hits
// are relevant enough, how passages fit the model's context budget, and which of the answer's
// citations are real. The Worker and the store run them; nothing here reads or calls anything.
import { ASK_LIMITS } from "./ask";
import { tokenize } from "./search-query";

// Words that say what kind of question it is, not what it is about (folded, as tokenize gives them).
const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers herself him " +
    "himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other " +
    "our ours ourselves out over own same she should so some such than that the their theirs them themselves then there " +
    "these they this those through to too under until up very was we were what when where which while who whom why will " +
    "with would you your yours yourself yourselves " +
    // Asking verbs: "what did she say about…", "where do they talk about…".
    "say says said saying tell tells told talk talks talked talking mention mentions mentioned discuss discussed " +
    "speak speaks spoke think thinks thought anything something everything someone anyone recording transcript " +
    "meeting please know let us get got"
  ).split(" "),
);

/** Terms at most; a question's key words rarely run longer. */
const MAX_TERMS = 12;
/** Terms this long match as a prefix too ("launch" finds "launched"). */
const PREFIX_FROM = 4;

/**
 * The question's key terms: its words as the search index holds them (folded), without stop
 * words and single letters, each once, in the question's order. Never throws.
 */
export function questionTerms(question: string): string[] {
  const terms: string[] = [];
  for (const { token } of tokenize(question)) {
    if (terms.length === MAX_TERMS) break;
    if (STOP_WORDS.has(token) || (token.length < 2 && !/\d/.test(token)) || terms.includes(token)) continue;
    terms.push(token);
  }
  return terms;
}

/** Rows a term may match and still be searched for however rare the question's other terms are. */
const COMMON_FLOOR = 2_000;
/** A term in this many times more rows than the question's rarest one tells passages apart too little to rank them. */
const COMMON_RATIO = 20;

/**
 * The terms worth ranking by, given how many index rows each matches: a term far more common than
 * the question's rarest (found) term is left out, since BM25 would score every one of its rows
 * for almost no weight (the cost of a question grows with the rows its terms match). Terms no row
 * has are left out; when no term is found, none is returned.
 */
export function informativeTerms(counts: readonly { term: string; rows: number }[]): string[] {
  const found = counts.filter((c) => c.rows > 0);
  if (!found.length) return [];
  const rarest = Math.min(...found.map((c) => c.rows));
  const limit = Math.max(COMMON_FLOOR, rarest * COMMON_RATIO);
  return found.filter((c) => c.rows <= limit).map((c) => c.term);
}

/** Whether a term matches as a prefix too (askMatchExpression). */
export const matchesAsPrefix = (term: string) => term.length >= PREFIX_FROM;

/** The FTS5 MATCH expression: any of the terms (BM25 ranks those with more and rarer ones first). */
export function askMatchExpression(terms: readonly string[]): string {
  // Tokens are letters and digits only, so quoting is safe.
  return terms.map((t) => `"${t}"${matchesAsPrefix(t) ? " *" : ""}`).join(" OR ");
}

/**
 * The hits worth giving the model, from hits ranked best first (BM25: lower is better, and
 * negative): those within `relevanceFloor` of the best one's score, at most `passages`.
 */
export function relevantHits<T extends { score: number }>(ranked: readonly T[], max: number = ASK_LIMITS.passages): T[] {
  const best = ranked[0]?.score;
  if (best === undefined) return [];
  return ranked.filter((h) => h.score <= best * ASK_LIMITS.relevanceFloor).slice(0, max);
}

/** A retrieved utterance with the ones around it. */
export interface PassageText {
  text: string;
  before: string[];
  after: string[];
}

const cut = (text: string, max: number) => (text.length <= max ? text : max < 1 ? "" : `${text.slice(0, max - 1)}…`);

/**
 * The passages within `budget` characters (their texts and context together): each passage's
 * own text first, cut to its share of the budget, then context around the best-ranked ones while
 * room is left. Keeps the order; the result's n-th passage is the input's n-th.
 */
export function fitPassages<T extends PassageText>(passages: readonly T[], budget: number = ASK_LIMITS.contextChars): T[] {
  if (!passages.length || budget <= 0) return [];
  const share = Math.floor(budget / passages.length);
  const fitted = passages.map((p) => ({ ...p, text: cut(p.text, share), before: [] as string[], after: [] as string[] }));
  let left = budget - fitted.reduce((sum, p) => sum + p.text.length, 0);
  for (let i = 0; i < passages.length; i++) {
    const source = passages[i]!;
    const target = fitted[i]!;
    // The nearest context first: the utterance just before, then just after, then further out.
    const before = [...source.before].reverse();
    for (let k = 0; k < Math.max(before.length, source.after.length); k++) {
      const b = before[k];
      if (b !== undefined && b.length <= left) {
        target.before.unshift(b);
        left -= b.length;
      }
      const a = source.after[k];
      if (a !== undefined && a.length <= left) {
        target.after.push(a);
        left -= a.length;
      }
    }
  }
  return fitted;
}

/** Characters a passage takes of the budget. */
export const passageChars = (p: PassageText) => p.text.length + [...p.before, ...p.after].reduce((sum, t) => sum + t.length, 0);

const CITATION = /\s?\[(\d+(?:\s*,\s*\d+)*)\]/g;

/**
 * The answer with only real citations: a number that names no given passage (1 to `given`) is
 * removed, and a bracket left empty goes with the space before it. `cited` lists the real
 * numbers in order of first mention. Never throws.
 */
export function cleanCitations(answer: string, given: number): { answer: string; cited: number[] } {
  const cited: number[] = [];
  const cleaned = answer.replace(CITATION, (whole, list: string) => {
    const kept = list
      .split(",")
      .map((n) => Number(n.trim()))
      .filter((n) => Number.isInteger(n) && n >= 1 && n <= given);
    for (const n of kept) if (!cited.includes(n)) cited.push(n);
    if (!kept.length) return "";
    return `${whole.startsWith("[") ? "" : whole[0]}[${[...new Set(kept)].join(", ")}]`;
  });
  return { answer: cleaned.trim(), cited };
}
