// Wires one open transcript: the store, the commands, the save queue with its
// IndexedDB backing and HTTP transport, and what happens after each save.
// Plain TypeScript; the view creates one per open file.
import type { QueryClient } from "@tanstack/react-query";
import { touches, type TranscriptOp } from "../../../common/transcript-ops";
import type { SpeakerDto, UtteranceDto } from "../../../common/transcript";
import { transcriptApi, transcriptKeys } from "../api/transcripts";
import { systemClock } from "../editor/clock";
import { TranscriptEditor } from "../editor/editor";
import { indexedDbPendingStore } from "../editor/pending-store";
import { SaveQueue, type PendingOp, type SendOutcome } from "../editor/save-queue";
import { TranscriptStore } from "../editor/transcript-store";
import { httpTransport } from "../editor/transport";
import { toast } from "../lib/toasts";

const OP_NAMES: Record<TranscriptOp["type"], string> = {
  update_words: "word edit",
  split: "split",
  merge: "merge",
  set_speaker: "speaker change",
};

export class EditorSession {
  readonly store: TranscriptStore;
  readonly editor: TranscriptEditor;
  readonly queue: SaveQueue;
  private disposed = false;

  constructor(
    readonly audioFileId: string,
    utterances: readonly UtteranceDto[],
    speakers: readonly SpeakerDto[],
    private readonly queryClient: QueryClient,
  ) {
    this.store = new TranscriptStore(utterances, speakers);
    this.queue = new SaveQueue({
      fileId: audioFileId,
      send: httpTransport(audioFileId, this.store),
      store: indexedDbPendingStore(),
      clock: systemClock,
      onSaved: (pending, result) => this.editor.saved(pending.op, result, pending.enqueuedAt, (id) => this.queue.pendingFor(id)),
      onRejected: (pending, outcome) => void this.rejected(pending, outcome),
      onDrained: () => void queryClient.invalidateQueries({ queryKey: transcriptKeys.history(audioFileId) }),
      onSpeakerStatsStale: () => void queryClient.invalidateQueries({ queryKey: transcriptKeys.transcript(audioFileId) }),
    });
    this.editor = new TranscriptEditor({ store: this.store, queue: this.queue, clock: systemClock });
    // Back online: retry at once instead of waiting out the backoff.
    addEventListener("online", this.online);
  }

  private online = () => this.queue.retryNow();

  /** Edits saved in this browser but not yet on the server (a closed tab, a reload, offline) come back. */
  async restore(): Promise<void> {
    const ops = await this.queue.restore();
    if (this.disposed) return;
    this.editor.replay(ops.map((p) => p.op));
  }

  /** A fresh server list (live change elsewhere, reconnect): merged, keeping unsaved local edits. */
  serverUtterances(utterances: readonly UtteranceDto[]): void {
    this.store.mergeServer(utterances, (id) => this.queue.pendingFor(id));
  }

  private async rejected(pending: PendingOp, outcome: Extract<SendOutcome, { kind: "permanent" }>): Promise<void> {
    toast(`Your ${OP_NAMES[pending.op.type]} was not saved: ${outcome.message}`, "error");
    // Show what the server has for the utterances involved.
    const current = (outcome.body as { data?: { utterances?: UtteranceDto[] } } | null)?.data?.utterances;
    const ids = touches(pending.op);
    const fresh = current ?? (await transcriptApi.utterances(this.audioFileId).catch(() => null));
    if (!fresh || this.disposed) return;
    const byId = new Map(fresh.map((u) => [u.id, u]));
    const keep = (id: string) => this.queue.pendingFor(id);
    this.store.reconcile(
      {
        utterances: ids.flatMap((id) => (byId.has(id) && !keep(id) ? [byId.get(id)!] : [])),
        removedUtteranceIds: current ? [] : ids.filter((id) => !byId.has(id) && !keep(id)),
      },
      keep,
    );
  }

  /** Closing the file: what is queued goes out first (it stays stored if it cannot). */
  dispose(): void {
    this.disposed = true;
    removeEventListener("online", this.online);
    void this.queue.flush().finally(() => this.queue.dispose());
  }
}
