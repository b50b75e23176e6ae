// Captions from word times, following common subtitle practice: a cue lasts at
// most 7 s and holds at most 2 lines of at most 42 characters, broken only
// between words; a cue never spans two utterances (a change of speaker), and one
// too short to read joins a neighbour (core/subtitle-cues.ts).
import { toPlainText } from "../../../core/plain-text";
import { joinShortCues } from "../../../core/subtitle-cues";
import type { ExportUtterance, ExportWord } from "../document";

export const CAPTION_RULES = { maxCueSeconds: 7, maxLines: 2, maxLineChars: 42, minCueSeconds: 0.5 } as const;

export interface Cue {
  start: number;
  end: number;
  lines: string[];
  speaker: string;
}

const length = (text: string) => [...text].length;

/**
 * Text as one caption line, whatever is stored (rows written before words and names were
 * plain text): a line break becomes a space and other controls go, so no word starts a new
 * line or cue, and an arrow loses a hyphen, so no line reads as a timing line.
 */
export function captionText(text: string): string {
  return toPlainText(text)
    .replace(/ {2,}/g, " ")
    .replace(/-{2,}>/g, "->")
    .trim();
}

/** Cues for every utterance, in order, never overlapping. */
export function buildCues(utterances: readonly ExportUtterance[], rules = CAPTION_RULES): Cue[] {
  const cues: Cue[] = [];
  for (const u of utterances) {
    if (u.wholeCues) {
      for (const w of u.words) cues.push({ start: w.start, end: w.end, lines: wrapLines(captionText(w.text), rules), speaker: u.speaker });
      continue;
    }
    const words = u.words.map((w) => ({ ...w, text: captionText(w.text) })).filter((w) => w.text);
    for (const group of joinShortCues(fillCues(words, rules), (group) => fitsOneCue(group, rules))) {
      cues.push({
        start: group[0]!.start,
        end: Math.max(...group.map((w) => Math.max(w.start, w.end))),
        lines: wrapLines(group.map((w) => w.text).join(" "), rules),
        speaker: u.speaker,
      });
    }
  }
  return settleTimes(cues, rules);
}

/** Whether words make one cue: within the time, on the lines (a lone word always does). */
function fitsOneCue(words: readonly ExportWord[], rules: typeof CAPTION_RULES): boolean {
  if (words.length < 2) return true;
  const end = Math.max(...words.map((w) => Math.max(w.start, w.end)));
  return end - words[0]!.start <= rules.maxCueSeconds && wrapLines(words.map((w) => w.text).join(" "), rules).length <= rules.maxLines;
}

/** An utterance's words as cues, each filled while the next word fits it. */
function fillCues(words: readonly ExportWord[], rules: typeof CAPTION_RULES): ExportWord[][] {
  const groups: ExportWord[][] = [];
  for (const word of words) {
    const current = groups.at(-1);
    if (current && fitsOneCue([...current, word], rules)) current.push(word);
    else groups.push([word]);
  }
  return groups;
}

/** A caption's text as lines of at most the line length, broken between words. */
function wrapLines(text: string, rules: typeof CAPTION_RULES): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines[lines.length - 1];
    if (last !== undefined && length(last) + 1 + length(word) <= rules.maxLineChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Each cue lasts between the minimum and 7 s, and ends before the next begins. */
function settleTimes(cues: Cue[], rules: typeof CAPTION_RULES): Cue[] {
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    const next = cues[i + 1];
    cue.start = Math.max(0, cue.start, i > 0 ? cues[i - 1]!.end : 0);
    let end = Math.max(cue.end, cue.start + rules.minCueSeconds);
    end = Math.min(end, cue.start + rules.maxCueSeconds);
    if (next) end = Math.min(end, Math.max(next.start, cue.start));
    cue.end = Math.max(end, cue.start);
  }
  return cues;
}

/** "01:02:03,456" (SRT) or "01:02:03.456" (VTT). */
export function cueTimestamp(seconds: number, separator: "," | "."): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}
