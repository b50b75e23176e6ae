// Typed getters of the three objects (decision 053), the only place that names their bindings:
// a person's channel, a file's transcript room, a workspace's index.
import { getServerByName } from "partyserver";
import type { PersonChannel } from "../durable-objects/person-channel";
import type { TranscriptRoom } from "../durable-objects/transcript-room";
import type { WorkspaceIndex } from "../durable-objects/workspace-index";

/** A person's live channel (sessions, notifications), named for PartyServer's socket routing. */
export function personChannel(env: Env, userId: string): Promise<DurableObjectStub<PersonChannel>> {
  return getServerByName(env.PERSON_CHANNEL as unknown as DurableObjectNamespace<PersonChannel>, userId);
}

/**
 * A file's transcript room. Its RPC methods need no PartyServer naming call first (the id made
 * from the name carries it), so each call is one RPC, not two.
 */
export function transcriptRoom(env: Env, fileId: string): DurableObjectStub<TranscriptRoom> {
  const namespace = env.TRANSCRIPT_ROOM as unknown as DurableObjectNamespace<TranscriptRoom>;
  return namespace.get(namespace.idFromName(fileId));
}

/** The same room, named for PartyServer when a socket is routed to it. */
export function transcriptRoomForSockets(env: Env, fileId: string): Promise<DurableObjectStub<TranscriptRoom>> {
  return getServerByName(env.TRANSCRIPT_ROOM as unknown as DurableObjectNamespace<TranscriptRoom>, fileId);
}

/** A workspace's index: library search and Ask's retrieval over its files. */
export function workspaceIndex(env: Env, workspaceId: string): DurableObjectStub<WorkspaceIndex> {
  const namespace = env.WORKSPACE_INDEX as unknown as DurableObjectNamespace<WorkspaceIndex>;
  return namespace.get(namespace.idFromName(workspaceId));
}

/**
 * Closes the live sockets of ended sessions (logout, password reset). Awaited by the caller, so
 * the sockets are gone when the answer arrives; a failure is logged (the sessions are revoked
 * already, and no new ticket can be issued).
 */
export async function endLiveSessions(env: Env, userId: string, sessionIds: string[] | "all"): Promise<void> {
  try {
    await (await personChannel(env, userId)).closeSessions(sessionIds);
  } catch (error) {
    console.error("Could not close live sockets of", userId, error);
  }
}
