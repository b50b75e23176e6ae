// D1 read replication (decision 022): each API request runs in a D1 session. A request
// that sends the bookmark of its client's last answer (`x-d1-bookmark`) reads a replica
// at least that new, so a user always reads their own writes; without one it starts on
// the primary, as before. The answer carries the session's bookmark for the next request.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../types";

export const BOOKMARK_HEADER = "x-d1-bookmark";

// D1 bookmarks are hex groups joined by dashes; anything else is ignored, not an error.
const BOOKMARK = /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){1,7}$/i;

/** The session as the D1Database the app's code takes (it only prepares and batches). */
function asDatabase(db: D1Database, session: D1DatabaseSession): D1Database {
  return Object.assign(Object.create(db) as D1Database, {
    prepare: (query: string) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
  });
}

/** Must run before anything reads `c.env.DB` or sets `c.var.db`. */
export function d1Session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sent = c.req.header(BOOKMARK_HEADER);
    const session = c.env.DB.withSession(sent && BOOKMARK.test(sent) ? sent : "first-primary");
    const base = c.env;
    c.env = Object.create(base, { DB: { value: asDatabase(base.DB, session) } }) as Env;
    try {
      await next();
    } finally {
      c.env = base;
    }
    const bookmark = session.getBookmark();
    if (bookmark && c.res.status !== 101) {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set(BOOKMARK_HEADER, bookmark);
    }
  };
}
