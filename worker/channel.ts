import { getServerByName } from "partyserver";
import type { UserChannel } from "../durable-objects/user-channel";

/** Typed stub of a user's live channel (the only place that names the binding). */
export function userChannel(env: Env, userId: string): Promise<DurableObjectStub<UserChannel>> {
  return getServerByName(env.USER_CHANNEL as unknown as DurableObjectNamespace<UserChannel>, userId);
}
