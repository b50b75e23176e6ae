// What a failed D1 statement was. D1's errors carry no code property: the
// runtime appends SQLite's result code to the message (and to `cause`), e.g.
// "D1_ERROR: NOT NULL constraint failed: t.n: SQLITE_CONSTRAINT (extended:
// SQLITE_CONSTRAINT_NOTNULL)". We read that code, not SQLite's wording.

export interface SqliteCode {
  /** The primary result code, e.g. SQLITE_CONSTRAINT. */
  primary: string;
  /** The extended one when given, e.g. SQLITE_CONSTRAINT_NOTNULL. */
  extended: string | null;
}

const CODE_AT_END = /: (SQLITE_[A-Z_]+)(?: \(extended: (SQLITE_[A-Z_]+)\))?$/;

function messageOf(error: unknown): string | null {
  return error instanceof Error ? error.message : null;
}

/** The SQLite result code of a D1 error (looked for on its cause first), or null for anything else. */
export function sqliteCode(error: unknown): SqliteCode | null {
  const cause = error instanceof Error ? error.cause : undefined;
  for (const message of [messageOf(cause), messageOf(error)]) {
    const match = message ? CODE_AT_END.exec(message) : null;
    if (match) return { primary: match[1]!, extended: match[2] ?? null };
  }
  return null;
}

/** A constraint (NOT NULL, UNIQUE, PRIMARY KEY, CHECK, FOREIGN KEY) refused the write. */
export function isConstraintViolation(error: unknown): boolean {
  return sqliteCode(error)?.primary === "SQLITE_CONSTRAINT";
}
