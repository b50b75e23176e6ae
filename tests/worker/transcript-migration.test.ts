// Migration 0004 on a database holding transcripts stored before it: order keys
// backfilled from positions (valid fractional-indexing keys, same order),
// versions, the confidence sum, and an empty history; editing works on them.
import { env } from "cloudflare:workers";
import { generateKeyBetween } from "fractional-indexing";
import { beforeAll, describe, expect, it } from "vitest";
import { keyBetween } from "../../common/order-keys";
import { getDb } from "../../worker/db/client";
import { stepHistory } from "../../worker/transcripts/history";
import { runOperation } from "../../worker/transcripts/operations";
import { listUtterances } from "../../worker/transcripts/read";

const MIGRATION = "0004_transcript_editing.sql";
// Positions across the digit boundaries of the backfilled keys (base 62: 62, 3,844 and 238,328).
const POSITIONS = [...Array.from({ length: 130 }, (_, i) => i), 3_843, 3_844, 3_845, 238_327, 238_328, 1_000_000];

/** Rebuilds the schema as it was before 0004 and stores a transcript the old way. */
async function databaseBefore0004() {
  // Listed afresh each pass: dropping a full-text table also drops its shadow tables.
  const tables = async () =>
    (
      await env.DB.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      ).all<{ name: string }>()
    ).results.map((t) => t.name);
  // Views (the search index's) go first: left behind, they would name dropped tables and fail 0004's table rebuild.
  for (const { name } of (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'view'").all<{ name: string }>()).results)
    await env.DB.prepare(`DROP VIEW "${name}"`).run();
  // A table whose parent is gone cannot be dropped: drop what can be, until nothing is left.
  let left = await tables();
  while (left.length) {
    const before = left.length;
    for (const name of left)
      await env.DB.prepare(`DROP TABLE "${name}"`)
        .run()
        .catch(() => undefined);
    left = await tables();
    if (left.length === before) throw new Error(`cannot drop ${left.join(", ")}`);
  }
  for (const migration of env.TEST_MIGRATIONS.filter((m) => m.name < MIGRATION))
    await env.DB.batch(migration.queries.map((q) => env.DB.prepare(q)));

  const now = "2026-01-01T00:00:00.000Z";
  const words = (p: number) =>
    JSON.stringify([
      { id: `w${p}a`, t: `word${p}`, s: p, e: p + 0.4, c: 0.5 },
      { id: `w${p}b`, t: "two", s: p + 0.5, e: p + 0.9, c: 0.75, x: 1 },
    ]);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, full_name, created_at, updated_at) VALUES ('u1', 'old@example.com', 'Old', ?, ?)").bind(
      now,
      now,
    ),
    env.DB.prepare(
      "INSERT INTO audio_files (id, user_id, name, filename, storage_key, content_type, file_size, status, created_at, updated_at) VALUES ('f1', 'u1', 'a', 'a', 'k', 'audio/wav', 1, 'ready', ?, ?)",
    ).bind(now, now),
    env.DB.prepare(
      "INSERT INTO transcripts (id, audio_file_id, user_id, duration, accuracy_percentage, speaker_count, word_count, transcription_service, started_at, completed_at, created_at, updated_at) VALUES ('t1', 'f1', 'u1', 10, 62.5, 1, ?, 'x', ?, ?, ?, ?)",
    ).bind(POSITIONS.length * 2, now, now, now, now),
    env.DB.prepare("INSERT INTO speakers (id, transcript_id, original_label, position, created_at) VALUES ('s1', 't1', 'A', 0, ?)").bind(
      now,
    ),
    env.DB.prepare("INSERT INTO speakers (id, transcript_id, original_label, position, created_at) VALUES ('s2', 't1', 'B', 1, ?)").bind(
      now,
    ),
  ]);
  // Inserted in shuffled order, so the backfill cannot lean on insertion order.
  const shuffled = [...POSITIONS].sort((a, b) => ((a * 7919) % 101) - ((b * 7919) % 101));
  for (let i = 0; i < shuffled.length; i += 9) {
    await env.DB.batch(
      shuffled
        .slice(i, i + 9)
        .map((p) =>
          env.DB.prepare(
            "INSERT INTO utterances (id, transcript_id, speaker_id, position, start_time, end_time, confidence_score, sentiment, sentiment_confidence, words) VALUES (?, 't1', ?, ?, ?, ?, 0.625, NULL, NULL, ?)",
          ).bind(`u-${p}`, p % 2 ? "s2" : "s1", p, p, p + 0.9, words(p)),
        ),
    );
  }
}

