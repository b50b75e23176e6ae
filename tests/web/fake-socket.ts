// Stands in for partysocket (a third party) in the live channel's tests.
import type { LiveSocket } from "../../web/src/live/live-channel";

type Listener = (event: { data?: unknown; code?: number }) => void;

/** Stands in for partysocket: the test decides when it opens, talks and drops. */
export class FakeSocket implements LiveSocket {
  readyState = 0;
  sent: string[] = [];
  reconnects = 0;
  closed = false;
  private listeners = new Map<string, Set<Listener>>();

  send(data: string) {
    this.sent.push(data);
  }
  reconnect() {
    this.reconnects++;
    this.readyState = 0;
    this.emit("close");
  }
  close() {
    this.closed = true;
    this.readyState = 3;
    this.emit("close");
  }
  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }
  // Test controls.
  open() {
    this.readyState = 1;
    this.emit("open");
  }
  drop() {
    this.readyState = 0;
    this.emit("close");
  }
  receive(data: string) {
    this.emit("message", { data });
  }
  /** The server closes the connection with a code (partysocket then shows the closed socket's state). */
  closedBy(code: number) {
    this.readyState = 3;
    this.emit("close", { code });
  }
  private emit(type: string, event: { data?: unknown; code?: number } = {}) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }
}
