// A file's highlights as a quote list (decision 047): each quote with who said it, when (h:mm:ss)
// and in which file, grouped by label (or one label's only), in text order. Highlights whose
// words were all deleted are left out: the quote is no longer in the transcript. Small enough to
// build while the request waits; at most HIGHLIGHT_LIMITS.exportMax quotes, the rest named. The
// DOCX is written in quote-list-docx.ts, loaded on first use.
import { EXPORT_FORMATS, exportFilename } from "../../common/exports";
import { clockTime, HIGHLIGHT_LIMITS, type HighlightDto, type QuoteListFormat } from "../../common/highlights";

export interface QuoteList {
  fileName: string;
  /** The one label asked for, if any. */
  label: string | undefined;
  groups: { label: string; quotes: HighlightDto[] }[];
  /** Highlights past the cap, not listed. */
  left: number;
}

export function quoteList(fileName: string, label: string | undefined, highlights: readonly HighlightDto[]): QuoteList {
  const present = highlights.filter((h) => !h.removed);
  const listed = present.slice(0, HIGHLIGHT_LIMITS.exportMax);
  const groups = new Map<string, HighlightDto[]>();
  for (const h of listed) groups.set(h.label, [...(groups.get(h.label) ?? []), h]);
  return { fileName, label, groups: [...groups].map(([label, quotes]) => ({ label, quotes })), left: present.length - listed.length };
}

/** The list's words, as both formats show them (the DOCX writer is loaded on its own and takes only these). */
export interface QuoteListTexts {
  title: string;
  /** A heading per label when the list holds every label's. */
  groups: { heading: string | null; quotes: { text: string; source: string }[] }[];
  /** Says how many were left out, if any. */
  left: string | null;
}

export function quoteListTexts(list: QuoteList): QuoteListTexts {
  return {
    title: list.label ? `“${list.label}” highlights: ${list.fileName}` : `Highlights: ${list.fileName}`,
    groups: list.groups.map((group) => ({
      heading: list.label ? null : group.label,
      // Who, when and where, after the quote.
      quotes: group.quotes.map((h) => ({ text: `“${h.text}”`, source: `— ${h.speaker}, ${clockTime(h.start_time)}, ${list.fileName}` })),
    })),
    left: list.left > 0 ? `${list.left.toLocaleString("en")} more not listed: export one label at a time.` : null,
  };
}

export function quoteListTxt(list: QuoteList): string {
  const texts = quoteListTexts(list);
  const out = [texts.title, "=".repeat(Math.min(80, [...texts.title].length))];
  if (!texts.groups.length) out.push("", "No highlights.");
  for (const group of texts.groups) {
    if (group.heading) out.push("", group.heading, "-".repeat([...group.heading].length));
    for (const quote of group.quotes) out.push("", quote.text, quote.source);
  }
  if (texts.left) out.push("", texts.left);
  return `${out.join("\n")}\n`;
}

/** The download's name and type: "<recording> - highlights.txt". */
export function quoteListFile(fileName: string, format: QuoteListFormat) {
  return {
    filename: exportFilename(fileName, format).replace(/\.(\w+)$/, " - highlights.$1"),
    contentType: EXPORT_FORMATS[format].contentType,
  };
}
