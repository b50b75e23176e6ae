import type { ExportOptions } from "../../../common/exports";
import type { ExportDocument } from "../document";
import { buildCues, cueTimestamp } from "./captions";

/**
 * SubRip: numbered cues. With speakers on, a cue that starts a new speaker's
 * turn is prefixed with "Name: " (SRT has no voice tag); the prefix counts
 * towards the line length, so cues are built from words that include it.
 */
export function renderSrt(doc: ExportDocument, options: ExportOptions): string {
  const utterances = options.include_speakers ? withSpeakerPrefix(doc) : doc.utterances;
  return buildCues(utterances)
    .map((cue, i) => `${i + 1}\n${cueTimestamp(cue.start, ",")} --> ${cueTimestamp(cue.end, ",")}\n${cue.lines.join("\n")}\n`)
    .join("\n");
}

/** The first word of each turn carries its speaker's name, so the name sits on the first line of the turn's first cue. */
function withSpeakerPrefix(doc: ExportDocument): ExportDocument["utterances"] {
  let previous: string | null = null;
  return doc.utterances.map((u) => {
    const turn = u.speaker !== previous;
    previous = u.speaker;
    if (!turn || u.words.length === 0) return u;
    const [first, ...rest] = u.words;
    return { ...u, words: [{ ...first!, text: `${u.speaker}: ${first!.text}` }, ...rest] };
  });
}
