// An utterance's indexed text from its stored `words` column: the one place search reads
// that column's format (the index triggers in the migrations say the same in SQL).
import type { StoredWord } from "../transcripts/ingest";

/** The words' texts joined by spaces, as the index holds them. */
export function wordsText(words: string): string {
  return (JSON.parse(words) as StoredWord[]).map((w) => w.t).join(" ");
}
