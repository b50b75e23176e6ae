// An utterance's indexed text from its stored `words` column (either stored form,
// worker/transcripts/stored-words.ts; the index's SQL in migrations 0019 says the same).
import { decodeWords } from "../transcripts/stored-words";

/** The words' texts joined by spaces, as the index holds them. */
export function wordsText(words: string): string {
  return decodeWords(words)
    .map((w) => w.t)
    .join(" ");
}
