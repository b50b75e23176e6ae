// The library search's query language, shared by the Worker (FTS5 MATCH
// expression, snippet marks) and the SPA (highlighting the words of a hit):
// words are ANDed, "quoted words" form a phrase, the last bare word matches as a
// prefix; case and accents never matter. Tokens follow FTS5's unicode61
// tokenizer: runs of letters and digits, everything else separates.

/** A word or a phrase: consecutive tokens; `prefix` when its last token matches as a prefix. */
export interface SearchTerm {
  tokens: string[];
  prefix: boolean;
}

export interface SearchMark {
  start: number;
  end: number;
}

const TOKEN = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** Lower case without diacritics, as unicode61 with remove_diacritics 2 indexes it. */
export function foldToken(token: string): string {
  return token.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The tokens of a text with their offsets in it (UTF-16 code units). */
export function tokenize(text: string): { token: string; start: number; end: number }[] {
  const out: { token: string; start: number; end: number }[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = foldToken(match[0]);
    if (token) out.push({ token, start: match.index, end: match.index + match[0].length });
  }
  return out;
}

const MAX_TERMS = 12;

/** Parses what the user typed; never throws, whatever the input (an unclosed quote runs to the end). */
export function parseSearchQuery(input: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const parts = input.match(/"[^"]*("|$)|[^\s"]+/g) ?? [];
  parts.forEach((part, index) => {
    const quoted = part.startsWith('"');
    const tokens = tokenize(quoted ? part.replace(/^"|"$/g, "") : part).map((t) => t.token);
    if (!tokens.length) return;
    // Prefix for the last word while it is being typed (not once a space or a closing quote follows it).
    const last = index === parts.length - 1 && !quoted && !/\s$/.test(input);
    terms.push({ tokens, prefix: last });
  });
  return terms.slice(0, MAX_TERMS);
}

/** The FTS5 MATCH expression for the terms in one column; tokens are letters and digits only, so quoting is safe. */
export function matchExpression(terms: SearchTerm[]): string {
  return terms.map((t) => `"${t.tokens.join(" ")}"${t.prefix ? " *" : ""}`).join(" ");
}

/** Where the terms occur in a text: every occurrence of every term, as offsets, in order, not overlapping. */
export function findMarks(text: string, terms: SearchTerm[]): SearchMark[] {
  const tokens = tokenize(text);
  const marks: SearchMark[] = [];
  for (const term of terms) {
    const n = term.tokens.length;
    for (let i = 0; i + n <= tokens.length; i++) {
      const hit = term.tokens.every((q, k) => {
        const t = tokens[i + k]!.token;
        return k === n - 1 && term.prefix ? t.startsWith(q) : t === q;
      });
      if (hit) marks.push({ start: tokens[i]!.start, end: tokens[i + n - 1]!.end });
    }
  }
  marks.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SearchMark[] = [];
  for (const m of marks) {
    const last = merged[merged.length - 1];
    if (last && m.start <= last.end) last.end = Math.max(last.end, m.end);
    else merged.push({ ...m });
  }
  return merged;
}

const SNIPPET_CHARS = 160;
const LEAD_CHARS = 50;

/** A window of the text around its first mark, with the marks' offsets inside the window ("…" where cut). */
export function makeSnippet(text: string, terms: SearchTerm[]): { text: string; marks: SearchMark[] } {
  const marks = findMarks(text, terms);
  if (text.length <= SNIPPET_CHARS) return { text, marks };
  const first = marks[0]?.start ?? 0;
  let from = Math.max(0, first - LEAD_CHARS);
  // Start and end on word boundaries.
  if (from > 0) {
    const space = text.indexOf(" ", from);
    from = space >= 0 && space < first ? space + 1 : from;
  }
  let to = Math.min(text.length, from + SNIPPET_CHARS);
  if (to < text.length) {
    const space = text.lastIndexOf(" ", to);
    to = space > first ? space : to;
  }
  const head = from > 0 ? "… " : "";
  const tail = to < text.length ? " …" : "";
  const shift = head.length - from;
  return {
    text: head + text.slice(from, to) + tail,
    marks: marks.filter((m) => m.start >= from && m.end <= to).map((m) => ({ start: m.start + shift, end: m.end + shift })),
  };
}
