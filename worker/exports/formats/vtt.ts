import type { ExportOptions } from "../../../common/exports";
import type { ExportDocument } from "../document";
import { buildCues, cueTimestamp } from "./captions";

const escapeVtt = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** WebVTT with the speaker as a voice span (`<v Name>`), which players show or style. */
export function renderVtt(doc: ExportDocument, options: ExportOptions): string {
  const cues = buildCues(doc.utterances).map((cue) => {
    const text = escapeVtt(cue.lines.join("\n"));
    const voice = options.include_speakers ? `<v ${escapeVtt(cue.speaker).replace(/[\r\n]/g, " ")}>` : "";
    return `${cueTimestamp(cue.start, ".")} --> ${cueTimestamp(cue.end, ".")}\n${voice}${text}\n`;
  });
  return ["WEBVTT", "", ...cues].join("\n");
}
