// A member who left or was removed stops hearing a workspace's files at once: their file
// sockets live in the store objects of the workspace's files, so each is told. Their own
// channel stops receiving the workspace's file events by itself (members are read per push).
import { userChannel } from "../channel";

export async function closeMemberSockets(env: Env, workspaceId: string, userId: string): Promise<void> {
  try {
    const { results } = await env.DB.prepare("SELECT DISTINCT store_id FROM audio_files WHERE workspace_id = ?")
      .bind(workspaceId)
      .all<{ store_id: string }>();
    await Promise.all(results.map(async ({ store_id }) => (await userChannel(env, store_id)).closeMemberSockets(userId, workspaceId)));
  } catch (error) {
    // The removal stands: the member's next request and socket are refused anyway.
    console.error(`Could not close the sockets of ${userId} in ${workspaceId}`, error);
  }
}
