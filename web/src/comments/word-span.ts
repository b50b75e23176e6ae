// Which words a selection covers, from text offsets in an utterance's text (its words joined by
// single spaces, as the editor draws them).

/** The index of the word at a text offset when it starts a selection: the one it is in, or the next one. */
export function firstWordAt(text: string, offset: number): number | null {
  let index = 0;
  const re = /\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (offset < m.index + m[0].length) return index;
    index++;
  }
  return null;
}

/** The index of the word at a text offset when it ends a selection: the one it is in, or the one before. */
export function lastWordAt(text: string, offset: number): number | null {
  let index = -1;
  const re = /\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index >= offset) break;
    index++;
  }
  return index < 0 ? null : index;
}

/**
 * The words from `start` to `end` of one text: those the selection touches; for a caret (start
 * equal to end), the word it is in or just after. Null when it touches none.
 */
export function wordSpanAt(text: string, start: number, end: number): { first: number; last: number } | null {
  if (start === end) {
    const at = lastWordAt(text, start) ?? firstWordAt(text, start);
    const inWord = firstWordAt(text, start);
    // A caret just before a word (at its first letter) is on that word.
    const index = inWord !== null && (start === 0 || /\s/.test(text[start - 1] ?? "")) ? inWord : at;
    return index === null ? null : { first: index, last: index };
  }
  const first = firstWordAt(text, start);
  const last = lastWordAt(text, end);
  if (first === null || last === null || last < first) return null;
  return { first, last };
}
