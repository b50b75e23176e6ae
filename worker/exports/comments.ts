// Comment threads in an export (docs/api.md, Exports): where each one sits among the exported
// words and how its note reads, worked out once so the DOCX, PDF and TXT agree.
import type { CommentDto } from "../../common/comments";

/** A point between words: before word `gap` of utterance `utterance` (indexes of the export's utterances). */
interface ExportPlace {
  utterance: number;
  gap: number;
}

interface ExportReply {
  author: string;
  /** ISO time it was written. */
  date: string;
  body: string;
}

export interface ExportThread {
  /** 1, 2, … in text order: the PDF's note numbers. */
  number: number;
  author: string;
  date: string;
  body: string;
  resolved: boolean;
  /** Its words were all deleted: it sits where they were, as a point. */
  removed: boolean;
  /** The anchored words (the last ones it had, once removed). */
  text: string;
  replies: ExportReply[];
  /** The range runs from before its first word to after its last: `end.gap` is one past it. */
  start: ExportPlace;
  end: ExportPlace;
}

/** An exported utterance's times and words, as the read API gives them. */
interface PlacedWords {
  startTime: number;
  endTime: number;
  transcriptWords: readonly { id: string; startTime: number }[];
}

const name = (person: { full_name: string }) => person.full_name.trim() || "Unknown";

/** The threads on the export's utterances, in text order and numbered; none when there is nothing to place them on. */
export function placeThreads(utterances: readonly PlacedWords[], comments: readonly CommentDto[]): ExportThread[] {
  if (!utterances.length || !comments.length) return [];
  const at = new Map<string, ExportPlace>();
  utterances.forEach((u, utterance) => {
    u.transcriptWords.forEach((w, gap) => {
      at.set(w.id, { utterance, gap });
    });
  });
  const placed = comments.map((c) => {
    const first = at.get(c.anchor.start_word_id);
    const last = at.get(c.anchor.end_word_id);
    // The API gives a present anchor's first and last word; a removed one (or words gone since
    // the comments were read) is placed by its time.
    const range =
      !c.anchor.removed && first && last
        ? ordered(first, { utterance: last.utterance, gap: last.gap + 1 })
        : point(placeAt(utterances, c.anchor.start_time));
    return { c, ...range };
  });
  placed.sort((a, b) => a.start.utterance - b.start.utterance || a.start.gap - b.start.gap);
  return placed.map(({ c, start, end }, i) => ({
    number: i + 1,
    author: name(c.author),
    date: c.created_at,
    body: c.body,
    resolved: c.resolved,
    removed: c.anchor.removed,
    text: c.anchor.text,
    replies: c.replies.map((r) => ({ author: name(r.author), date: r.created_at, body: r.body })),
    start,
    end,
  }));
}

const point = (place: ExportPlace) => ({ start: place, end: place });

function ordered(start: ExportPlace, end: ExportPlace) {
  const reversed = end.utterance < start.utterance || (end.utterance === start.utterance && end.gap <= start.gap);
  return reversed ? { start: { ...end, gap: end.gap - 1 }, end: { ...start, gap: start.gap + 1 } } : { start, end };
}

/** The utterance whose time holds `time` (else the nearest), before its first word starting at or after it. */
function placeAt(utterances: readonly PlacedWords[], time: number): ExportPlace {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < utterances.length; i++) {
    const u = utterances[i]!;
    const distance = time < u.startTime ? u.startTime - time : time > u.endTime ? time - u.endTime : 0;
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
      if (distance === 0) break;
    }
  }
  const words = utterances[best]!.transcriptWords;
  const gap = words.findIndex((w) => w.startTime >= time);
  return { utterance: best, gap: gap < 0 ? words.length : gap };
}

const QUOTE_MAX = 60;

/** The anchored words as a note quotes them: whole words, at most 60 characters with the ellipsis. */
function shortQuote(text: string): string {
  const chars = [...text];
  if (chars.length <= QUOTE_MAX) return text;
  const cut = chars.slice(0, QUOTE_MAX - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > 0 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** `on “the words” (text removed) (resolved)`: what a note in the PDF and TXT is about. */
export function noteSubject(thread: ExportThread): string {
  return [`on “${shortQuote(thread.text)}”`, thread.removed ? "(text removed)" : "", thread.resolved ? "(resolved)" : ""]
    .filter(Boolean)
    .join(" ");
}

/** What a Word comment says before its body, since Word shows the range but not a removed anchor or (in some readers) resolution. */
export function wordCommentPrefix(thread: ExportThread): string {
  return [thread.resolved ? "(resolved)" : "", thread.removed ? `(text removed: “${shortQuote(thread.text)}”)` : ""]
    .filter(Boolean)
    .map((s) => `${s} `)
    .join("");
}

/** A comment body's lines (bodies keep the writer's line breaks). */
export const bodyLines = (body: string) => body.split("\n");
