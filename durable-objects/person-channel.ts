import type { LiveMessage } from "../common/live-messages";
import { LiveRoom } from "./live-room";

/** Where a member's open file rooms are noted, by workspace (so leaving one closes them). */
const roomKey = (workspaceId: string, fileId: string) => `room:${workspaceId}:${fileId}`;

/**
 * One instance per person (named by user id): the person's live channel. Every open tab holds its
 * main socket here (notifications: file status, library changes, mentions, exports); a session
 * ended closes its sockets. It notes the file rooms the person has sockets in, so a person removed
 * from a workspace is shut out of its rooms at once (decision 053).
 */
export class PersonChannel extends LiveRoom {
  /** RPC: delivers one message to every main socket (the person's tabs); answers how many received it. */
  async publish(message: LiveMessage): Promise<number> {
    return this.broadcastMessage(message);
  }

  /** RPC: the person opened a socket in a file's room. */
  async noteFileRoom(workspaceId: string, fileId: string): Promise<void> {
    await this.ctx.storage.put(roomKey(workspaceId, fileId), Date.now());
  }

  /** RPC: the files of a workspace whose rooms the person had sockets in; forgotten once asked. */
  async takeFileRooms(workspaceId: string): Promise<string[]> {
    const prefix = `room:${workspaceId}:`;
    const keys = [...(await this.ctx.storage.list({ prefix })).keys()];
    // The storage API deletes at most 128 keys a call.
    for (let i = 0; i < keys.length; i += 128) await this.ctx.storage.delete(keys.slice(i, i + 128));
    return keys.map((k) => k.slice(prefix.length));
  }
}
