// One row inserted only while a condition holds, in one statement: `INSERT … SELECT <row> WHERE
// <condition>`. A limit's check and its use are then one atomic step (the caller reads
// `meta.changes`), so requests at once cannot pass it together.
import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteInsertValue, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

export function insertWhere<T extends SQLiteTable>(db: Db, table: T, row: SQLiteInsertValue<T>, condition: SQL) {
  const values = Object.entries(getTableColumns(table))
    // Generated columns are left out of the INSERT's column list, so out of the SELECT too.
    .filter(([, column]) => column.generated === undefined || column.generated.type === "byDefault")
    .map(([key, column]) => {
      const value: unknown = (row as Record<string, unknown>)[key];
      if (is(value, SQL)) return value;
      if (value !== undefined) return sql.param(value, column);
      // As a VALUES insert does: the column's default, else NULL (an autoincrement id takes its next).
      const fallback = column.default ?? column.defaultFn?.();
      if (fallback === undefined) return sql`NULL`;
      return is(fallback, SQL) ? fallback : sql.param(fallback, column);
    });
  return db.insert(table).select(sql`SELECT ${sql.join(values, sql`, `)} WHERE ${condition}`);
}