describe("migration 0004", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await databaseBefore0004();
    // 0004 and every later one: the code under test reads the columns they add.
    for (const migration of env.TEST_MIGRATIONS.filter((m) => m.name >= MIGRATION))
      await env.DB.batch(migration.queries.map((q) => env.DB.prepare(q)));
  });

  it("gives existing utterances valid order keys in their old order, version 1", async () => {
    const rows = (
      await env.DB.prepare("SELECT id, order_key, version FROM utterances WHERE transcript_id = 't1' ORDER BY order_key").all<{
        id: string;
        order_key: string;
        version: number;
      }>()
    ).results;
    expect(rows.map((r) => r.id)).toEqual(POSITIONS.map((p) => `u-${p}`));
    expect(rows.every((r) => r.version === 1)).toBe(true);
    expect(rows[0]!.order_key).toBe("d0000");
    expect(rows.find((r) => r.id === "u-62")!.order_key).toBe("d0010");
    // Every gap takes a key between its neighbours, and both ends can grow.
    const keys = rows.map((r) => r.order_key);
    for (let i = 0; i + 1 < keys.length; i++) {
      const between = keyBetween(keys[i], keys[i + 1]);
      expect(keys[i]! < between && between < keys[i + 1]!).toBe(true);
      expect(generateKeyBetween(keys[i]!, keys[i + 1]!)).toBe(between);
    }
    expect(keyBetween(null, keys[0]) < keys[0]!).toBe(true);
    expect(keyBetween(keys.at(-1), null) > keys.at(-1)!).toBe(true);
  });

  it("backfills the confidence sum from the stored words and starts an empty history", async () => {
    const row = await env.DB.prepare(
      "SELECT confidence_sum, history_index, word_count, accuracy_percentage FROM transcripts WHERE id = 't1'",
    ).first<Record<string, number>>();
    expect(row!.confidence_sum).toBeCloseTo(POSITIONS.length * 1.25, 9);
    expect(row!.history_index).toBe(-1);
    expect(row!.accuracy_percentage).toBe(62.5);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM edit_operations").first<{ n: number }>())!.n).toBe(0);
    const indexes = (
      await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'utterances'").all<{ name: string }>()
    ).results.map((r) => r.name);
    expect(indexes).toContain("utterances_transcript_order");
    expect(indexes).not.toContain("utterances_transcript_position");
  });

  it("reads and edits a migrated transcript: split between backfilled keys, merge, undo", async () => {
    const db = getDb(env.DB);
    const before = await listUtterances(db, "t1");
    expect(before.map((u) => u.position)).toEqual(POSITIONS.map((_, i) => i));
    expect(before[3]!.transcriptWords).toEqual([
      { id: "w3a", text: "word3", startTime: 3, endTime: 3.4, position: 0, confidenceScore: 0.5, hasEntities: false },
      { id: "w3b", text: "two", startTime: 3.5, endTime: 3.9, position: 1, confidenceScore: 0.75, hasEntities: true },
    ]);
    const t = { id: "t1" };
    const split = await runOperation(env.DB, t, { type: "split", utteranceId: "u-61", firstWordId: "w61b", newUtteranceId: "u-61b" }, null);
    expect(split.result.utterances.map((u) => [u.id, u.position])).toEqual([
      ["u-61", 61],
      ["u-61b", 62],
    ]);
    const after = await listUtterances(db, "t1");
    expect(after.slice(60, 64).map((u) => u.id)).toEqual(["u-60", "u-61", "u-61b", "u-62"]);
    await runOperation(env.DB, t, { type: "merge", targetUtteranceId: "u-3843" }, null);
    expect((await listUtterances(db, "t1")).some((u) => u.id === "u-3844")).toBe(false);
    await stepHistory(env.DB, db, t, "undo");
    await stepHistory(env.DB, db, t, "undo");
    const restored = await listUtterances(db, "t1");
    expect(restored.map(({ version: _v, ...u }) => u)).toEqual(before.map(({ version: _v, ...u }) => u));
    const row = await env.DB.prepare("SELECT confidence_sum, word_count FROM transcripts WHERE id = 't1'").first<Record<string, number>>();
    expect(row!.confidence_sum).toBeCloseTo(POSITIONS.length * 1.25, 9);
    expect(row!.word_count).toBe(POSITIONS.length * 2);
  });
});
