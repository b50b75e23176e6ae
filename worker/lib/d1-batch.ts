// One D1 batch (one transaction) of statements written either with drizzle's builders or
// as `sql` templates: drizzle's own batch takes builders only, and a guarded write
// (`INSERT … SELECT … WHERE`, `WHERE changes() > 0`) needs the template.
import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";

const dialect = new SQLiteSyncDialect();

type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

const prepare = (db: Db, statement: Statement) => {
  const query = "toSQL" in statement ? statement.toSQL() : dialect.sqlToQuery(statement);
  return db.$client.prepare(query.sql).bind(...query.params);
};

/** Runs the statements in order in one transaction; each answer's `meta.changes` says what it wrote. */
export const batch = (db: Db, statements: Statement[]) => db.$client.batch(statements.map((s) => prepare(db, s)));
