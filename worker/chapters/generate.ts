// Chapters from a language model, for any length of transcript (decision 046): the transcript
// goes as numbered utterances (number, time, speaker, text) in windows of at most
// CHAPTER_WINDOW_CHARS characters, each window's answer is JSON checked with zod (one retry
// when it cannot be read), and the windows' chapters are joined in order. A window starts
// with the last lines of the one before for context, so a chapter found twice at an edge is
// kept once.
import * as z from "zod";
import { CHAPTER_WINDOW_CHARS } from "../../common/chapters";
import { CHAPTER_LIMITS } from "../../core/chapters";
import { toPlainText } from "../../core/plain-text";
import { formatTimestamp } from "../../core/timestamps";
import { type ChatModel, mapLimited, PARALLEL } from "../summaries/summarize";

/** One utterance as the job reads it. */
export interface TranscriptLine {
  speaker: string;
  start: number;
  text: string;
}

/** One utterance as the model sees it; `number` counts from 1. */
interface ChapterLine {
  number: number;
  time: number;
  speaker: string;
  text: string;
}

/** A chapter as proposed by the model: the number of the utterance it starts at (from 1). */
export interface ProposedChapter {
  start: number;
  title: string;
  summary: string;
}

/** Lines of the window before, repeated at the start of the next one as context. */
const OVERLAP = 3;
const MAX_TOKENS = 900;
/** About how many chapters a whole recording is asked for at most, shared among its windows. */
const WHOLE_CHAPTERS = 40;

export class UnreadableChaptersError extends Error {}

const lineText = (l: ChapterLine) => `${l.number} [${formatTimestamp(l.time)}] ${l.speaker}: ${l.text}`;

export interface ChapterWindow {
  /** The first line shown: the context lines from the window before come first. */
  from: number;
  /** The lines the window is asked about. */
  first: number;
  last: number;
  text: string;
}

/**
 * Windows of at most `max` characters. A line is cut to half of that at most, a context line
 * to an eighth (a chapter needs an utterance's start, not all of it), so every window fits.
 */
export function chapterWindows(lines: readonly ChapterLine[], max = CHAPTER_WINDOW_CHARS): ChapterWindow[] {
  const windows: ChapterWindow[] = [];
  let i = 0;
  while (i < lines.length) {
    const context = windows.length ? lines.slice(Math.max(0, i - OVERLAP), i) : [];
    const texts = context.map((l) => lineText(l).slice(0, max / 8));
    let size = texts.reduce((n, t) => n + t.length + 1, 0);
    const start = i;
    while (i < lines.length) {
      const text = lineText(lines[i]!).slice(0, max / 2);
      if (i > start && size + text.length + 1 > max) break;
      texts.push(text);
      size += text.length + 1;
      i++;
    }
    windows.push({
      from: (context[0] ?? lines[start]!).number,
      first: lines[start]!.number,
      last: lines[i - 1]!.number,
      text: texts.join("\n"),
    });
  }
  return windows;
}

const SYSTEM =
  "You divide transcripts of recordings into chapters where the topic changes. Use only what the transcript says. " +
  "Answer with JSON only, in the language of the transcript.";

function prompt(window: ChapterWindow, total: number, most: number): string {
  const context =
    window.from < window.first ? ` Lines ${window.from} to ${window.first - 1} end the part before and are there for context only.` : "";
  return (
    `Chapters of utterances ${window.first} to ${window.last} of ${total}, one utterance a line: its number, [time], speaker: text.${context}\n` +
    `Divide lines ${window.first} to ${window.last} into 1 to ${most} chapters, each starting where a new topic starts` +
    `${window.first === 1 ? " (the first at line 1)" : ""}. ` +
    'Answer {"chapters": [{"start": <line number>, "title": "<at most 8 words>", "summary": "<one sentence>"}]}.\n\n' +
    `Lines:\n${window.text}`
  );
}

const answerSchema = z.object({
  chapters: z.array(z.object({ start: z.number().int(), title: z.string(), summary: z.string().optional() })),
});

/** The chapters of an answer, or null when it is not the JSON asked for (code fences and text around it are tolerated). */
function readChapterAnswer(text: string): ProposedChapter[] | null {
  const from = text.indexOf("{");
  const to = text.lastIndexOf("}");
  if (from < 0 || to < from) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(from, to + 1));
  } catch {
    return null;
  }
  const read = answerSchema.safeParse(parsed);
  return read.success ? read.data.chapters.map((c) => ({ start: c.start, title: c.title, summary: c.summary ?? "" })) : null;
}

const clean = (text: string, max: number) => toPlainText(text).replace(/\s+/g, " ").trim().slice(0, max).trim();

/** One window's chapters: asked again once when the answer cannot be read, then UnreadableChaptersError. */
async function windowChapters(model: ChatModel, window: ChapterWindow, total: number, most: number): Promise<ProposedChapter[]> {
  const messages = [
    { role: "system" as const, content: SYSTEM },
    { role: "user" as const, content: prompt(window, total, most) },
  ];
  for (let attempt = 0; attempt < 2; attempt++) {
    const read = readChapterAnswer(await model.complete(messages, MAX_TOKENS));
    if (read) return read.filter((c) => c.start >= window.first && c.start <= window.last);
  }
  throw new UnreadableChaptersError("The model's chapters could not be read");
}

/**
 * The windows' chapters in order, each once: one starting at or before the last kept, or named
 * as the one before it (a topic running over a window's edge), is left out. The first starts at
 * line 1; titles and summaries are made plain text of the allowed length.
 */
function joinChapters(perWindow: readonly ProposedChapter[][]): ProposedChapter[] {
  const joined: ProposedChapter[] = [];
  for (const list of perWindow) {
    for (const c of [...list].sort((a, b) => a.start - b.start)) {
      const title = clean(c.title, CHAPTER_LIMITS.titleMax);
      const previous = joined.at(-1);
      if (!title || (previous && (c.start <= previous.start || title.toLowerCase() === previous.title.toLowerCase()))) continue;
      joined.push({ start: c.start, title, summary: clean(c.summary, CHAPTER_LIMITS.summaryMax) });
    }
  }
  if (joined[0]) joined[0].start = 1;
  return spread(joined, CHAPTER_LIMITS.chaptersMax);
}

/** At most `max`, picked evenly from the first to the last, so the kept ones still span the recording. */
function spread<T>(list: T[], max: number): T[] {
  if (list.length <= max) return list;
  return Array.from({ length: max }, (_, i) => list[Math.round((i * (list.length - 1)) / (max - 1))]!);
}

/** The chapters of a transcript's utterances, numbered from 1 (none without words). */
export async function generateChapters(model: ChatModel, utterances: readonly TranscriptLine[]): Promise<ProposedChapter[]> {
  const lines = utterances.map((u, i) => ({ number: i + 1, time: u.start, speaker: u.speaker, text: u.text }));
  const windows = chapterWindows(lines.filter((l) => l.text.trim()));
  // A few chapters a window for a long recording, so the whole stays an outline one can read.
  const most = Math.min(8, Math.max(2, Math.floor(WHOLE_CHAPTERS / windows.length)));
  return joinChapters(await mapLimited(windows, PARALLEL, (w) => windowChapters(model, w, lines.length, most)));
}
