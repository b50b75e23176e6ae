// The drizzle schema (worker/db/schema.ts) and the D1 schema the migrations
// build must say the same thing: the same tables, and per table the same
// columns (type, NOT NULL, default, primary key), indexes (name, uniqueness,
// columns with their collation, partial or not) and foreign keys. CHECK
// constraints are covered by schema-statuses.test.ts.
import { env } from "cloudflare:workers";
import { getTableName, is, SQL } from "drizzle-orm";
import { getTableConfig, SQLiteSyncDialect, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../worker/db/schema";

const drizzleTables = Object.values(schema).flatMap((value) => (is(value, SQLiteTable) ? [value as SQLiteTable] : []));
const dialect = new SQLiteSyncDialect();

interface ColumnShape {
  type: string;
  notNull: boolean;
  default: string | null;
  /** 1-based position in the primary key, 0 when not part of it. */
  pk: number;
}
interface IndexShape {
  unique: boolean;
  partial: boolean;
  columns: string[];
}
interface TableShape {
  columns: Record<string, ColumnShape>;
  autoIncrement: boolean;
  indexes: Record<string, IndexShape>;
  foreignKeys: string[];
}

const all = async <T>(sql: string) => (await env.DB.prepare(sql).all<T>()).results;

async function d1Tables(): Promise<string[]> {
  // FTS5 virtual tables (and the shadow tables FTS5 keeps for them) have no drizzle mirror.
  const rows = await all<{ name: string }>(
    `SELECT name FROM sqlite_master m
     WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'
       AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
       AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%' AND m.name LIKE v.name || '\\_%' ESCAPE '\\')`,
  );
  return rows.map((r) => r.name).sort();
}

async function d1Shape(table: string): Promise<TableShape> {
  const info = await all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
    `PRAGMA table_info(${table})`,
  );
  const columns: Record<string, ColumnShape> = {};
  for (const c of info) {
    // An INTEGER PRIMARY KEY is the rowid: never null, whether or not it says NOT NULL.
    const rowid = c.pk === 1 && c.type === "INTEGER" && info.filter((x) => x.pk > 0).length === 1;
    columns[c.name] = { type: c.type, notNull: c.notnull === 1 || rowid, default: c.dflt_value, pk: c.pk };
  }
  const created = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").bind(table).first<string>("sql");
  const indexes: Record<string, IndexShape> = {};
  for (const index of await all<{ name: string; unique: number; origin: string; partial: number }>(`PRAGMA index_list(${table})`)) {
    if (index.origin !== "c") continue; // the primary key's own index
    const keyColumns = (await all<{ name: string; coll: string; key: number; seqno: number }>(`PRAGMA index_xinfo(${index.name})`))
      .filter((c) => c.key === 1)
      .sort((a, b) => a.seqno - b.seqno);
    indexes[index.name] = {
      unique: index.unique === 1,
      partial: index.partial === 1,
      columns: keyColumns.map((c) => (c.coll === "BINARY" ? c.name : `${c.name} COLLATE ${c.coll}`)),
    };
  }
  const foreignKeys = (await all<{ table: string; from: string; to: string; on_delete: string }>(`PRAGMA foreign_key_list(${table})`)).map(
    (fk) => `${fk.from} -> ${fk.table}.${fk.to} ON DELETE ${fk.on_delete}`,
  );
  return { columns, autoIncrement: /AUTOINCREMENT/i.test(created ?? ""), indexes, foreignKeys: foreignKeys.sort() };
}

/** How SQLite shows a default: strings quoted, numbers as written. */
function sqlDefault(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  return String(value);
}

/** An index column: a column, or `column COLLATE X` written as SQL. */
function indexColumn(column: unknown): string {
  if (is(column, SQL)) {
    const text = dialect.sqlToQuery(column).sql;
    const match = /^(?:"\w+"\.)?"(\w+)" COLLATE (\w+)$/.exec(text);
    if (!match) throw new Error(`Unexpected index expression: ${text}`);
    return `${match[1]} COLLATE ${match[2]!.toUpperCase()}`;
  }
  return (column as { name: string }).name;
}

function drizzleShape(table: SQLiteTable): TableShape {
  const config = getTableConfig(table);
  const composite = config.primaryKeys[0]?.columns.map((c) => c.name) ?? [];
  const columns: Record<string, ColumnShape> = {};
  for (const c of config.columns) {
    columns[c.name] = {
      type: c.getSQLType().toUpperCase(),
      notNull: c.notNull,
      default: c.hasDefault ? sqlDefault(c.default) : null,
      pk: c.primary ? 1 : composite.indexOf(c.name) + 1,
    };
  }
  const indexes: Record<string, IndexShape> = {};
  for (const { config: index } of config.indexes) {
    indexes[index.name] = { unique: index.unique, partial: index.where !== undefined, columns: index.columns.map(indexColumn) };
  }
  const foreignKeys = config.foreignKeys.flatMap((fk) => {
    const ref = fk.reference();
    const to = getTableName(ref.foreignTable);
    return ref.columns.map(
      (c, i) => `${c.name} -> ${to}.${ref.foreignColumns[i]!.name} ON DELETE ${(fk.onDelete ?? "no action").toUpperCase()}`,
    );
  });
  const autoIncrement = config.columns.some((c) => "autoIncrement" in c && c.autoIncrement === true);
  return { columns, autoIncrement, indexes, foreignKeys: foreignKeys.sort() };
}

describe("drizzle schema and migrations", () => {
  it("name the same tables", async () => {
    expect(drizzleTables.map((t) => getTableName(t)).sort()).toEqual(await d1Tables());
  });

  for (const table of drizzleTables) {
    const name = getTableName(table);
    it(`agree on ${name}: columns, indexes and foreign keys`, async () => {
      expect(drizzleShape(table)).toEqual(await d1Shape(name));
    });
  }
});
