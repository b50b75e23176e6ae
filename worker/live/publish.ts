// The one way the Worker pushes a live message to a user's open tabs. A push is
// a courtesy (tabs also refetch when they reconnect), so it never fails the
// caller: a failure is logged with the message's type. Answers how many tabs
// received it (null when the push failed).
import type { LiveMessage } from "../../common/live-messages";
import { userChannel } from "../channel";

export async function publish(env: Env, userId: string, message: LiveMessage): Promise<number | null> {
  try {
    return await (await userChannel(env, userId)).publish(message);
  } catch (error) {
    console.error(`Could not publish ${message.type} to`, userId, error);
    return null;
  }
}
