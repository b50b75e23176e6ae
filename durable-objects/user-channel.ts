import { Server, type Connection } from "partyserver";

/**
 * One instance per user (named by user id): every open tab of that user holds
 * a hibernating WebSocket here. The Worker authenticates the socket before
 * routing it, so the room is never chosen by the client.
 */
export class UserChannel extends Server<Env> {
  static override options = { hibernate: true };

  override onStart(): void {
    // Heartbeats are answered by the runtime without waking the object.
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override onConnect(connection: Connection): void {
    connection.send(JSON.stringify({ type: "welcome" }));
  }

  /** RPC: deliver one event to every open tab of this user. */
  async publish(event: { type: string }): Promise<number> {
    const payload = JSON.stringify(event);
    let delivered = 0;
    for (const connection of this.getConnections()) {
      connection.send(payload);
      delivered++;
    }
    return delivered;
  }
}
