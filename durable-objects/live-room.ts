import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import {
  caretSchema,
  type LiveMessage,
  PRESENCE_TIMINGS,
  type PresenceMessage,
  type PresencePerson,
  SOCKET_CLOSE_CODES,
} from "../common/live-messages";

/**
 * The one header an object reads when a socket arrives: who the socket is for, set by the
 * Worker from its own ticket claim and access check (worker/live/socket-request.ts). The
 * Worker forwards nothing else of the client's request, so nothing a client sets reaches here.
 */
export const SOCKET_GRANT_HEADER = "x-socket-grant";

export interface SocketGrant {
  sessionId: string;
  sessionExpiresAt: string;
  /** A file socket: a member with this file open (its changes, who else is there). */
  file?: { id: string; workspaceId: string; userId: string; name: string };
}

/** At most this many open sockets per user; a new one closes the oldest. */
export const MAX_SOCKETS_PER_USER = 20;

/** Close codes the SPA understands (one list, common/live-messages.ts). */
export const CLOSE_CODES = SOCKET_CLOSE_CODES;

interface SocketState {
  sessionId: string;
  sessionExpiresAt: string;
  connectedAt: number;
  /** Set on a file socket only. */
  file?: { id: string; workspaceId: string; userId: string; name: string; caret: string | null; seenAt: string };
}

/**
 * The sockets both live objects hold (decision 053): a person's channel holds the main sockets of
 * their tabs (notifications), a file's transcript room the file sockets of everyone with the file
 * open (its changes and who else is there). The Worker authenticates each socket (a single-use
 * ticket, and the member's role for a file socket) before routing it, so the room is never chosen
 * by the client. Each socket remembers its session, so ending a session closes it.
 */
export class LiveRoom extends Server<Env> {
  static override options = { hibernate: true };

  override onStart(): void {
    // Heartbeats are answered by the runtime without waking the object.
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override onConnect(connection: Connection<SocketState>, ctx: ConnectionContext): void {
    const grant = readGrant(ctx.request);
    if (!grant) {
      connection.close(CLOSE_CODES.sessionEnded, "Session ended");
      return;
    }
    const file = grant.file;
    connection.setState({
      sessionId: grant.sessionId,
      sessionExpiresAt: grant.sessionExpiresAt,
      connectedAt: Date.now(),
      ...(file ? { file: { ...file, caret: null, seenAt: new Date().toISOString() } } : {}),
    });
    connection.send(JSON.stringify({ type: "welcome" }));
    this.closeOldestBeyondCap(file ? file.userId : null);
    if (file) this.tellPresence(file.id);
  }

  /** A file socket says where its caret is (anything else from a tab is ignored). */
  override onMessage(connection: Connection<SocketState>, message: WSMessage): void {
    const file = connection.state?.file;
    if (!file || typeof message !== "string") return;
    let parsed: ReturnType<typeof caretSchema.safeParse>;
    try {
      parsed = caretSchema.safeParse(JSON.parse(message));
    } catch {
      return;
    }
    if (!parsed.success) return;
    connection.setState({ ...connection.state!, file: { ...file, caret: parsed.data.utterance_id, seenAt: new Date().toISOString() } });
    this.tellPresence(file.id);
  }

  override onClose(connection: Connection<SocketState>): void {
    const fileId = connection.state?.file?.id;
    if (fileId) this.tellPresence(fileId, connection.id);
  }

  protected sockets(): Connection<SocketState>[] {
    return [...this.getConnections<SocketState>()];
  }

  /** Main sockets (the object's own user) count together; file sockets per member. */
  private closeOldestBeyondCap(memberId: string | null): void {
    const open = this.sockets()
      .filter((c) => (c.state?.file?.userId ?? null) === memberId)
      .sort((a, b) => (a.state?.connectedAt ?? 0) - (b.state?.connectedAt ?? 0));
    for (const connection of open.slice(0, Math.max(0, open.length - MAX_SOCKETS_PER_USER))) {
      connection.close(CLOSE_CODES.tooManySockets, "Too many open connections");
    }
  }

  /** Delivers a message to the main sockets (unless `main` is false), and to the file sockets it `reaches`; answers how many received it. */
  protected broadcastMessage(
    message: LiveMessage,
    reaches: (file: NonNullable<SocketState["file"]>) => boolean = () => false,
    main = true,
  ): number {
    const payload = JSON.stringify(message);
    const now = new Date().toISOString();
    let delivered = 0;
    for (const connection of this.sockets()) {
      const state = connection.state;
      if (state?.file ? !reaches(state.file) : !main) continue;
      if (state?.sessionExpiresAt && state.sessionExpiresAt <= now) {
        connection.close(CLOSE_CODES.sessionEnded, "Session ended");
        continue;
      }
      connection.send(payload);
      delivered++;
    }
    return delivered;
  }

  /** A file's change: to every file socket on that file, and to no main socket (whose user may have lost access to it). */
  protected broadcastChange(message: LiveMessage & { file_id: string }): number {
    return this.broadcastMessage(message, (file) => file.id === message.file_id, false);
  }

  /** Who has the file open (one entry per person, their latest tab), to every socket on it. */
  private tellPresence(fileId: string, leavingId?: string): void {
    const on = this.sockets().filter((c) => c.state?.file?.id === fileId && c.id !== leavingId);
    // A tab gone without a close (a lost network) stops counting once it has been silent this long.
    const since = new Date(Date.now() - PRESENCE_TIMINGS.goneAfterMs).toISOString();
    const people = new Map<string, PresencePerson>();
    for (const c of on) {
      const f = c.state!.file!;
      if (f.seenAt < since) continue;
      const known = people.get(f.userId);
      if (!known || known.seen_at < f.seenAt)
        people.set(f.userId, { user_id: f.userId, name: f.name, utterance_id: f.caret, seen_at: f.seenAt });
    }
    const message: PresenceMessage = { type: "presence", file_id: fileId, people: [...people.values()] };
    const payload = JSON.stringify(message);
    for (const c of on) c.send(payload);
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

/** The Worker's grant on a socket's request; null when it is missing or malformed (never a client's word). */
function readGrant(request: Request): SocketGrant | null {
  try {
    const grant = JSON.parse(request.headers.get(SOCKET_GRANT_HEADER) ?? "null") as SocketGrant | null;
    return grant && typeof grant.sessionId === "string" && typeof grant.sessionExpiresAt === "string" ? grant : null;
  } catch {
    return null;
  }
}
