// Run by `npm run bench` through scripts/bench-storage.mjs (not part of `npm test`): a measuring
// prototype of how a transcript could be laid out in the per-user SQLite store that decision 023
// plans, against today's D1 layout. One 3-hour transcript is ingested by the real ingest code and
// given 500 mixed edits through the API (as the storage benchmark does); then its final state —
// utterances with their words in the product's own stored form, and its history entries in the
// product's own diff form — is copied into each candidate layout, and each is measured:
//   today   — the product's tables (text ids, one row an utterance, search_refs + FTS5, owner token);
//   rows    — one row an utterance keyed by an integer; server-made utterance ids derived from it,
//             only client-made ids (splits) stored; the FTS row is the utterance row;
//   blocks  — utterances a row in order (a fixed count, or as many as fit half a 4 KB page), one
//             FTS row a block;
// each also with ingest's word ids derived from the utterance's key instead of stored. Also times a
// one-word edit in each (read, decode, change, encode, write with a version check, one history row,
// the index kept by triggers); workerd's clock moves only between I/O, so times are whole
// milliseconds. Reports, never asserts sizes. Decision 027 records what it showed.
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { newId } from "../../common/ids";
import { decodeWords, encodeWords } from "../../worker/transcripts/stored-words";
import type { Json } from "../worker/helpers";
import { createUser } from "../worker/library-helpers";
import { storeTranscript } from "../worker/transcript-helpers";
import type { NormalizedTranscript } from "../../worker/transcription/types";
import { generatedTranscript } from "../support/three-hour";
import { applyEdits, fileBytes, footprint, kb, type Part, records, split, transcriptOf, WORDS_PER_HOUR } from "./storage-workload";

const HOURS = 3;
const TOKENIZE = "tokenize = 'unicode61 remove_diacritics 2'";

interface Utterance {
  id: string;
  speaker: number;
  orderKey: string;
  version: number;
  startMs: number;
  endMs: number;
  confidence: number;
  sentiment: number | null;
  sentimentConfidence: number | null;
  edited: number;
  words: string;
}
interface HistoryEntry {
  seq: number;
  type: string;
  summary: string;
  change: string;
  opId: string | null;
  createdAt: number;
}
interface State {
  utterances: Utterance[];
  history: HistoryEntry[];
  /** Ids made at ingest: a per-user store would derive them from its own keys instead of storing them. */
  serverIds: Set<string>;
}

/** A candidate layout: its tables (and what part of the storage each is), how it is filled, and a one-word edit. */
interface Layout {
  name: string;
  parts: Record<string, Part>;
  schema: string[];
  load(state: State): Promise<void>;
  /** Changes word `index` of utterance `id` to `text`, recording `change` as its history entry. */
  edit(id: string, index: number, text: string, change: string, seq: number): Promise<void>;
}

const SENTIMENTS = ["positive", "neutral", "negative"];
const batches = async (statements: D1PreparedStatement[], size = 200) => {
  for (let i = 0; i < statements.length; i += size) await env.DB.batch(statements.slice(i, i + size));
};
const withWord = (words: string, index: number, text: string) => {
  const list = decodeWords(words);
  list[index] = { ...list[index]!, t: text };
  return encodeWords(list);
};
/**
 * Words as a lean store would keep them: ingest's word ids are one run per utterance (a random
 * base, numbered from 0), which a store keyed by integers can derive from the utterance's key
 * instead (0 in the ids' place); ids made later (by edits) stay as they are.
 */
