// A measuring prototype (decision 023), not part of the product: the product's
// transcript writes — a one-word edit (read the row, write it with a version
// check, append a history row with the before/after states, move the history
// pointer, keep the newest 500) and a replace all (every matching row and one
// history row) — against three ways of storing transcripts:
//   one  — one D1 database for every user (today's layout);
//   shard — D1 sharded by user over four databases;
//   do   — a SQLite-backed Durable Object per user;
//   do027 — the same object with decision 027's layout (layout-027.ts): the product's word and
//           history codecs, the search index kept by triggers.
// Routes: POST /:store/:user/seed?utterances=N, GET /:store/:user/open,
// POST /:store/:user/edit {id, index, text}, POST /:store/:user/replace {find, replace},
// GET /:store/:user/size (a Durable Object's database size in bytes).
import { DurableObject } from "cloudflare:workers";
import { Layout027 } from "./layout-027";

interface Env {
  ONE: D1Database;
  SHARD0: D1Database;
  SHARD1: D1Database;
  SHARD2: D1Database;
  SHARD3: D1Database;
  USER_STORE: DurableObjectNamespace<UserStore>;
}

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS transcripts (id TEXT PRIMARY KEY, history_index INTEGER NOT NULL DEFAULT -1,
    word_count INTEGER NOT NULL DEFAULT 0, confidence_sum REAL NOT NULL DEFAULT 0)`,
  `CREATE TABLE IF NOT EXISTS utterances (id TEXT PRIMARY KEY, transcript_id TEXT NOT NULL, order_key TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1, speaker_id TEXT NOT NULL, start_time REAL NOT NULL, end_time REAL NOT NULL,
    confidence_score REAL NOT NULL, words TEXT NOT NULL)`,
  "CREATE UNIQUE INDEX IF NOT EXISTS utterances_order ON utterances (transcript_id, order_key)",
  `CREATE TABLE IF NOT EXISTS edit_operations (transcript_id TEXT NOT NULL, seq INTEGER NOT NULL, summary TEXT NOT NULL,
    change TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (transcript_id, seq))`,
];

interface Word {
  id: string;
  t: string;
  s: number;
  e: number;
  c: number;
}
interface Row {
  id: string;
  version: number;
  words: string;
}

const VOCABULARY = ["so", "the", "quarterly", "plan", "is", "on", "track", "and", "we", "review", "it", "next", "week"];

/** N utterances of ten words; "budget" in every third one, as a replace all's target (~N/3 rows). */
function seedRows(user: string, n: number) {
  return Array.from({ length: n }, (_, i) => {
    const words: Word[] = Array.from({ length: 10 }, (_, k) => ({
      id: `${user}-w${i}-${k}`,
      t: k === 3 && i % 3 === 0 ? "budget" : VOCABULARY[(i + k) % VOCABULARY.length]!,
      s: i * 3.6 + k * 0.35,
      e: i * 3.6 + k * 0.35 + 0.3,
      c: 0.9,
    }));
    return {
      id: `${user}-u${i}`,
      orderKey: `a${String(i).padStart(6, "0")}`,
      speaker: `${user}-s${i % 4}`,
      start: words[0]!.s,
      end: words.at(-1)!.e,
      words: JSON.stringify(words),
    };
  });
}

function editedWords(words: string, index: number, text: string): string {
  const list = JSON.parse(words) as Word[];
  const word = list[Math.min(index, list.length - 1)]!;
  word.t = text;
  return JSON.stringify(list);
}

function replacedWords(words: string, find: string, replace: string): string | null {
  const list = JSON.parse(words) as Word[];
  let hit = false;
  for (const w of list)
    if (w.t === find) {
      w.t = replace;
      hit = true;
    }
  return hit ? JSON.stringify(list) : null;
}

const historyChange = (rows: { id: string; before: string; after: string }[]) =>
  JSON.stringify({ utterances: rows.map((r) => ({ id: r.id, before: JSON.parse(r.before), after: JSON.parse(r.after) })) });

class Conflict extends Error {}

// ------------------------------------------------------------------ D1

async function d1Seed(db: D1Database, user: string, n: number): Promise<void> {
  await db.batch(SCHEMA.map((sql) => db.prepare(sql)));
  await db.batch([
    db.prepare("DELETE FROM utterances WHERE transcript_id = ?").bind(user),
    db.prepare("DELETE FROM edit_operations WHERE transcript_id = ?").bind(user),
    db.prepare("INSERT OR REPLACE INTO transcripts (id, word_count, confidence_sum) VALUES (?, ?, ?)").bind(user, n * 10, n * 9),
  ]);
  const insert = db.prepare(
    "INSERT INTO utterances (id, transcript_id, order_key, speaker_id, start_time, end_time, confidence_score, words) VALUES (?, ?, ?, ?, ?, ?, 0.9, ?)",
  );
  const rows = seedRows(user, n);
  for (let i = 0; i < rows.length; i += 500) {
    await db.batch(rows.slice(i, i + 500).map((r) => insert.bind(r.id, user, r.orderKey, r.speaker, r.start, r.end, r.words)));
  }
}

async function d1Open(db: D1Database, user: string): Promise<unknown[]> {
  const { results } = await db
    .prepare("SELECT id, version, speaker_id, start_time, end_time, words FROM utterances WHERE transcript_id = ? ORDER BY order_key")
    .bind(user)
    .all();
  return results;
}

/** The history row, the pointer and the 500-row cap, as statements after the rows they record. */
function d1History(db: D1Database, user: string, summary: string, change: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        "INSERT INTO edit_operations (transcript_id, seq, summary, change, created_at) VALUES (?, (SELECT history_index + 1 FROM transcripts WHERE id = ?), ?, ?, ?)",
      )
      .bind(user, user, summary, change, new Date().toISOString()),
    db.prepare("UPDATE transcripts SET history_index = history_index + 1 WHERE id = ?").bind(user),
    db
      .prepare("DELETE FROM edit_operations WHERE transcript_id = ? AND seq <= (SELECT history_index - 500 FROM transcripts WHERE id = ?)")
      .bind(user, user),
  ];
}

async function d1Edit(db: D1Database, user: string, id: string, index: number, text: string): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db
      .prepare("SELECT id, version, words FROM utterances WHERE id = ? AND transcript_id = ?")
      .bind(id, user)
      .first<Row>();
    if (!row) throw new Error("unknown utterance");
    const after = editedWords(row.words, index, text);
    const [update] = await db.batch([
      db.prepare("UPDATE utterances SET words = ?, version = version + 1 WHERE id = ? AND version = ?").bind(after, id, row.version),
      ...d1History(db, user, "Edited a word", historyChange([{ id, before: row.words, after }])),
    ]);
    if (update!.meta.changes === 1) return row.version + 1;
    // Lost the race: the batch's history row stands for nothing written; a real commit checks first (commit.ts).
  }
  throw new Conflict("edit kept conflicting");
}

async function d1Replace(db: D1Database, user: string, find: string, replace: string): Promise<number> {
  const { results } = await db.prepare("SELECT id, version, words FROM utterances WHERE transcript_id = ?").bind(user).all<Row>();
  const touched = results.flatMap((r) => {
    const after = replacedWords(r.words, find, replace);
    return after ? [{ ...r, after }] : [];
  });
  const updates = touched.map((r) =>
    db.prepare("UPDATE utterances SET words = ?, version = version + 1 WHERE id = ? AND version = ?").bind(r.after, r.id, r.version),
  );
  await db.batch([
    ...updates,
    ...d1History(db, user, `Replaced "${find}"`, historyChange(touched.map((r) => ({ ...r, before: r.words })))),
  ]);
  return touched.length;
}

// ------------------------------------------------------------------ Durable Object

export class UserStore extends DurableObject<Env> {
  private readonly sql = this.ctx.storage.sql;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    for (const statement of SCHEMA) this.sql.exec(statement);
  }

  seed(user: string, n: number): void {
    this.ctx.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM utterances");
      this.sql.exec("DELETE FROM edit_operations");
      this.sql.exec("INSERT OR REPLACE INTO transcripts (id, word_count, confidence_sum) VALUES (?, ?, ?)", user, n * 10, n * 9);
      for (const r of seedRows(user, n)) {
        this.sql.exec(
          "INSERT INTO utterances (id, transcript_id, order_key, speaker_id, start_time, end_time, confidence_score, words) VALUES (?, ?, ?, ?, ?, ?, 0.9, ?)",
          r.id,
          user,
          r.orderKey,
          r.speaker,
          r.start,
          r.end,
          r.words,
        );
      }
    });
  }

  open(user: string): string {
    const rows = this.sql
      .exec("SELECT id, version, speaker_id, start_time, end_time, words FROM utterances WHERE transcript_id = ? ORDER BY order_key", user)
      .toArray();
    return JSON.stringify(rows);
  }

  private history(user: string, summary: string, change: string): void {
    this.sql.exec(
      "INSERT INTO edit_operations (transcript_id, seq, summary, change, created_at) VALUES (?, (SELECT history_index + 1 FROM transcripts WHERE id = ?), ?, ?, ?)",
      user,
      user,
      summary,
      change,
      new Date().toISOString(),
    );
    this.sql.exec("UPDATE transcripts SET history_index = history_index + 1 WHERE id = ?", user);
    this.sql.exec(
      "DELETE FROM edit_operations WHERE transcript_id = ? AND seq <= (SELECT history_index - 500 FROM transcripts WHERE id = ?)",
      user,
      user,
    );
  }

  // One object runs one call at a time: read, check and write need no version race.
  edit(user: string, id: string, index: number, text: string): number {
    return this.ctx.storage.transactionSync(() => {
      const row = this.sql
        .exec<{ id: string; version: number; words: string }>("SELECT id, version, words FROM utterances WHERE id = ?", id)
        .toArray()[0];
      if (!row) throw new Error("unknown utterance");
      const after = editedWords(row.words, index, text);
      this.sql.exec("UPDATE utterances SET words = ?, version = version + 1 WHERE id = ?", after, id);
      this.history(user, "Edited a word", historyChange([{ id, before: row.words, after }]));
      return row.version + 1;
    });
  }

  private layout?: Layout027;
  private get lean(): Layout027 {
    this.layout ??= new Layout027(this.sql);
    return this.layout;
  }
  seed027(user: string, n: number): void {
    this.ctx.storage.transactionSync(() => this.lean.seed(user, n));
  }
  open027(user: string): string {
    return this.lean.open(user);
  }
  edit027(user: string, id: string, index: number, text: string): number {
    return this.ctx.storage.transactionSync(() => this.lean.edit(user, id, index, text));
  }
  replace027(user: string, find: string, replace: string): number {
    return this.ctx.storage.transactionSync(() => this.lean.replace(user, find, replace));
  }
  size(): number {
    return this.sql.databaseSize;
  }

  replace(user: string, find: string, replace: string): number {
    return this.ctx.storage.transactionSync(() => {
      const rows = this.sql.exec<{ id: string; version: number; words: string }>("SELECT id, version, words FROM utterances").toArray();
      const touched = rows.flatMap((r) => {
        const after = replacedWords(r.words, find, replace);
        return after ? [{ ...r, before: r.words, after }] : [];
      });
      for (const r of touched) this.sql.exec("UPDATE utterances SET words = ?, version = version + 1 WHERE id = ?", r.after, r.id);
      this.history(user, `Replaced "${find}"`, historyChange(touched));
      return touched.length;
    });
  }
}

// ------------------------------------------------------------------ routes

function shardOf(env: Env, user: string): D1Database {
  let h = 0;
  for (const ch of user) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return [env.SHARD0, env.SHARD1, env.SHARD2, env.SHARD3][h % 4]!;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const [, store, user, action] = url.pathname.split("/");
    if (!store || !user || !action || !["one", "shard", "do", "do027"].includes(store))
      return Response.json({ error: "Not found" }, { status: 404 });
    const body = request.method === "POST" ? ((await request.json().catch(() => ({}))) as Record<string, string>) : {};
    try {
      if (store === "do027") {
        const stub = env.USER_STORE.get(env.USER_STORE.idFromName(`027:${user}`));
        if (action === "seed") return Response.json({ ok: await stub.seed027(user, Number(url.searchParams.get("utterances") ?? 3000)) });
        if (action === "open") return new Response(await stub.open027(user), { headers: { "content-type": "application/json" } });
        if (action === "edit") return Response.json({ version: await stub.edit027(user, body.id!, Number(body.index), body.text!) });
        if (action === "replace") return Response.json({ touched: await stub.replace027(user, body.find!, body.replace!) });
        if (action === "size") return Response.json({ bytes: await stub.size() });
      } else if (store === "do") {
        const stub = env.USER_STORE.get(env.USER_STORE.idFromName(user));
        if (action === "seed") return Response.json({ ok: await stub.seed(user, Number(url.searchParams.get("utterances") ?? 3000)) });
        if (action === "open") return new Response(await stub.open(user), { headers: { "content-type": "application/json" } });
        if (action === "edit") return Response.json({ version: await stub.edit(user, body.id!, Number(body.index), body.text!) });
        if (action === "replace") return Response.json({ touched: await stub.replace(user, body.find!, body.replace!) });
        if (action === "size") return Response.json({ bytes: await stub.size() });
      } else {
        const db = store === "one" ? env.ONE : shardOf(env, user);
        if (action === "seed") return Response.json({ ok: await d1Seed(db, user, Number(url.searchParams.get("utterances") ?? 3000)) });
        if (action === "open") return Response.json(await d1Open(db, user));
        if (action === "edit") return Response.json({ version: await d1Edit(db, user, body.id!, Number(body.index), body.text!) });
        if (action === "replace") return Response.json({ touched: await d1Replace(db, user, body.find!, body.replace!) });
      }
      return Response.json({ error: "Not found" }, { status: 404 });
    } catch (error) {
      return Response.json({ error: String(error) }, { status: error instanceof Conflict ? 409 : 500 });
    }
  },
};
