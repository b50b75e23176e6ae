import type { TokenCredential } from "./auth/api-tokens";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { UserRow } from "./db/schema";
import type { FileAccessRow } from "./workspaces/access";

/** Hono environment shared by every sub-app. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    config: Config;
    db: Db;
    user: UserRow;
    /** Empty when the request came with an API token. */
    sessionId: string;
    /** The API token the request came with; null for a signed-in session. */
    apiToken: TokenCredential | null;
    /** The caller's access to the route's file, read with the sign-in check (transcripts/file-access.ts). */
    fileAccess?: { fileId: string; row: FileAccessRow | undefined };
    /** Seconds the caller must wait before this edit, as the sign-in check's trip charged it (worker/auth/edit-budget.ts). */
    editWait?: number;
    /** worker/lib/request-log.ts: this request's id, and the error app.onError answered. */
    requestId: string;
    error: unknown;
  };
}
