// Wires one open transcript: the store, which this session loads and keeps
// merged with the server itself, the commands, the save queue with its
// IndexedDB backing and HTTP transport, and what happens after each save.
// Plain TypeScript; the view creates one per open file.
import type { QueryClient } from "@tanstack/react-query";
import type { TranscriptChangedMessage } from "../../../../common/live-messages";
import { touches, type TranscriptOp } from "../../../../common/transcript-ops";
import type { SpeakerDto, UtteranceDto } from "../../../../common/transcript";
import { ApiRequestError } from "../../api/errors";
import { transcriptApi, transcriptKeys } from "../../api/transcripts";
import { authState } from "../../auth/store";
import { CopyKeeper } from "../open/copy-keeper";
import type { TranscriptCopy } from "../open/local-copy";
import { openTranscript, type Readable, readServer, type ServerTranscript } from "../open/open-transcript";
import { mergeOverCopy } from "../open/revalidate";
import { systemClock } from "./clock";
import { TranscriptEditor } from "./editor";
import { indexedDbPendingStore } from "./pending-store";
import { applyRemoteChange } from "./remote-change";
import { SaveQueue, type PendingOp, type SendOutcome } from "./save-queue";
import { TranscriptStore } from "./transcript-store";
import { httpTransport } from "./transport";
import { registerSession } from "./open-sessions";
import { watchTranscript } from "../../live/transcript-events";
import { toast } from "../../lib/toasts";
import { recordCorrections } from "../../workspace/vocabulary-suggestions";

const OP_NAMES: Record<TranscriptOp["type"], string> = {
  update_words: "word edit",
  split: "split",
  merge: "merge",
  set_speaker: "speaker change",
  replace_all: "replace all",
  merge_speakers: "speaker merge",
};

const noCopy = () => undefined;

/** Resolves once the browser has drawn what is in the DOM now (or soon, in a hidden tab). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/** "preview": the first screenful is drawn, read-only, while the whole transcript is decoded. */
export type SessionState = { status: "loading" } | { status: "preview" } | { status: "ready" } | { status: "failed"; error: Error };

export class EditorSession {
  readonly store = new TranscriptStore();
  readonly editor: TranscriptEditor;
  readonly queue: SaveQueue;
  private disposed = false;
  private state: SessionState = { status: "loading" };
  private readonly listeners = new Set<() => void>();
  /** Server reads after the first load, one at a time, so an older answer never lands after a newer one. */
  private serverReads: Promise<void> = Promise.resolve();
  private readonly unwatch: () => void;
  private readonly unregister: () => void;
  private opening: Promise<void> | null = null;
  /** Who opened it: this browser's copy is theirs only. */
  private readonly user = authState.user?.id ?? null;
  private readonly copies: CopyKeeper;
  /** The speakers stored with the copy shown, until the transcript's details arrive. */
  copySpeakers: SpeakerDto[] | null = null;

  constructor(
    readonly audioFileId: string,
    queryClient: QueryClient,
  ) {
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
    this.editor = new TranscriptEditor({ store: this.store, queue: this.queue, clock: systemClock, onLocalChange: recordCorrections });
    // Back online: retry at once instead of waiting out the backoff.
    addEventListener("online", this.online);
    this.unwatch = watchTranscript(audioFileId, {
      changed: (event) => this.remoteChanged(event),
      reload: () => this.reload(),
    });
    this.unregister = registerSession(this);
    this.copies = new CopyKeeper({ user: this.user, fileId: audioFileId, queryClient, store: this.store, queue: this.queue });
  }

  private online = () => this.queue.retryNow();

  getState(): SessionState {
    return this.state;
  }

