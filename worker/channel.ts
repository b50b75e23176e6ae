import { getServerByName } from "partyserver";
import type { UserChannel } from "../durable-objects/user-channel";

/** Typed stub of a user's live channel (the only place that names the binding). */
export function userChannel(env: Env, userId: string): Promise<DurableObjectStub<UserChannel>> {
  return getServerByName(env.USER_CHANNEL as unknown as DurableObjectNamespace<UserChannel>, userId);
}

/**
 * The same object as the user's transcript store. Its RPC methods need no PartyServer naming
 * call first (the id made from the name carries it), so each store call is one RPC, not two.
 */
export function userStore(env: Env, userId: string): DurableObjectStub<UserChannel> {
  const namespace = env.USER_CHANNEL as unknown as DurableObjectNamespace<UserChannel>;
  return namespace.get(namespace.idFromName(userId));
}

/**
 * Closes the live sockets of ended sessions (logout, password reset). Awaited by
 * the caller, so the sockets are gone when the answer arrives; a failure is
 * logged (the sessions are revoked already, and no new ticket can be issued).
 */
export async function endLiveSessions(env: Env, userId: string, sessionIds: string[] | "all"): Promise<void> {
  try {
    await (await userChannel(env, userId)).closeSessions(sessionIds);
  } catch (error) {
    console.error("Could not close live sockets of", userId, error);
  }
}
