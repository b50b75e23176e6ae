import type { Config } from "./config";
import type { Db } from "./db/client";
import type { UserRow } from "./db/schema";

/** Hono environment shared by every sub-app. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    config: Config;
    db: Db;
    user: UserRow;
    sessionId: string;
    /** worker/lib/request-log.ts: this request's id, and the error app.onError answered. */
    requestId: string;
    error: unknown;
  };
}
