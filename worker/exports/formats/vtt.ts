import type { ExportOptions } from "../../../common/exports";
import type { ExportDocument } from "../document";
import { buildCues, captionText, cueTimestamp } from "./captions";

export const escapeVtt = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A speaker's name as a voice span's annotation: one line, and no "--" before the tag's ">" (that would read "-->"). */
const voiceName = (name: string) => escapeVtt(captionText(name)).replace(/-{2,}$/, "-");

/** WebVTT with the speaker as a voice span (`<v Name>`), which players show or style. */
export function renderVtt(doc: ExportDocument, options: ExportOptions): string {
  const cues = buildCues(doc.utterances).map((cue) => {
    const text = escapeVtt(cue.lines.join("\n"));
    const voice = options.include_speakers ? `<v ${voiceName(cue.speaker)}>` : "";
    return `${cueTimestamp(cue.start, ".")} --> ${cueTimestamp(cue.end, ".")}\n${voice}${text}\n`;
  });
  return ["WEBVTT", "", ...cues].join("\n");
}
