import type { ExportDocument } from "../document";
import { captionText, cueTimestamp } from "./captions";
import { escapeVtt } from "./vtt";

/**
 * A WebVTT chapters track (`<track kind="chapters">`): one cue per chapter, its title the cue's
 * text, from the start of the media to the end of the last chapter. A chapter of no length
 * (two that came to start at one word) has no cue.
 */
export function renderVttChapters(doc: ExportDocument): string {
  const chapters = doc.chapters ?? [];
  const cues = chapters.flatMap((c, i) => {
    const start = i === 0 ? 0 : c.start;
    if (c.end <= start) return [];
    return [`${i + 1}\n${cueTimestamp(start, ".")} --> ${cueTimestamp(c.end, ".")}\n${escapeVtt(captionText(c.title))}\n`];
  });
  return ["WEBVTT", "", ...cues].join("\n");
}