const DERIVED_BASE = "00000000";
function leanWords(words: string): string {
  const value = JSON.parse(words) as unknown[];
  const ids = value[0] as unknown[];
  const run = ids.length === 1 && Array.isArray(ids[0]) ? (ids[0] as [string, number, number]) : null;
  return run && run[1] === 0 && run[2] === (value[1] as string).split(" ").length ? JSON.stringify([0, ...value.slice(1)]) : words;
}
const fullWords = (words: string) => {
  const value = JSON.parse(words) as unknown[];
  return value[0] === 0 ? JSON.stringify([[[DERIVED_BASE, 0, (value[1] as string).split(" ").length]], ...value.slice(1)]) : words;
};
const leanWithWord = (words: string, index: number, text: string) => leanWords(withWord(fullWords(words), index, text));
/** A lean store also derives an utterance's times and confidence from its words (the first start, the last end, the mean), storing them only where they differ. */
function leanScalars(u: Utterance): [startMs: number | null, endMs: number | null, confidence: number | null] {
  const words = decodeWords(u.words);
  const mean = words.length ? Math.round((words.reduce((a, w) => a + w.c, 0) / words.length) * 10_000) : 0;
  return [
    u.startMs === Math.round((words[0]?.s ?? 0) * 1000) ? null : u.startMs,
    u.endMs === Math.round((words.at(-1)?.e ?? 0) * 1000) ? null : u.endMs,
    u.confidence === mean ? null : u.confidence,
  ];
}
const LEAN_NAME = "; ingest's word ids, utterance times and confidence derived from the words";

const historyTable = (prefix: string) => [
  `CREATE TABLE ${prefix}_history (transcript INTEGER NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL, summary TEXT NOT NULL,
    change TEXT NOT NULL, op_id TEXT, created_at INTEGER NOT NULL, PRIMARY KEY (transcript, seq)) WITHOUT ROWID`,
  `CREATE UNIQUE INDEX ${prefix}_history_op ON ${prefix}_history (transcript, op_id) WHERE op_id IS NOT NULL`,
];
const historyRows = (prefix: string, state: State, ids: Map<string, string>) =>
  state.history.map((h) =>
    env.DB.prepare(`INSERT INTO ${prefix}_history VALUES (1, ?, ?, ?, ?, ?, ?)`).bind(
      h.seq,
      h.type,
      h.summary,
      // The entry names utterances by the layout's ids.
      h.change.replace(/"id":"([^"]+)"/g, (whole, id: string) => (ids.has(id) ? `"id":"${ids.get(id)}"` : whole)),
      h.opId,
      h.createdAt,
    ),
  );
const addHistory = (prefix: string, change: string, seq: number) =>
  env.DB.prepare(`INSERT INTO ${prefix}_history VALUES (1, ?, 'other', 'Edited words', ?, ?, ?)`).bind(seq, change, newId(), Date.now());
const ftsParts = (fts: string): Record<string, Part> => ({
  [`${fts}_data`]: "search",
  [`${fts}_idx`]: "search",
  [`${fts}_docsize`]: "search",
});

/** Today's tables, measured where the product keeps them; its edit is the product's statements reduced (as prototypes/partition does). */
function today(transcriptId: string): Layout {
  return {
    name: "today (D1 as it is)",
    parts: {
      utterances: "content",
      edit_operations: "history",
      search_refs: "search",
      ...ftsParts("search_fts"),
    },
    schema: [],
    load: async () => {},
    async edit(id, index, text, change, seq) {
      const row = await env.DB.prepare("SELECT version, words FROM utterances WHERE id = ?")
        .bind(id)
        .first<{ version: number; words: string }>();
      const result = await env.DB.batch([
        env.DB.prepare("UPDATE utterances SET words = ?, version = version + 1, edited = 1 WHERE id = ? AND version = ?").bind(
          withWord(row!.words, index, text),
          id,
          row!.version,
        ),
        env.DB.prepare(
          "INSERT INTO edit_operations (transcript_id, seq, type, summary, change, op_id, created_at) VALUES (?, ?, 'other', 'Edited words', ?, ?, ?)",
        ).bind(transcriptId, 100_000 + seq, change, newId(), new Date().toISOString()),
      ]);
      expect(result[0]!.meta.changes).toBeGreaterThan(0);
    },
  };
}

