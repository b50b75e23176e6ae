import { WebSocket as ReconnectingWebSocket } from "partysocket";
import type {
  CommentsChangedMessage,
  ExportCompletedMessage,
  HighlightsChangedMessage,
  LibraryChangedMessage,
  PresenceMessage,
} from "../../../common/live-messages";
import type { TranscriptChangedMessage } from "../../../core/live-change";
import type { FileStatusChangedEvent } from "../../../common/live-messages";
import { parseLiveMessage } from "../../../common/live-messages";
import { type Random, withJitter } from "../lib/backoff";

/**
 * Timings of the live channel (docs/product.md#states: stale threshold 6 s, backoff
 * rate 0.15, reconnect after 1 s). The backoff rate is read as a growth of 15 %
 * per failed attempt: 1 s, 1.15 s, 1.32 s… capped at 30 s, each with jitter (`reconnectDelay`).
 */
export const LIVE_TIMINGS = {
  pingIntervalMs: 2_000,
  staleAfterMs: 6_000,
  minReconnectionDelayMs: 1_000,
  reconnectionDelayGrowFactor: 1.15,
  maxReconnectionDelayMs: 30_000,
  connectionTimeoutMs: 4_000,
} as const;

export type LiveStatus = "connecting" | "open" | "closed";

/** What the channel needs of a socket; partysocket's ReconnectingWebSocket fits. */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): unknown;
  /** Drops the current connection and connects again at once. */
  reconnect(): void;
  close(): void;
  addEventListener(type: "open" | "close" | "message" | "error", listener: (event: SocketEvent) => void): void;
  removeEventListener(type: "open" | "close" | "message" | "error", listener: (event: SocketEvent) => void): void;
}

/** A message's data, or a close's code. */
export interface SocketEvent {
  data?: unknown;
  code?: number;
}

export interface SocketOptions {
  /** Close codes after which the socket must not connect again. */
  endsOn?: readonly number[];
}

const CONNECTING = 0;
const OPEN = 1;

export interface LiveClock {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Resolved at call time, so fake timers installed after import are honoured. */
const systemClock: LiveClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface LiveChannelOptions {
  /** Asked again before every connection attempt: each attempt needs a fresh single-use ticket. */
  url: () => string | Promise<string>;
  onFileStatusChanged?: (event: FileStatusChangedEvent) => void;
  onTranscriptChanged?: (event: TranscriptChangedMessage) => void;
  onExportCompleted?: (event: ExportCompletedMessage) => void;
  onLibraryChanged?: (event: LibraryChangedMessage) => void;
  /** A file's comment threads changed. */
  onCommentsChanged?: (event: CommentsChangedMessage) => void;
  /** A file's highlights changed. */
  onHighlightsChanged?: (event: HighlightsChangedMessage) => void;
  /** Who has the file open (a file socket only). */
  onPresence?: (event: PresenceMessage) => void;
  /** Close codes that end the channel for good (no reconnecting), then `onEnded` with the code. */
  endsOn?: readonly number[];
  onEnded?: (code: number) => void;
  /** After every (re)connection: refetch what may have been missed while offline. */
  onConnected?: (info: { reconnected: boolean }) => void;
  onStatus?: (status: LiveStatus) => void;
  createSocket?: (url: () => string | Promise<string>, options?: SocketOptions) => LiveSocket;
  clock?: LiveClock;
}

/**
 * The wait before connection attempt `retryCount` (partysocket's count: 0 for the first
 * attempt and after a deliberate reconnect): the backoff above, with jitter, so the tabs
 * of every user do not all come back in step after an outage.
 */
export function reconnectDelay(retryCount: number, random: Random = Math.random): number {
  if (retryCount <= 0) return 0;
  const { minReconnectionDelayMs: min, reconnectionDelayGrowFactor: factor, maxReconnectionDelayMs: max } = LIVE_TIMINGS;
  return withJitter(Math.min(max, min * factor ** (retryCount - 1)), random);
}

export function createReconnectingSocket(url: () => string | Promise<string>, options: SocketOptions = {}): LiveSocket {
  const endsOn = options.endsOn ?? [];
  // partysocket's own wait has no jitter: it is turned off, and the wait happens here, before
  // the address (with its single-use ticket) is asked for.
  const socket: ReconnectingWebSocket = new ReconnectingWebSocket(
    async () => {
      const ms = reconnectDelay(socket.retryCount);
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      return url();
    },
    [],
    {
      minReconnectionDelay: 0,
      maxReconnectionDelay: 0,
      connectionTimeout: LIVE_TIMINGS.connectionTimeoutMs,
      // Heartbeats sent while offline are worthless: never queue them.
      maxEnqueuedMessages: 0,
      // Checked before partysocket asks for the next address (a ticket would be spent for nothing).
      shouldReconnectOnClose: (event) => !endsOn.includes(event.code),
    },
  );
  return socket as unknown as LiveSocket;
}

/**
 * The `/cable` address on this origin, with a single-use socket ticket (never the session token);
 * with a file id, the file socket of that file (its changes and who has it open).
 */
export function cableUrl(origin: string, ticket: string, fileId?: string): string {
  const file = fileId === undefined ? "" : `&file=${encodeURIComponent(fileId)}`;
  return `${origin.replace(/^http/, "ws")}/cable?token=${encodeURIComponent(ticket)}${file}`;
}

/**
 * One reconnecting socket to the user's channel. Sends "ping" every 2 s (the
 * server answers "pong" without waking); when nothing at all has arrived for
 * 6 s the connection is treated as stale and replaced.
 *
 * When our own timers ran late (a background tab, a sleeping laptop) the
 * silence says nothing about the server: the connection gets a fresh window
 * instead of being dropped.
 */
export class LiveChannel {
  private readonly clock: LiveClock;
  private socket: LiveSocket | null = null;
  private heartbeat: unknown = null;
  private watchdog: unknown = null;
  private lastHeardAt = 0;
  private lastTickAt = 0;
  private resumedAt = 0;
  private opens = 0;
  private current: LiveStatus = "closed";

