// "Find what to redact" (decision 058): likely personal data in a transcript's text, each with
// how often it occurs. The text to redact is what a bulk redaction takes as its query; e-mails,
// phone numbers and digit runs can also be redacted by kind, every one at once.
import { utteranceText } from "./replace-match";

export const SUGGESTION_KINDS = ["email", "phone", "number", "speaker", "name"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];
/** The kinds a bulk redaction can take whole (each occurrence found by its pattern). */
export const PATTERN_KINDS = ["email", "phone", "number"] as const;
export type PatternKind = (typeof PATTERN_KINDS)[number];

export interface RedactionSuggestion {
  kind: SuggestionKind;
  text: string;
  count: number;
}

export const SUGGESTIONS_MAX = 200;

const PATTERNS: Record<PatternKind, RegExp> = {
  email: /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu,
  // Digit groups joined by spaces, dots, dashes or brackets, 7 to 15 digits in all, at least two groups or a leading +.
  phone: /(?<![\p{L}\p{N}])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{1,5}(?:[\s.-]\d{1,5}){1,5}(?![\p{L}\p{N}])/gu,
  // Account, card and ID numbers said as one run.
  number: /(?<![\p{L}\p{N}])\d{6,}(?![\p{L}\p{N}])/gu,
};

const digits = (s: string) => s.replace(/\D/g, "").length;

/** Each occurrence of a kind in one text, as offsets (end exclusive). */
export function patternMatches(text: string, kind: PatternKind): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const m of text.matchAll(PATTERNS[kind])) {
    const found = m[0].replace(/[.\s-]+$/u, "");
    if (kind === "phone") {
      const n = digits(found);
      if (n < 7 || n > 15) continue;
      if (!/[\s.()-]/.test(found) && !found.startsWith("+")) continue;
    }
    out.push({ start: m.index, end: m.index + found.length });
  }
  return out;
}

/** Capitalised words that start no sentence: the words a name is likely made of. */
const NOT_NAMES = new Set(
  "I I'm I've I'll I'd OK Okay Mr Mrs Ms Dr Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December English".split(
    " ",
  ),
);

export function redactionSuggestions(
  utterances: readonly { transcriptWords: readonly { text: string }[] }[],
  speakerNames: readonly string[],
): RedactionSuggestion[] {
  const counts = new Map<string, RedactionSuggestion>();
  const add = (kind: SuggestionKind, text: string, n = 1) => {
    const key = `${kind}\u0000${kind === "name" || kind === "speaker" ? text : text}`;
    const known = counts.get(key);
    if (known) known.count += n;
    else counts.set(key, { kind, text, count: n });
  };
  const texts = utterances.map((u) => utteranceText(u.transcriptWords));
  const capitalised = new Map<string, { all: number; midSentence: number }>();
  for (const text of texts) {
    const taken: { start: number; end: number }[] = [];
    for (const kind of PATTERN_KINDS) {
      for (const m of patternMatches(text, kind)) {
        // A phone number's digits are not a digit run too, nor an e-mail's.
        if (taken.some((t) => m.start < t.end && m.end > t.start)) continue;
        taken.push(m);
        add(kind, text.slice(m.start, m.end));
      }
    }
    const words = text.split(" ");
    for (let i = 0; i < words.length; i++) {
      const bare = words[i]!.replace(/^[^\p{L}]+|[^\p{L}'’]+$/gu, "").replace(/['’]s$/u, "");
      if (!/^\p{Lu}\p{Ll}+$/u.test(bare) || NOT_NAMES.has(bare)) continue;
      const startsSentence = i === 0 || /[.!?]["”’)]*$/u.test(words[i - 1]!);
      const seen = capitalised.get(bare) ?? { all: 0, midSentence: 0 };
      seen.all++;
      if (!startsSentence) seen.midSentence++;
      capitalised.set(bare, seen);
    }
  }
  const lowerTexts = texts.map((t) => t.toLowerCase());
  for (const name of new Set(speakerNames.map((n) => n.trim()).filter((n) => n.length >= 2))) {
    const count = countWholeWord(lowerTexts, name.toLowerCase());
    if (count > 0) add("speaker", name, count);
    for (const part of name.split(/\s+/)) {
      if (part === name || part.length < 3) continue;
      const n = countWholeWord(lowerTexts, part.toLowerCase());
      if (n > 0) add("speaker", part, n);
    }
  }
  const speakerParts = new Set(speakerNames.flatMap((n) => n.split(/\s+/)));
  for (const [word, seen] of capitalised) {
    if (seen.all >= 2 && seen.midSentence >= 1 && !speakerParts.has(word)) add("name", word, seen.all);
  }
  const order = new Map(SUGGESTION_KINDS.map((k, i) => [k, i]));
  return [...counts.values()].sort((a, b) => order.get(a.kind)! - order.get(b.kind)! || b.count - a.count).slice(0, SUGGESTIONS_MAX);
}

function countWholeWord(lowerTexts: readonly string[], needle: string): number {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "gu");
  let n = 0;
  for (const t of lowerTexts) n += t.match(pattern)?.length ?? 0;
  return n;
}
