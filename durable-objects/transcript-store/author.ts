// Who is editing: set for the length of one edit (a synchronous call, so no other request runs
// in between), and copied by a trigger into each history entry the edit writes (schema.ts).

export interface Author {
  id: string;
  name: string;
}

export function asAuthor<T>(sql: SqlStorage, author: Author | null, run: () => T): T {
  if (author) sql.exec("INSERT OR REPLACE INTO edit_author (one, id, name) VALUES (1, ?, ?)", author.id, author.name);
  try {
    return run();
  } finally {
    sql.exec("DELETE FROM edit_author");
  }
}
