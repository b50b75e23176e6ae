// Each utterance row's part of the two utterance answers, kept while the row is as it was. After
// a one-word edit the whole list is written again from 2,999 kept parts and one new one, instead
// of from 30,000 words (decision 050). Every column is compared, so no write path has to drop a
// part; the key carries the store's tag, so two stores in one isolate never share one.
import { type CompactPartText, CompactPartWriter, compactPartText } from "../../common/compact-utterances";
import { publicState } from "../../core/outcome";
import { SizedCache } from "./sized-cache";
import { readStoreWords, type StoreIds, toState, type UtteranceRecord, utteranceFields } from "./layout";

/** Some 12 million characters in all: both shapes of a 3-hour transcript take about 5.6 million. */
const ROW_TEXT_BUDGET = 12_000_000;
/** Both shapes of a row take about ten times its stored words' length (a guess, to count by). */
const sizeOf = (row: UtteranceRecord) => 10 * row.words.length;

/** A row's utterance object as JSON text, split where its position goes. */
interface JsonText {
  before: string;
  after: string;
}

interface RowTexts {
  row: UtteranceRecord;
  compact?: CompactPartText;
  json?: JsonText;
}

const kept = new SizedCache<string, RowTexts>(ROW_TEXT_BUDGET);

/** Every column (written out: one comparison per field is much faster than a loop over names). */
function sameRow(a: UtteranceRecord, b: UtteranceRecord): boolean {
  return (
    a.words === b.words &&
    a.version === b.version &&
    a.order_key === b.order_key &&
    a.id === b.id &&
    a.client_id === b.client_id &&
    a.speaker === b.speaker &&
    a.speaker_client_id === b.speaker_client_id &&
    a.start_time === b.start_time &&
    a.end_time === b.end_time &&
    a.confidence_score === b.confidence_score &&
    a.sentiment === b.sentiment &&
    a.sentiment_confidence === b.sentiment_confidence &&
    a.edited === b.edited
  );
}

function textsOf(ids: StoreIds, row: UtteranceRecord): RowTexts {
  // The derived id names the row in this store alone (key and store tag).
  const key = ids.utterance(row.id, null);
  const held = kept.get(key);
  if (held && sameRow(held.row, row)) return held;
  const texts: RowTexts = { row };
  kept.set(key, texts, sizeOf(row));
  return texts;
}

/** The row as a part of the compact answer. */
export function compactRowText(ids: StoreIds, row: UtteranceRecord): CompactPartText {
  const texts = textsOf(ids, row);
  if (!texts.compact) {
    const words = readStoreWords(row.id, row.words);
    const part = new CompactPartWriter(utteranceFields(ids, row, words, 0));
    for (const w of words) part.word(w.id, w.t, w.s, w.e, w.c, w.x === 1, w.o);
    texts.compact = compactPartText(part.done());
  }
  return texts.compact;
}

const POSITION = ',"position":0,';

/** The row as the API's utterance object, at this position, as JSON text. */
export function jsonRowText(ids: StoreIds, row: UtteranceRecord, position: number): string {
  const texts = textsOf(ids, row);
  if (!texts.json) {
    const text = JSON.stringify(publicState(toState(ids, row, 0)));
    // Structural: inside a JSON string a quote is always escaped, so `,"` starts a key. The
    // utterance's own position comes before its words' (after id, speaker and times).
    const at = text.indexOf(POSITION);
    texts.json = { before: text.slice(0, at), after: text.slice(at + POSITION.length) };
  }
  return `${texts.json.before},"position":${position},${texts.json.after}`;
}
