// What an export contains, built from the transcript as it stands: the same
// speakers' current names, corrected words and order the editor shows. Every
// format renders the same blocks, so a PDF, a DOCX and a TXT never disagree.
import type { ChapterDto } from "../../common/chapters";
import type { CommentDto } from "../../common/comments";
import type { ExportOptions } from "../../common/exports";
import { formatDuration, formatTimestamp } from "../../core/timestamps";
import type { SpeakerDto, TranscriptDto, UtteranceDto } from "../../core/transcript";
import { type ExportThread, placeThreads } from "./comments";

export interface ExportWord {
  text: string;
  start: number;
  end: number;
}

export interface ExportUtterance {
  speaker: string;
  start: number;
  end: number;
  /** The words joined by single spaces, exactly as the editor shows them. */
  text: string;
  words: ExportWord[];
  /** A translation's: each "word" is a whole caption, cut and timed by core/subtitle-cues.ts. */
  wholeCues?: true;
}

export interface ExportDocument {
  title: string;
  /** When the recording was added (ISO). */
  date: string;
  duration: number;
  speakers: { name: string; role: string | null }[];
  summary: string | null;
  notes: string | null;
  utterances: ExportUtterance[];
  /** Comment threads on the utterances, in text order; empty unless they were read for this export. */
  comments: ExportThread[];
  /** The chapters in order (absent: none). */
  chapters?: ExportChapter[];
}

export interface ExportChapter {
  title: string;
  summary: string;
  start: number;
  end: number;
  /** The index of the utterance it starts in: its heading goes before it. */
  utterance: number;
}

/** Each chapter with the utterance holding its first word (a word not found: the first utterance still running at its time). */
function placeChapters(kept: readonly UtteranceDto[], chapters: readonly ChapterDto[]): ExportChapter[] {
  const inUtterance = new Map<string, number>();
  kept.forEach((u, i) => {
    for (const w of u.transcriptWords) inUtterance.set(w.id, i);
  });
  return chapters.map((c) => {
    const byTime = kept.findIndex((u) => u.endTime > c.start_time);
    const utterance = inUtterance.get(c.start_word_id) ?? (byTime >= 0 ? byTime : Math.max(0, kept.length - 1));
    return { title: c.title, summary: c.summary, start: c.start_time, end: c.end_time, utterance };
  });
}

export function buildExportDocument(
  file: { name: string; createdAt: string },
  transcript: Pick<TranscriptDto, "duration" | "summary" | "notes">,
  speakers: SpeakerDto[],
  utterances: UtteranceDto[],
  comments: readonly CommentDto[] = [],
  chapters: readonly ChapterDto[] = [],
): ExportDocument {
  const names = new Map(speakers.map((s) => [s.id, s.displayName]));
  const kept = utterances.filter((u) => u.transcriptWords.length > 0);
  return {
    title: file.name,
    date: file.createdAt,
    duration: transcript.duration,
    // Only the speakers someone hears in the recording; an added, unused one is left out.
    speakers: speakers.filter((s) => s.utteranceCount > 0).map((s) => ({ name: s.displayName, role: s.role })),
    summary: transcript.summary?.trim() || null,
    notes: transcript.notes?.trim() || null,
    utterances: kept.map((u) => ({
      speaker: names.get(u.speakerId) ?? "Unknown speaker",
      start: u.startTime,
      end: u.endTime,
      text: u.transcriptWords.map((w) => w.text).join(" "),
      words: u.transcriptWords.map((w) => ({ text: w.text, start: w.startTime, end: w.endTime })),
    })),
    comments: placeThreads(kept, comments),
    chapters: placeChapters(kept, chapters),
  };
}

export type Block =
  | { kind: "title"; text: string }
  | { kind: "meta"; label: string; text: string }
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "speaker"; name: string; role: string | null }
  | {
      kind: "utterance";
      /** Its index in the document's utterances. */
      index: number;
      speaker: string | null;
      timestamp: string | null;
      text: string;
      /** The comment threads noted under it (those starting in it), when comments are included. */
      notes: ExportThread[];
    }
  /** A chapter's heading, before the utterance it starts in; `number` counts from 1. */
  | { kind: "chapter"; number: number; title: string; timestamp: string };

const DATE_FORMAT = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

export function formatExportDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMAT.format(date);
}

/** Summary and notes keep the user's paragraphs: one block per non-empty line. */
const paragraphs = (text: string): Block[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "")
    .map((line) => ({ kind: "paragraph", text: line }));

/** The document as an ordered list of blocks, with the user's export options applied. */
export function documentBlocks(doc: ExportDocument, options: ExportOptions): Block[] {
  const blocks: Block[] = [
    { kind: "title", text: doc.title },
    { kind: "meta", label: "Date", text: formatExportDate(doc.date) },
    { kind: "meta", label: "Duration", text: formatDuration(doc.duration) },
  ];
  const chapters = options.include_chapters ? (doc.chapters ?? []) : [];
  // The table of contents: a `0:00 Title` line per chapter.
  if (chapters.length) {
    blocks.push({ kind: "heading", text: "Chapters" });
    for (const c of chapters) blocks.push({ kind: "paragraph", text: `${formatTimestamp(c.start)} ${c.title}` });
  }
  if (options.include_speakers && doc.speakers.length > 0) {
    blocks.push({ kind: "heading", text: "Speakers" });
    for (const s of doc.speakers) blocks.push({ kind: "speaker", name: s.name, role: s.role });
  }
  if (options.include_summary && doc.summary) blocks.push({ kind: "heading", text: "Summary" }, ...paragraphs(doc.summary));
  if (options.include_notes && doc.notes) blocks.push({ kind: "heading", text: "Notes" }, ...paragraphs(doc.notes));
  blocks.push({ kind: "heading", text: "Transcript" });
  const notes = new Map<number, ExportThread[]>();
  if (options.include_comments) {
    for (const t of doc.comments) {
      const list = notes.get(t.start.utterance);
      if (list) list.push(t);
      else notes.set(t.start.utterance, [t]);
    }
  }
  let next = 0;
  doc.utterances.forEach((u, index) => {
    for (; next < chapters.length && chapters[next]!.utterance <= index; next++) {
      const c = chapters[next]!;
      blocks.push({ kind: "chapter", number: next + 1, title: c.title, timestamp: formatTimestamp(c.start) });
    }
    blocks.push({
      kind: "utterance",
      index,
      speaker: options.include_speakers ? u.speaker : null,
      timestamp: options.include_timestamps ? formatTimestamp(u.start) : null,
      text: u.text,
      notes: notes.get(index) ?? [],
    });
  });
  return blocks;
}

/** "Alice (Host)" or "Alice". */
export const speakerLabel = (name: string, role: string | null) => (role ? `${name} (${role})` : name);
