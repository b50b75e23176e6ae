// One recording in progress: MediaRecorder cuts the sound into chunks every few seconds and the
// chunk sender takes them to the server as they come, so a closed tab loses at most the chunk
// being recorded and those not sent yet. The time counts only while recording, not paused.
import { RECORDING_LIMITS } from "../../../../common/recordings";
import type { AudioInput } from "./audio-input";
import { ChunkSender, type SendChunk, type SenderState } from "./chunk-sender";

/** Recordings this tab is making: not offered as unfinished ones while they go on. */
export const recordingsInThisTab = new Set<string>();

export class RecordingSession {
  private readonly recorder: MediaRecorder;
  readonly sender: ChunkSender;
  private runningSince: number | null = null;
  private elapsedBefore = 0;
  private stopped: Promise<void>;

  constructor(
    readonly input: AudioInput,
    recorder: MediaRecorder,
    send: SendChunk,
    onSenderChange: (state: SenderState) => void,
  ) {
    this.recorder = recorder;
    this.sender = new ChunkSender(send, (state) => {
      // A refusal (a quota, the workspace's role) ends the recording: nothing more would be kept.
      if (state.refused) this.halt();
      onSenderChange(state);
    });
    this.recorder.addEventListener("dataavailable", (e) => this.sender.push(e.data));
    this.stopped = new Promise((resolve) => this.recorder.addEventListener("stop", () => resolve(), { once: true }));
  }

  start(): void {
    this.recorder.start(RECORDING_LIMITS.timesliceMs);
    this.runningSince = performance.now();
  }

  get paused(): boolean {
    return this.recorder.state === "paused";
  }

  pause(): void {
    if (this.recorder.state !== "recording") return;
    this.recorder.pause();
    this.elapsedBefore = this.elapsedMs();
    this.runningSince = null;
  }

  resume(): void {
    if (this.recorder.state !== "paused") return;
    this.recorder.resume();
    this.runningSince = performance.now();
  }

  elapsedMs(): number {
    return this.elapsedBefore + (this.runningSince === null ? 0 : performance.now() - this.runningSince);
  }

  /** Seconds the server has: whole chunks of a few seconds each, never past the time recorded. */
  savedSeconds(): number {
    return Math.min(this.sender.state.sent * (RECORDING_LIMITS.timesliceMs / 1000), this.elapsedMs() / 1000);
  }

  /** Ends the recording and waits until every chunk is on the server; answers how many there are. */
  async stop(): Promise<number> {
    this.halt();
    await this.stopped;
    await this.sender.whenSent();
    return this.sender.state.recorded;
  }

  /** Ends everything here at once (the server's copy is discarded by the caller). */
  discard(): void {
    this.sender.stop();
    this.halt();
  }

  private halt(): void {
    if (this.runningSince !== null) this.elapsedBefore = this.elapsedMs();
    this.runningSince = null;
    if (this.recorder.state !== "inactive") this.recorder.stop();
    this.input.close();
  }
}
