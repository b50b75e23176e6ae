// Undo and redo: server-side history, applied to the open editor. Pending
// saves go first, so an undo never overtakes the edit it is meant to undo.
import type { OperationResultDto } from "../../../../core/operation-results";

export type HistoryDirection = "undo" | "redo";

export interface HistoryDeps {
  /** Sends what is queued; resolves once it is out (or stays blocked). */
  flush(): Promise<unknown>;
  /** Asks the server to take one step. */
  ask(direction: HistoryDirection): Promise<OperationResultDto>;
  /** An answer that names what changed. */
  apply(result: OperationResultDto): void;
  /** A re-transcription undone or redone: every utterance may differ, read them all again. */
  reload(): void;
  /** After each step, whether it worked or not (the history list, the details). */
  settled?(): void;
}

export class UndoHistory {
  // Steps run one after another: a quick second click waits for the first.
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: HistoryDeps) {}

  undo(): Promise<OperationResultDto | null> {
    return this.queued("undo");
  }

  redo(): Promise<OperationResultDto | null> {
    return this.queued("redo");
  }

  private queued(direction: HistoryDirection): Promise<OperationResultDto | null> {
    const next = this.running.then(() => this.step(direction));
    this.running = next.catch(() => undefined);
    return next;
  }

  /**
   * The reload is not awaited (a slow list must not hold the next undo back):
   * the store keeps any answer applied while the list is on its way (`mergeServer`).
   */
  private async step(direction: HistoryDirection): Promise<OperationResultDto | null> {
    await this.deps.flush();
    try {
      const result = await this.deps.ask(direction);
      if (result.reload) this.deps.reload();
      else this.deps.apply(result);
      return result;
    } catch (error) {
      // docs/product.md#texts: undo and redo failures are logged only.
      console.error(direction === "undo" ? "Failed to undo operation" : "Failed to redo operation", error);
      return null;
    } finally {
      this.deps.settled?.();
    }
  }
}
