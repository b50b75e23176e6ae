// Comment threads as real Word comments: each thread a comment on its words, each reply a Word
// reply to it (threaded through commentsExtended.xml), a resolved thread marked done. Word
// keeps a reply only with its own range and reference, so replies mark the thread's words too.
import { CommentRangeEnd, CommentRangeStart, CommentReference, type ICommentOptions, Paragraph, type ParagraphChild, TextRun } from "docx";
import { bodyLines, type ExportThread, wordCommentPrefix } from "../comments";
import { xmlText } from "./xml-text";

/** Word comment ids at one point between words. */
interface Marks {
  /** Ranges ending after the word before. */
  ends: number[];
  /** Ranges starting before the word after. */
  starts: number[];
  /** Ranges with no words (a removed anchor). */
  points: number[];
}

export interface WordComments {
  comments: ICommentOptions[];
  /** By utterance index, then by gap (before word `gap`). */
  marks: Map<number, Map<number, Marks>>;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0])
    .join("")
    .toUpperCase();

/** A stored time as a Date for Word; an unreadable one is left for the library to fill in. */
function dateOf(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const paragraphs = (body: string) => bodyLines(body).map((line) => new Paragraph({ children: [new TextRun(xmlText(line))] }));

export function wordComments(threads: readonly ExportThread[]): WordComments {
  const comments: ICommentOptions[] = [];
  const marks = new Map<number, Map<number, Marks>>();
  const at = (utterance: number, gap: number): Marks => {
    const gaps = marks.get(utterance) ?? new Map<number, Marks>();
    marks.set(utterance, gaps);
    const m = gaps.get(gap) ?? { ends: [], starts: [], points: [] };
    gaps.set(gap, m);
    return m;
  };
  for (const t of threads) {
    const id = comments.length;
    const person = (name: string) => ({ author: xmlText(name), initials: xmlText(initials(name)) });
    comments.push({
      id,
      ...person(t.author),
      date: dateOf(t.date),
      resolved: t.resolved,
      children: paragraphs(wordCommentPrefix(t) + t.body),
    });
    for (const r of t.replies) {
      comments.push({
        id: comments.length,
        parentId: id,
        ...person(r.author),
        date: dateOf(r.date),
        resolved: t.resolved,
        children: paragraphs(r.body),
      });
    }
    const ids = comments.slice(id).map((c) => c.id);
    if (t.start.utterance === t.end.utterance && t.start.gap === t.end.gap) at(t.start.utterance, t.start.gap).points.push(...ids);
    else {
      at(t.start.utterance, t.start.gap).starts.push(...ids);
      at(t.end.utterance, t.end.gap).ends.push(...ids);
    }
  }
  return { comments, marks };
}

const reference = (id: number) => new TextRun({ children: [new CommentReference(id)] });

/**
 * An utterance's words as runs with the comment ranges marked between them. Words run together
 * in one run up to the next mark, so a long transcript stays a run or two per paragraph.
 */
export function markedRuns(words: readonly string[], marks: Map<number, Marks> | undefined): ParagraphChild[] {
  if (!marks) return [new TextRun(xmlText(words.join(" ")))];
  const out: ParagraphChild[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push(new TextRun(xmlText(text)));
    text = "";
  };
  for (let gap = 0; gap <= words.length; gap++) {
    const m = marks.get(gap);
    if (m?.ends.length) {
      flush();
      for (const id of m.ends) out.push(new CommentRangeEnd(id), reference(id));
    }
    if (gap > 0 && gap < words.length) text += " ";
    if (m && (m.starts.length || m.points.length)) {
      flush();
      for (const id of m.starts) out.push(new CommentRangeStart(id));
      for (const id of m.points) out.push(new CommentRangeStart(id), new CommentRangeEnd(id), reference(id));
    }
    if (gap < words.length) text += words[gap];
  }
  flush();
  return out;
}
