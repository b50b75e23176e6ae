// A member who left or was removed stops hearing a workspace's files at once: their file sockets
// live in the transcript rooms of the files they had open, which their channel noted when each
// socket opened; each of those rooms is told. Their own channel carries no file's changes.
import { personChannel, transcriptRoom } from "../objects";

export async function closeMemberSockets(env: Env, workspaceId: string, userId: string): Promise<void> {
  try {
    const files = await (await personChannel(env, userId)).takeFileRooms(workspaceId);
    await Promise.all(files.map((fileId) => transcriptRoom(env, fileId).closeMemberSockets(userId, workspaceId)));
  } catch (error) {
    // The removal stands: the member's next request and socket are refused anyway.
    console.error(`Could not close the sockets of ${userId} in ${workspaceId}`, error);
  }
}
