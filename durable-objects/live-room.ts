import { Server, type Connection, type ConnectionContext } from "partyserver";
import type { LiveMessage } from "../common/live-messages";

/** Headers the Worker sets when it routes an authenticated socket here (a client cannot reach the object directly). */
export const SESSION_HEADERS = { id: "x-session-id", expiresAt: "x-session-expires-at" } as const;

/** At most this many open sockets per user; a new one closes the oldest. */
export const MAX_SOCKETS_PER_USER = 20;

/** Close codes the SPA understands: the session is over (do not reconnect with it), or a newer tab took the slot. */
export const CLOSE_CODES = { sessionEnded: 4001, tooManySockets: 4008 } as const;

interface SocketState {
  sessionId: string;
  sessionExpiresAt: string;
  connectedAt: number;
}

/**
 * The live channel's role: every open tab of the user holds a hibernating WebSocket here. The
 * Worker authenticates the socket (with a single-use ticket) before routing it, so the room is
 * never chosen by the client. Each socket remembers its session, so ending a session closes its
 * sockets, and no socket outlives its session.
 */
export class LiveRoom extends Server<Env> {
  static override options = { hibernate: true };

  override onStart(): void {
    // Heartbeats are answered by the runtime without waking the object.
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override onConnect(connection: Connection<SocketState>, ctx: ConnectionContext): void {
    connection.setState({
      sessionId: ctx.request.headers.get(SESSION_HEADERS.id) ?? "",
      sessionExpiresAt: ctx.request.headers.get(SESSION_HEADERS.expiresAt) ?? "",
      connectedAt: Date.now(),
    });
    connection.send(JSON.stringify({ type: "welcome" }));
    this.closeOldestBeyondCap();
  }

  private sockets(): Connection<SocketState>[] {
    return [...this.getConnections<SocketState>()];
  }

  private closeOldestBeyondCap(): void {
    const open = this.sockets().sort((a, b) => (a.state?.connectedAt ?? 0) - (b.state?.connectedAt ?? 0));
    for (const connection of open.slice(0, Math.max(0, open.length - MAX_SOCKETS_PER_USER))) {
      connection.close(CLOSE_CODES.tooManySockets, "Too many open connections");
    }
  }

  /** RPC: deliver one message to every open tab of this user (closing sockets whose session has expired). */
  async publish(message: LiveMessage): Promise<number> {
    return this.broadcastMessage(message);
  }

  /** Delivers a message to the open tabs; answers how many received it. */
  protected broadcastMessage(message: LiveMessage): number {
    const payload = JSON.stringify(message);
    const now = new Date().toISOString();
    let delivered = 0;
    for (const connection of this.sockets()) {
      const expiresAt = connection.state?.sessionExpiresAt;
      if (expiresAt && expiresAt <= now) {
        connection.close(CLOSE_CODES.sessionEnded, "Session ended");
        continue;
      }
      connection.send(payload);
      delivered++;
    }
    return delivered;
  }

  /** RPC: a session ended (logout, password reset, revocation): close its sockets at once. */
  async closeSessions(sessionIds: string[] | "all"): Promise<number> {
    let closed = 0;
    for (const connection of this.sockets()) {
      if (sessionIds === "all" || sessionIds.includes(connection.state?.sessionId ?? "")) {
        connection.close(CLOSE_CODES.sessionEnded, "Session ended");
        closed++;
      }
    }
    return closed;
  }
}
