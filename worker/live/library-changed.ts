// Library changes reach every member's open tabs (uploads, renames, moves, deletes, folders), so
// a team's lists stay the same on every screen. Sent after the answer (the change is committed),
// and never fails the request it follows.
import type { Context } from "hono";
import type { LibraryChangedMessage } from "../../common/live-messages";
import type { AppEnv } from "../types";
import { publishToWorkspace } from "./publish";

export function tellLibraryChanged(c: Context<AppEnv>, ...workspaceIds: string[]): void {
  const clientId = c.req.header("x-client-id")?.trim().slice(0, 100) || null;
  const sends = [...new Set(workspaceIds)].map((workspaceId) => {
    const message: LibraryChangedMessage = { type: "library_changed", workspace_id: workspaceId, client_id: clientId };
    return publishToWorkspace(c.env, workspaceId, message);
  });
  c.executionCtx.waitUntil(Promise.all(sends));
}