  subscribeState(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Loads the utterances, then re-applies the edits saved in this browser but
   * not yet on the server (a closed tab, a reload, offline). Called again to retry.
   */
  open(): Promise<void> {
    if (this.state.status === "ready") return Promise.resolve();
    this.opening ??= this.load().finally(() => (this.opening = null));
    return this.opening;
  }

  /**
   * The server's answer, or this browser's copy when it comes first (decision 029):
   * the copy shows and takes edits at once, and the server's answer replaces it.
   * Either way its first screenful is drawn (read-only) before the whole is decoded.
   */
  private async load(): Promise<void> {
    this.setState({ status: "loading" });
    const opening = openTranscript(this.user, this.audioFileId);
    let serverSettled = false;
    const server = opening.server.finally(() => (serverSettled = true));
    server.catch(() => {});
    const copy = await Promise.race([opening.copy, server.then(noCopy, noCopy)]);
    // Edits stored by an earlier page are re-applied to the server's state, never to a copy.
    if (copy && !serverSettled && !this.disposed && (await this.queue.restore()).length === 0 && !this.disposed) {
      this.copySpeakers = copy.copy.speakers;
      const list = await this.show(copy);
      if (!list) return;
      const shownVersions = new Map(list.map((u) => [u.id, u.version]));
      this.setState({ status: "ready" });
      this.serverRead(() => this.revalidate(server, copy.copy, shownVersions));
      return;
    }
    let answer: ServerTranscript;
    try {
      answer = await server.catch((error: unknown) => {
        // A hiccup is retried once; a missing transcript (4xx) is an answer.
        const status = error instanceof ApiRequestError ? error.status : 0;
        if (this.disposed || (status >= 400 && status < 500)) throw error;
        return readServer(this.audioFileId);
      });
    } catch (error) {
      if (!this.disposed) this.setState({ status: "failed", error: error instanceof Error ? error : new Error(String(error)) });
      return;
    }
    if (this.disposed || !(await this.show(answer))) return;
    const ops = await this.queue.restore();
    if (this.disposed) return;
    this.editor.replay(ops.map((p) => p.op));
    this.setState({ status: "ready" });
    this.copies.keep(answer.copy);
  }

  /** The first screenful, drawn before the rest is decoded; then everything. Null once closed. */
  private async show(utterances: Readable): Promise<UtteranceDto[] | null> {
    if (!utterances.complete) {
      this.store.load(utterances.head);
      this.setState({ status: "preview" });
      await afterPaint();
      if (this.disposed) return null;
    }
    const list = utterances.whole();
    this.store.load(list);
    return list;
  }

  /** The server's answer after the copy showed (revalidate.ts says what it replaces). */
  private async revalidate(server: Promise<ServerTranscript>, shown: TranscriptCopy, shownVersions: Map<string, number>): Promise<void> {
    const answer = await server.catch(() => readServer(this.audioFileId));
    if (this.disposed) return;
    mergeOverCopy(this.store, answer.whole(), shownVersions, (id) => this.queue.pendingFor(id));
    this.copies.keep(answer.copy, shown);
  }

  /** Everything again (a new transcript, a reconnect): merged, keeping unsaved local edits. */
  reload(): void {
    if (this.state.status !== "ready") return void this.open();
    this.serverRead(async () => {
      const list = await transcriptApi.utterances(this.audioFileId);
      if (!this.disposed) this.store.mergeServer(list, (id) => this.queue.pendingFor(id));
    });
  }

  /** Another tab's change: only the utterances it names are fetched. */
  private remoteChanged(event: TranscriptChangedMessage): void {
    if (this.state.status !== "ready") return;
    this.serverRead(() =>
      applyRemoteChange(
        this.store,
        event,
        (ids) => transcriptApi.utterancesByIds(this.audioFileId, ids),
        (id) => this.disposed || this.queue.pendingFor(id),
      ),
    );
  }

  private serverRead(read: () => Promise<void>): void {
    this.serverReads = this.serverReads.then(read).catch((error: unknown) => console.error("Failed to refresh the transcript", error));
  }

  private async rejected(pending: PendingOp, outcome: Extract<SendOutcome, { kind: "permanent" }>): Promise<void> {
    toast(`Your ${OP_NAMES[pending.op.type]} was not saved: ${outcome.message}`, "error");
    // Show what the server has for the utterances involved.
    const current = (outcome.body as { data?: { utterances?: UtteranceDto[] } } | null)?.data?.utterances;
    const ids = touches(pending.op);
    const fresh = current ?? (await transcriptApi.utterancesByIds(this.audioFileId, ids).catch(() => null));
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

  private setState(state: SessionState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }

  /** Closing the file: what is queued goes out first (it stays stored if it cannot). */
  dispose(): void {
    this.disposed = true;
    this.unwatch();
    this.unregister();
    this.listeners.clear();
    removeEventListener("online", this.online);
    this.copies.dispose();
    void this.queue.flush().finally(() => this.queue.dispose());
  }
}
