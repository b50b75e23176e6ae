// The one way the Worker pushes a live message to open tabs: a user's, or every member's of a
// workspace (each user's channel carries their notifications across workspaces). A push is
// a courtesy (tabs also refetch when they reconnect), so it never fails the caller: a failure
// is logged with the message's type. Answers how many tabs received it (null when a push failed).
import type { LiveMessage } from "../../common/live-messages";
import { detailsChangedMessage } from "../../core/live-change";
import { personChannel } from "../objects";

export async function publish(env: Env, userId: string, message: LiveMessage): Promise<number | null> {
  try {
    return await (await personChannel(env, userId)).publish(message);
  } catch (error) {
    console.error(`Could not publish ${message.type} to`, userId, error);
    return null;
  }
}

/** The same to every member of a workspace (a personal one's member is its user, whose id it has). */
export async function publishToWorkspace(env: Env, workspaceId: string, message: LiveMessage): Promise<number | null> {
  let members: string[];
  try {
    const { results } = await env.DB.prepare("SELECT user_id FROM workspace_members WHERE workspace_id = ?")
      .bind(workspaceId)
      .all<{ user_id: string }>();
    members = results.map((r) => r.user_id);
  } catch (error) {
    console.error(`Could not list the members of ${workspaceId} for ${message.type}`, error);
    return null;
  }
  const reached = await Promise.all(members.map((userId) => publish(env, userId, message)));
  return reached.some((n) => n === null) ? null : reached.reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

/** Every member's tabs on the file read its details again (a generated summary or chapters landed, or failed). */
export const publishDetailsChanged = (env: Env, workspaceId: string, fileId: string) =>
  publishToWorkspace(env, workspaceId, detailsChangedMessage(fileId));