  constructor(private readonly options: LiveChannelOptions) {
    this.clock = options.clock ?? systemClock;
  }

  get status(): LiveStatus {
    return this.current;
  }

  start(): void {
    if (this.socket) return;
    const socket = (this.options.createSocket ?? createReconnectingSocket)(this.options.url, { endsOn: this.options.endsOn ?? [] });
    this.socket = socket;
    socket.addEventListener("open", this.handleOpen);
    socket.addEventListener("close", this.handleClose);
    socket.addEventListener("message", this.handleMessage);
    this.setStatus(socket.readyState === OPEN ? "open" : "connecting");
    if (socket.readyState === OPEN) this.handleOpen();
  }

  stop(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    this.stopTimers();
    socket.removeEventListener("open", this.handleOpen);
    socket.removeEventListener("close", this.handleClose);
    socket.removeEventListener("message", this.handleMessage);
    if (socket.readyState === CONNECTING) {
      // Closing mid-handshake makes browsers log a console warning: let the attempt end, then close.
      const finish = () => {
        socket.removeEventListener("open", finish);
        socket.removeEventListener("close", finish);
        socket.close();
      };
      socket.addEventListener("open", finish);
      socket.addEventListener("close", finish);
    } else {
      socket.close();
    }
    this.setStatus("closed");
  }

  /** Sends a message if the connection is open now (nothing is queued while it is not). */
  send(data: string): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(data);
    return true;
  }

  private handleOpen = (): void => {
    const now = this.clock.now();
    this.lastHeardAt = now;
    this.lastTickAt = now;
    this.resumedAt = now;
    this.stopTimers();
    this.heartbeat = this.clock.setInterval(this.tick, LIVE_TIMINGS.pingIntervalMs);
    this.armWatchdog(LIVE_TIMINGS.staleAfterMs);
    this.setStatus("open");
    this.opens++;
    this.options.onConnected?.({ reconnected: this.opens > 1 });
  };

  private handleClose = (event?: SocketEvent): void => {
    const code = event?.code;
    if (this.socket && code !== undefined && this.options.endsOn?.includes(code)) {
      this.stop();
      this.options.onEnded?.(code);
      return;
    }
    this.stopTimers();
    // partysocket keeps trying unless we stopped it.
    if (this.socket) this.setStatus("connecting");
  };

  private handleMessage = (event: SocketEvent): void => {
    this.lastHeardAt = this.clock.now();
    const message = parseLiveMessage(event.data);
    if (message?.type === "file_status_changed") this.options.onFileStatusChanged?.(message);
    if (message?.type === "transcript_changed") this.options.onTranscriptChanged?.(message);
    if (message?.type === "export_completed") this.options.onExportCompleted?.(message);
    if (message?.type === "library_changed") this.options.onLibraryChanged?.(message);
    if (message?.type === "comments_changed") this.options.onCommentsChanged?.(message);
    if (message?.type === "highlights_changed") this.options.onHighlightsChanged?.(message);
    if (message?.type === "presence") this.options.onPresence?.(message);
  };

  private tick = (): void => {
    const now = this.clock.now();
    if (this.timersWereLate(now)) this.resumedAt = now;
    this.lastTickAt = now;
    this.ping();
  };

  private checkStale = (): void => {
    this.watchdog = null;
    if (!this.socket || this.current !== "open") return;
    const now = this.clock.now();
    if (this.timersWereLate(now)) {
      this.resumedAt = now;
      this.ping();
    }
    const quietFor = now - Math.max(this.lastHeardAt, this.resumedAt);
    if (quietFor < LIVE_TIMINGS.staleAfterMs) {
      this.armWatchdog(LIVE_TIMINGS.staleAfterMs - quietFor);
      return;
    }
    this.stopTimers();
    this.setStatus("connecting");
    this.socket.reconnect();
  };

  /** The heartbeat should have ticked by now: if not, the page was throttled or asleep. */
  private timersWereLate(now: number): boolean {
    return now - this.lastTickAt > LIVE_TIMINGS.pingIntervalMs * 2;
  }

  private ping(): void {
    if (this.socket?.readyState === OPEN) this.socket.send("ping");
  }

  private armWatchdog(ms: number): void {
    if (this.watchdog !== null) this.clock.clearTimeout(this.watchdog);
    this.watchdog = this.clock.setTimeout(this.checkStale, ms);
  }

  private stopTimers(): void {
    if (this.heartbeat !== null) this.clock.clearInterval(this.heartbeat);
    if (this.watchdog !== null) this.clock.clearTimeout(this.watchdog);
    this.heartbeat = null;
    this.watchdog = null;
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.current) return;
    this.current = status;
    this.options.onStatus?.(status);
  }
}