/** One row an utterance keyed by an integer; the FTS row is the utterance row (no search_refs, no owner token). */
function rows(lean = false, tag = ""): Layout {
  const ids = new Map<string, string>();
  const p = `${tag}${lean ? "leanrows" : "rows"}`;
  const words = lean ? leanWords : (w: string) => w;
  const edited = lean ? leanWithWord : withWord;
  return {
    name: `rows keyed by integer${lean ? LEAN_NAME : ""}`,
    parts: { [`${p}_utterances`]: "content", [`${p}_history`]: "history", ...ftsParts(`${p}_fts`) },
    schema: [
      `CREATE TABLE ${p}_utterances (id INTEGER PRIMARY KEY, transcript INTEGER NOT NULL, client_id TEXT, speaker INTEGER NOT NULL,
        order_key TEXT NOT NULL, version INTEGER NOT NULL, start_ms INTEGER, end_ms INTEGER, confidence INTEGER,
        sentiment INTEGER, sentiment_confidence INTEGER, edited INTEGER NOT NULL, words TEXT NOT NULL)`,
      `CREATE UNIQUE INDEX ${p}_utterances_order ON ${p}_utterances (transcript, order_key)`,
      `CREATE UNIQUE INDEX ${p}_utterances_client ON ${p}_utterances (transcript, client_id) WHERE client_id IS NOT NULL`,
      `CREATE VIEW ${p}_text AS SELECT id, json_extract(words, '$[1]') AS body FROM ${p}_utterances`,
      `CREATE VIRTUAL TABLE ${p}_fts USING fts5 (body, ${TOKENIZE}, content = '${p}_text', content_rowid = 'id')`,
      `CREATE TRIGGER ${p}_fts_insert AFTER INSERT ON ${p}_utterances BEGIN
        INSERT INTO ${p}_fts (rowid, body) VALUES (NEW.id, json_extract(NEW.words, '$[1]')); END`,
      `CREATE TRIGGER ${p}_fts_update AFTER UPDATE OF words ON ${p}_utterances BEGIN
        INSERT INTO ${p}_fts (${p}_fts, rowid, body) VALUES ('delete', OLD.id, json_extract(OLD.words, '$[1]'));
        INSERT INTO ${p}_fts (rowid, body) VALUES (NEW.id, json_extract(NEW.words, '$[1]')); END`,
      ...historyTable(p),
    ],
    async load(state) {
      for (const [i, u] of state.utterances.entries()) ids.set(u.id, state.serverIds.has(u.id) ? `n${i + 1}` : u.id);
      await batches([
        ...state.utterances.map((u, i) =>
          env.DB.prepare(`INSERT INTO ${p}_utterances VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).bind(
            i + 1,
            state.serverIds.has(u.id) ? null : u.id,
            u.speaker,
            u.orderKey,
            u.version,
            ...(lean ? leanScalars(u) : [u.startMs, u.endMs, u.confidence]),
            u.sentiment,
            u.sentimentConfidence,
            u.edited,
            words(u.words),
          ),
        ),
        ...historyRows(p, state, ids),
      ]);
    },
    async edit(id, index, text, change, seq) {
      const key = Number(ids.get(id)!.slice(1));
      const row = await env.DB.prepare(`SELECT version, words FROM ${p}_utterances WHERE id = ?`)
        .bind(key)
        .first<{ version: number; words: string }>();
      const result = await env.DB.batch([
        env.DB.prepare(`UPDATE ${p}_utterances SET words = ?, version = version + 1, edited = 1 WHERE id = ? AND version = ?`).bind(
          edited(row!.words, index, text),
          key,
          row!.version,
        ),
        addHistory(p, change, 100_000 + seq),
      ]);
      expect(result[0]!.meta.changes).toBeGreaterThan(0);
    },
  };
}

/**
 * Utterances a row, in order, up to `size`; each utterance a short array (its id only when a client
 * made it, else its number in the transcript; speaker, version, edited, words in the product's
 * stored form, times, confidence, sentiment; trailing nulls left out). One FTS row a block, its text the utterances' texts a line each
 * (a search hit's utterance is then found in the block's text). Which block holds an utterance is
 * what the store keeps in memory while the transcript is open (a Durable Object can).
 */
function blocks(size: { utterances: number } | { bytes: number }, lean = false, tag = ""): Layout {
  const label =
    "utterances" in size ? `${size.utterances} utterances` : `up to ${size.bytes} bytes (${Math.floor(4096 / size.bytes)} to a 4 KB page)`;
  const p = `${tag}${lean ? "lean" : ""}blocks${"utterances" in size ? size.utterances : `${size.bytes}b`}`;
  const full = (count: number, bytes: number) => ("utterances" in size ? count >= size.utterances : bytes > size.bytes);
  const words = lean ? leanWords : (w: string) => w;
  const edited = lean ? leanWithWord : withWord;
  const where = new Map<string, { block: number; index: number }>();
  const body = (value: string) => `(SELECT group_concat(json_extract(u.value, '$[4][1]'), char(10)) FROM json_each(${value}) u)`;
  const element = (u: Utterance, n: number, state: State) => {
    const list: unknown[] = [
      state.serverIds.has(u.id) ? n : u.id,
      u.speaker,
      u.version,
      u.edited,
      JSON.parse(words(u.words)),
      ...(lean ? leanScalars(u) : [u.startMs, u.endMs, u.confidence]),
      u.sentiment,
      u.sentimentConfidence,
    ];
    while (list.at(-1) === null) list.pop();
    return list;
  };
  return {
    name: `blocks of ${label}${lean ? LEAN_NAME : ""}`,
    parts: { [`${p}_rows`]: "content", [`${p}_history`]: "history", ...ftsParts(`${p}_fts`) },
    schema: [
      `CREATE TABLE ${p}_rows (id INTEGER PRIMARY KEY, transcript INTEGER NOT NULL, order_key TEXT NOT NULL, version INTEGER NOT NULL,
        utterances TEXT NOT NULL)`,
      `CREATE UNIQUE INDEX ${p}_rows_order ON ${p}_rows (transcript, order_key)`,
      `CREATE VIRTUAL TABLE ${p}_fts USING fts5 (body, ${TOKENIZE}, content = '', contentless_delete = 1)`,
      `CREATE TRIGGER ${p}_fts_insert AFTER INSERT ON ${p}_rows BEGIN
        INSERT INTO ${p}_fts (rowid, body) VALUES (NEW.id, ${body("NEW.utterances")}); END`,
      `CREATE TRIGGER ${p}_fts_update AFTER UPDATE OF utterances ON ${p}_rows BEGIN
        DELETE FROM ${p}_fts WHERE rowid = OLD.id;
        INSERT INTO ${p}_fts (rowid, body) VALUES (NEW.id, ${body("NEW.utterances")}); END`,
      ...historyTable(p),
    ],
    async load(state) {
      const ids = new Map<string, string>();
      const statements: D1PreparedStatement[] = [];
      // Utterances in order, a block closed when it is full (by count, or before it would pass its bytes).
      const chunks: string[][] = [[]];
      let openBytes = 2; // the open block's JSON so far: brackets and commas included
      state.utterances.forEach((u, n) => {
        const json = JSON.stringify(element(u, n + 1, state));
        const open = chunks.at(-1)!;
        if (open.length && full(open.length, openBytes + json.length)) {
          chunks.push([]);
          openBytes = 2;
        }
        openBytes += json.length + 1;
        const block = chunks.at(-1)!;
        ids.set(u.id, state.serverIds.has(u.id) ? `n${n + 1}` : u.id);
        where.set(u.id, { block: chunks.length, index: block.length });
        block.push(json);
      });
      for (const [b, chunk] of chunks.entries())
        statements.push(
          env.DB.prepare(`INSERT INTO ${p}_rows VALUES (?, 1, ?, 1, ?)`).bind(
            b + 1,
            `b${String(b).padStart(4, "0")}`,
            `[${chunk.join(",")}]`,
          ),
        );
      await batches([...statements, ...historyRows(p, state, ids)]);
    },
    async edit(id, index, text, change, seq) {
      const at = where.get(id)!;
      const row = await env.DB.prepare(`SELECT version, utterances FROM ${p}_rows WHERE id = ?`)
        .bind(at.block)
        .first<{ version: number; utterances: string }>();
      const list = JSON.parse(row!.utterances) as unknown[][];
      const u = list[at.index]!;
      u[2] = (u[2] as number) + 1;
      u[3] = 1;
      u[4] = JSON.parse(edited(JSON.stringify(u[4]), index, text));
      const result = await env.DB.batch([
        env.DB.prepare(`UPDATE ${p}_rows SET utterances = ?, version = version + 1 WHERE id = ? AND version = ?`).bind(
          JSON.stringify(list),
          at.block,
          row!.version,
        ),
        addHistory(p, change, 100_000 + seq),
      ]);
      expect(result[0]!.meta.changes).toBeGreaterThan(0);
    },
  };
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Ingests `transcript`, edits it, copies its final state into each layout and reports them. */
async function measureLayouts(title: string, transcript: NormalizedTranscript, candidates: Layout[]): Promise<string[]> {
  const user = await createUser("layouts");
  const todayTables = ["utterances", "edit_operations", "search_refs", "search_fts_data", "search_fts_idx", "search_fts_docsize"];
  const [bytes0, before0] = [await fileBytes(), await footprint(todayTables)];
  const { fileId, transcriptId } = await storeTranscript(user, transcript);
  const serverIds = new Set(
    (await env.DB.prepare("SELECT id FROM utterances WHERE transcript_id = ?").bind(transcriptId).all<{ id: string }>()).results.map(
      (r) => r.id,
    ),
  );
  const counts = await applyEdits(user, fileId, 500);
  const [bytes1, after0] = [await fileBytes(), await footprint(todayTables)];

  // The transcript's final state, as the product stores it.
  const speakers = (
    await env.DB.prepare("SELECT id FROM speakers WHERE transcript_id = ? ORDER BY position").bind(transcriptId).all<{ id: string }>()
  ).results.map((s) => s.id);
  const utterances = (
    await env.DB.prepare(
      `SELECT id, speaker_id, order_key, version, start_time, end_time, confidence_score, sentiment, sentiment_confidence, edited, words
       FROM utterances WHERE transcript_id = ? ORDER BY order_key`,
    )
      .bind(transcriptId)
      .all<Json>()
  ).results.map(
    (r): Utterance => ({
      id: r.id,
      speaker: speakers.indexOf(r.speaker_id),
      orderKey: r.order_key,
      version: r.version,
      startMs: Math.round(r.start_time * 1000),
      endMs: Math.round(r.end_time * 1000),
      confidence: Math.round(r.confidence_score * 10_000),
      sentiment: r.sentiment === null ? null : SENTIMENTS.indexOf(r.sentiment),
      sentimentConfidence: r.sentiment_confidence === null ? null : Math.round(r.sentiment_confidence * 10_000),
      edited: r.edited,
      words: r.words,
    }),
  );
  const history = (
    await env.DB.prepare("SELECT seq, type, summary, change, op_id, created_at FROM edit_operations WHERE transcript_id = ? ORDER BY seq")
      .bind(transcriptId)
      .all<Json>()
  ).results.map(
    (h): HistoryEntry => ({
      seq: h.seq,
      type: h.type,
      summary: h.summary,
      change: h.change,
      opId: h.op_id,
      createdAt: Date.parse(h.created_at),
    }),
  );
  const state: State = { utterances, history, serverIds };
  // The history entry each timed edit records: the median one of the 500 edits' entries.
  const sample = history.map((h) => h.change).sort((a, b) => a.length - b.length)[Math.floor(history.length / 2)]!;

  const report = [
    `${title}: ${HOURS} h ingested (${utterances.length} utterances after the edits), 500 edits (${Object.entries(counts)
      .map(([k, n]) => `${k} ${n}`)
      .join(
        ", ",
      )}), ${history.length} history entries; per recorded hour, the transcript's tables only (speakers and the transcript row are a few hundred bytes)`,
  ];
  const measureLayout = async (layout: Layout, bytes: number, parts: ReturnType<typeof split>) => {
    // 200 one-word edits spread over the transcript, timed one by one.
    const times: number[] = [];
    const editBefore = await fileBytes();
    for (let i = 0; i < 200; i++) {
      const u = utterances[(i * 37) % utterances.length]!;
      const started = performance.now();
      await layout.edit(u.id, i % 5, `edit${i}`, sample, i);
      times.push(performance.now() - started);
    }
    const editGrowth = (await fileBytes()) - editBefore;
    report.push(
      `${layout.name}: D1 file ${kb(bytes / HOURS)} an hour; records ${kb(records(parts) / HOURS)} (content ${kb(parts.content.bytes / HOURS)}, ` +
        `indexes ${kb(parts.indexes.bytes / HOURS)}, search ${kb(parts.search.bytes / HOURS)}, history ${kb(parts.history.bytes / HOURS)}); ` +
        `one-word edit p50 / p99 ${percentile(times, 50).toFixed(1)} / ${percentile(times, 99).toFixed(1)} ms, 200 edits grew the file ${kb(editGrowth)}`,
    );
  };

  const current = today(transcriptId);
  await measureLayout(current, bytes1 - bytes0, split(current.parts, before0, after0));
  for (const layout of candidates) {
    const tables = Object.keys(layout.parts);
    await env.DB.batch(layout.schema.map((sql) => env.DB.prepare(sql)));
    const [bytesBefore, before] = [await fileBytes(), await footprint(tables)];
    await layout.load(state);
    const [bytesAfter, after] = [await fileBytes(), await footprint(tables)];
    await measureLayout(layout, bytesAfter - bytesBefore, split(layout.parts, before, after));
  }
  return report;
}

/** `size` made-up words (five letters or so, as speech averages), each used as often as the others. */
const wideVocabulary = (size: number) => Array.from({ length: size }, (_, i) => `w${i.toString(36).padStart(4, "0")}`);

it("measures candidate transcript layouts on the same transcript and history", { timeout: 600_000 }, async () => {
  const report = await measureLayouts("workload", transcriptOf(HOURS), [
    rows(),
    rows(true),
    blocks({ utterances: 8 }),
    blocks({ utterances: 16 }),
    blocks({ utterances: 32 }),
    blocks({ bytes: 2_000 }),
    blocks({ bytes: 2_000 }, true),
    blocks({ bytes: 4_000 }, true),
  ]);
  // Sensitivity, not the budget's workload: the benchmarks' 12 words make a small search index;
  // 2,000 distinct words (about what three hours of meetings use) show how the index grows.
  const wide = await measureLayouts(
    "sensitivity, 2,000 distinct words",
    generatedTranscript((HOURS * WORDS_PER_HOUR) / 10, 10, wideVocabulary(2_000)),
    [rows(true, "v"), blocks({ bytes: 4_000 }, true, "v")],
  );
  expect(report.length).toBe(10);
  expect(wide.length).toBe(4);
  console.log(
    `\nBENCH transcript layouts (decision 023's per-user store; prototype):\n${[...report, ...wide].map((l) => `BENCH   ${l}`).join("\n")}\n`,
  );
});
