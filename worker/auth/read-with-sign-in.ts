// A route's first D1 read, sent in the same D1 trip as the check of a signed-in session
// (docs/decisions/051-one-d1-trip-per-edit.md). The route carries a marker made by `withSignIn`;
// the sign-in check finds it among the request's matched routes and batches the route's read
// with its own. The marker only saves a trip: the check runs in full either way, and a handler
// that finds nothing kept reads for itself.
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import type { AppEnv } from "../types";

export interface ReadWithSignIn {
  /** The route parameter the read is about (a file's id). */
  param: string;
  /** The statement, for the signed-in user and the parameter's value. */
  query(db: Db, userId: string, value: string): BatchItem<"sqlite">;
  /** Puts the rows on the context for the handler, once the session is known to count. */
  keep(c: Context<AppEnv>, value: string, rows: unknown[]): void;
  /** A write on the route (any method but GET and HEAD) also sends these, and keeps their answers. */
  onWrite?: {
    statements(db: Db, userId: string): BatchItem<"sqlite">[];
    keep(c: Context<AppEnv>, results: unknown[]): void;
  };
}

const marked = new WeakMap<object, ReadWithSignIn>();

/** A route middleware that does nothing itself but have the sign-in check send `read` beside its own. */
export function withSignIn(read: ReadWithSignIn): MiddlewareHandler<AppEnv> {
  const marker: MiddlewareHandler<AppEnv> = (_c, next) => next();
  marked.set(marker, read);
  return marker;
}

/** The value of `:name` in the request's path, by its place in the route's pattern. */
function paramOf(pattern: string, path: string, name: string): string | undefined {
  const at = pattern.split("/").indexOf(`:${name}`);
  const segment = at < 0 ? undefined : path.split("/")[at];
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The read the request's route asks to send with the sign-in check, with its parameter's value. */
export function routeReadOf(c: Context<AppEnv>): { read: ReadWithSignIn; value: string } | null {
  for (const route of matchedRoutes(c)) {
    const read = marked.get(route.handler);
    const value = read && paramOf(route.path, c.req.path, read.param);
    if (read && value) return { read, value };
  }
  return null;
}
