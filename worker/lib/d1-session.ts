// D1 read replication (decision 022): each API request runs in a D1 session. A request
// that sends back a bookmark the server signed (`x-d1-bookmark`, d1-bookmark.ts) reads a
// replica at least that new, so a user always reads their own writes; with anything else
// (none, unsigned, forged, expired) it starts on the primary. The answer carries the
// session's bookmark, signed, for the next request.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../types";
import { BOOKMARK_TTL_SECONDS, sessionStart, signBookmark } from "./d1-bookmark";

const BOOKMARK_HEADER = "x-d1-bookmark";

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
    const secret = c.var.config.JWT_SECRET;
    const startedAt = Math.floor(Date.now() / 1000);
    const start = await sessionStart(secret, c.req.header(BOOKMARK_HEADER));
    const session = c.env.DB.withSession(start.constraint);
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
      // A chain that started from a bookmark keeps its expiry; one that started on the primary gets a new one.
      c.res.headers.set(BOOKMARK_HEADER, await signBookmark(secret, bookmark, start.expires ?? startedAt + BOOKMARK_TTL_SECONDS));
    }
  };
}
