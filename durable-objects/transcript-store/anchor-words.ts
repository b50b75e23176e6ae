// A transcript's words in text order for the anchors laid on them (comments, highlights; core/
// comment-anchors.ts): read once per call, by utterance order key, each utterance's words in place.
import { AnchorIndex, type AnchorWord } from "../../core/comment-anchors";
import { defaultSpeakerName } from "../../core/speaker-stats";
import { readStoreWords } from "./layout";

/** The words of a transcript; `speakers`, when given, gets each word's speaker key at the word's index. */
export function transcriptWordIndex(sql: SqlStorage, transcript: number, speakers?: number[]): AnchorIndex {
  const words: AnchorWord[] = [];
  for (const row of sql.exec<{ id: number; speaker: number; words: string }>(
    "SELECT id, speaker, words FROM utterances WHERE transcript = ? ORDER BY order_key",
    transcript,
  )) {
    for (const w of readStoreWords(row.id, row.words)) {
      words.push({ id: w.id, text: w.t, start: w.s, end: w.e });
      speakers?.push(row.speaker);
    }
  }
  return new AnchorIndex(words);
}

/** Speaker key → the name the transcript shows for it ("Speaker 2" until named). */
export function speakerNames(sql: SqlStorage, transcript: number): Map<number, string> {
  const names = new Map<number, string>();
  for (const r of sql.exec<{ id: number; name: string | null; position: number }>(
    "SELECT id, name, position FROM speakers WHERE transcript = ?",
    transcript,
  ))
    names.set(r.id, r.name ?? defaultSpeakerName(r));
  return names;
}
