// What the Worker forwards to an object when it routes a live socket: a new request carrying the
// upgrade and the Worker's grant, built from its own ticket claim and access check. Nothing of the
// client's request is copied (no header, no query), so a client cannot name a file, a person or a
// session to the object.
import { SOCKET_GRANT_HEADER, type SocketGrant } from "../../durable-objects/live-room";

export function socketRequest(url: string, grant: SocketGrant): Request {
  const { origin, pathname } = new URL(url);
  return new Request(`${origin}${pathname}`, {
    headers: { Upgrade: "websocket", [SOCKET_GRANT_HEADER]: JSON.stringify(grant) },
  });
}
