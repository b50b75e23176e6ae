// Where this tab's caret is, said on the open file's socket. A move is sent at most every
// CARET_THROTTLE_MS (a blur and the next focus in one moment make one message), and the
// caret is repeated every PRESENCE_TIMINGS.repeatMs: the server counts a tab silent for
// PRESENCE_TIMINGS.goneAfterMs as gone.
import { PRESENCE_TIMINGS } from "../../../common/live-messages";

export const CARET_THROTTLE_MS = 300;

export class CaretSender {
  private current: string | null = null;
  /** What the server was last told; undefined: nothing yet on this connection. */
  private told: string | null | undefined = undefined;
  private toldAt = Number.NEGATIVE_INFINITY;
  private pending: ReturnType<typeof setTimeout> | null = null;
  private repeat: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  /** `send` answers whether the message went out (false while the socket is not open). */
  constructor(private readonly send: (data: string) => boolean) {}

  /** The caret is now in this utterance (null: in none, the editor lost focus). */
  set(utteranceId: string | null): void {
    if (this.stopped) return;
    this.current = utteranceId;
    if (this.pending !== null) return;
    const wait = Math.max(0, this.toldAt + CARET_THROTTLE_MS - Date.now());
    this.pending = setTimeout(() => {
      this.pending = null;
      if (this.current !== this.told) this.sendNow();
    }, wait);
  }

  /** A new connection knows no caret: it is told at once, then reminded. */
  connected(): void {
    if (this.stopped) return;
    this.told = undefined;
    if (this.current !== null) this.sendNow();
    else this.scheduleRepeat();
  }

  stop(): void {
    this.stopped = true;
    if (this.pending !== null) clearTimeout(this.pending);
    if (this.repeat !== null) clearTimeout(this.repeat);
    this.pending = null;
    this.repeat = null;
  }

  private sendNow(): void {
    if (this.send(JSON.stringify({ type: "caret", utterance_id: this.current }))) {
      this.told = this.current;
      this.toldAt = Date.now();
    }
    this.scheduleRepeat();
  }

  private scheduleRepeat(): void {
    if (this.repeat !== null) clearTimeout(this.repeat);
    this.repeat = setTimeout(() => {
      this.repeat = null;
      this.sendNow();
    }, PRESENCE_TIMINGS.repeatMs);
  }
}
