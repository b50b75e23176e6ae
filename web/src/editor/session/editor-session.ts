// Wires one open transcript: the store, which this session loads and keeps
// merged with the server itself, the commands, the save queue with its
// IndexedDB backing and HTTP transport, and what happens after each save.
// Plain TypeScript; the view creates one per open file.
import type { QueryClient } from "@tanstack/react-query";
import type { TranscriptChangedMessage } from "../../../../core/live-change";
import { touches } from "../../../../core/operations";
import type { OperationResultDto } from "../../../../core/operation-results";
import type { SpeakerDto, UtteranceDto } from "../../../../core/transcript";
import { DetailsEditor } from "../model/details-editor";
import { type EditorOp, isDetailsOp } from "../model/details-ops";
import { TAB_ID } from "../../api/client";
import { ApiRequestError } from "../../api/errors";
import { transcriptApi, transcriptKeys } from "../../api/transcripts";
import { authState } from "../../auth/store";
import { CopyKeeper } from "../open/copy-keeper";
import type { TranscriptCopy } from "../open/local-copy";
import { openTranscript, type Readable, readServer, type ServerTranscript, type ShownCopy } from "../open/open-transcript";
import { HEAD_UTTERANCES } from "../open/head";
import { whenIdle } from "../../lib/idle";
import { mergeOverCopy } from "../open/revalidate";
import { systemClock } from "../../../../core/clock";
import { TranscriptEditor } from "../model/editor";
import { indexedDbPendingStore } from "../model/pending-store";
import { browserTabLocks } from "../model/tab-locks";
import { TabRecords } from "../model/tab-records";
import { guardUnsent } from "../model/unsent-guard";
import { applyRemoteChange } from "../model/remote-change";
import { SaveQueue, type PendingOp, type SendOutcome } from "../model/save-queue";
import { wordConflictOf } from "../model/word-conflicts";
import { TranscriptStore } from "../model/transcript-store";
import { httpTransport } from "./transport";
import { registerSession } from "./open-sessions";
import { UndoHistory } from "../model/history-actions";
import { reloadAll } from "../model/reload-all";
import { watchTranscript } from "../../live/transcript-events";
import { toast } from "../../lib/toasts";
import { recordCorrections } from "../../workspace/vocabulary-suggestions";

const OP_NAMES: Record<EditorOp["type"], string> = {
  update_words: "word edit",
  split: "split",
  merge: "merge",
  set_speaker: "speaker change",
  replace_all: "replace all",
  merge_speakers: "speaker merge",
  create_speaker: "new speaker",
  update_speaker: "speaker rename",
  delete_speaker: "speaker deletion",
  set_field: "summary or notes",
};

const CONFLICT_TOAST = "Someone else changed a word you edited: choose which text to keep at the utterance";

const noCopy = () => undefined;
const versionsOf = (list: readonly UtteranceDto[]) => new Map(list.map((u) => [u.id, u.version]));

/** The copy's whole, or undefined when it cannot be decoded (a damaged record): the server's will do. */
function wholeOf(copy: ShownCopy): UtteranceDto[] | undefined {
  try {
    return copy.whole();
  } catch (error) {
    console.warn("The local copy of the transcript could not be read", error);
    return undefined;
  }
}

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
  /** Speakers, summary and notes: their edits share the queue with the utterances'. */
  readonly details: DetailsEditor;
  readonly queue: SaveQueue;
  readonly history: UndoHistory;
  private disposed = false;
  private state: SessionState = { status: "loading" };
  private readonly listeners = new Set<() => void>();
  /** Server reads after the first load, one at a time, so an older answer never lands after a newer one. */
  private serverReads: Promise<void> = Promise.resolve();
  private readonly unwatch: () => void;
  private readonly unregister: () => void;
  private opening: Promise<void> | null = null;
  private serverConfirmed = false;
  /** Only a first screenful (the server's or this browser's copy's) is in, taking edits while the whole is on its way. */
  private partial = false;
  /** Who opened it: this browser's copy is theirs only. */
  private readonly user = authState.user?.id ?? null;
  private readonly copies: CopyKeeper;
  /** Counts the server's answers that set speakers here (a saved speaker edit, a merge, an undo). */
  private speakerAnswers = 0;
  /** This tab's unsent edits of the file, and those other tabs of the same user left (decision 035). */
  private readonly records: TabRecords | null;
  private readonly unguard: () => void;

  constructor(
    readonly audioFileId: string,
    queryClient: QueryClient,
  ) {
    // No one signed in: nothing is stored (a record is always someone's).
    this.records = this.user
      ? new TabRecords(indexedDbPendingStore(), browserTabLocks(), { user: this.user, file: audioFileId, tab: TAB_ID })
      : null;
    this.queue = new SaveQueue({
      send: httpTransport(audioFileId, this.store),
      record: this.records ?? undefined,
      clock: systemClock,
      onSaved: (pending, result) => {
        this.copies.confirmed();
        const op = pending.op;
        if (isDetailsOp(op)) {
          if (op.type !== "set_field") this.speakerAnswers++;
          this.details.saved(op, result);
          // The transcript's details (summary, notes) are the query cache's: the answer is the fresh whole.
          if (result.transcript) queryClient.setQueryData(transcriptKeys.transcript(audioFileId), result.transcript);
          return;
        }
        this.editor.saved(op, result, pending.enqueuedAt, (id) => this.queue.pendingFor(id));
        this.applySpeakers(result);
      },
      onRejected: (pending, outcome) => this.conflictShown(pending, outcome) || void this.rejected(pending, outcome),
      onDrained: () => {
        void queryClient.invalidateQueries({ queryKey: transcriptKeys.history(audioFileId) });
        this.copies.saved();
      },
      onSpeakerStatsStale: () => void queryClient.invalidateQueries({ queryKey: transcriptKeys.transcript(audioFileId) }),
    });
    this.editor = new TranscriptEditor({ store: this.store, queue: this.queue, clock: systemClock, onLocalChange: recordCorrections });
    this.details = new DetailsEditor({ store: this.store, queue: this.queue });
    this.history = new UndoHistory({
      flush: () => this.queue.flush(),
      ask: (direction) => transcriptApi[direction](audioFileId),
      apply: (result) => {
        this.store.reconcile(result);
        this.applySpeakers(result);
      },
      reload: () => this.reload(),
      settled: () => {
        void queryClient.invalidateQueries({ queryKey: transcriptKeys.history(audioFileId) });
        void queryClient.invalidateQueries({ queryKey: transcriptKeys.transcript(audioFileId) });
      },
    });
    // Back online: retry at once instead of waiting out the backoff.
    addEventListener("online", this.online);
    document.addEventListener("visibilitychange", this.visible);
    this.unguard = guardUnsent(audioFileId, () => this.queue.hasUnsent());
    this.unwatch = watchTranscript(audioFileId, {
      changed: (event) => this.remoteChanged(event),
      reload: () => this.reload(),
    });
    this.unregister = registerSession(this);
    this.copies = new CopyKeeper({ user: this.user, fileId: audioFileId, store: this.store, queue: this.queue });
  }

  private online = () => {
    this.queue.retryNow();
    this.adoptClosedTabs();
  };

  /** Back to this tab (another may just have closed): its unsent edits are taken over. */
  private visible = () => {
    if (document.visibilityState === "visible") this.adoptClosedTabs();
  };

  /**
   * Edits another tab of this file left unsent when it closed: re-applied here and sent
   * through this queue (a refused one is named in a toast, as this tab's own are).
   */
  private adoptClosedTabs(): void {
    // Re-applied to the server's state only, never to this browser's copy (decision 030).
    if (!this.serverConfirmed || this.disposed) return;
    void this.records
      ?.adopt(async (ops) => {
        if (this.disposed) throw new Error("The file was closed");
        const stored = this.queue.adopt(ops);
        this.replay(ops);
        await stored;
      })
      .catch((error: unknown) => console.warn("A closed tab's unsent edits were not taken over", error));
  }

  /** In order: a speaker created offline comes before the utterances given to it. */
  private replay(ops: readonly PendingOp[]): void {
    for (const { op } of ops) {
      if (isDetailsOp(op)) this.details.replay(op);
      else this.editor.replay([op]);
    }
  }

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
   * The server's answer, or this browser's copy when it comes first (decision 030):
   * the copy shows and takes edits at once, and the server's answer replaces it.
   * Cold, the server's first screenful (asked for on its own) shows and takes edits the same
   * way while the whole is on its way. The speakers come with either: the copy's, then the
   * server's, read beside the utterances.
   */
  private async load(): Promise<void> {
    this.setState({ status: "loading" });
    const opening = openTranscript(this.user, this.audioFileId);
    const heard = this.speakerAnswers;
    let serverSettled = false;
    const server = opening.server.finally(() => (serverSettled = true));
    server.catch(() => {});
    const speakers = this.retried(opening.speakers, () => transcriptApi.speakers(this.audioFileId));
    speakers.catch(() => {});
    const copy = await Promise.race([opening.copy, server.then(noCopy, noCopy)]);
    // Edits stored by an earlier page are re-applied to the server's state, never to a copy.
    if (copy && !serverSettled && !this.disposed && (await this.queue.restore()).length === 0 && !this.disposed) {
      // The copy's first screenful takes edits at once; its whole merges in when the browser is
      // idle, unless the server's whole is in by then.
      this.store.setSpeakers(copy.copy.speakers);
      this.store.load(copy.head);
      return this.takeEdits(copy.head, server, speakers, heard, copy);
    }
    // Cold: the first screenful, asked for on its own, is drawn while the whole is on its way.
    const early = await Promise.race([
      Promise.all([opening.head, speakers]).catch(() => null),
      server.then(
        () => null,
        () => null,
      ),
    ]);
    const previewed = !!early && !serverSettled && !this.disposed;
    if (previewed) {
      this.store.setSpeakers(early[1]);
      this.store.load(early[0]);
      // The first screenful takes edits at once, as a copy does (the whole merges in over it,
      // keeping what changed here meanwhile), unless an earlier page's edits wait to be re-applied.
      // Those were read when the session began, long before this answer: drawn once, not twice.
      const restored = await this.queue.restore();
      if (this.disposed) return;
      if (restored.length === 0) return this.takeEdits(early[0], server, speakers, heard);
      this.setState({ status: "preview" });
    }
    let answer: ServerTranscript;
    let serverSpeakers: SpeakerDto[];
    try {
      // The speakers live here beside the utterances: both come in before the editor shows.
      [answer, serverSpeakers] = await Promise.all([this.retried(server, () => readServer(this.audioFileId)), speakers]);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (this.disposed) return;
    this.store.setSpeakers(serverSpeakers);
    // The whole came first (read ahead while the pointer rested on the file): its first screenful
    // takes edits the same way while the rest is decoded.
    if (!previewed && !answer.complete && (await this.queue.restore()).length === 0 && !this.disposed) {
      this.store.load(answer.head);
      return this.takeEdits(answer.head, server, speakers, heard);
    }
    if (!(await this.show(answer, previewed))) return;
    const ops = await this.queue.restore();
    if (this.disposed) return;
    this.replay(ops);
    this.serverConfirmed = true;
    this.setState({ status: "ready" });
    this.copies.keep({ ...answer.copy, speakers: serverSpeakers });
    this.adoptClosedTabs();
  }

  /**
   * The first screenful shown (the server's, or this browser's copy's) takes edits at once: the
   * whole merges in over it when the browser is idle, keeping what changed here meanwhile. The
   * copy's whole comes first unless the server's is in by then; then the server's follows. Without
   * the server's whole, a copy still stands (offline), but the server's first screenful alone must
   * not pass for the transcript: the editor says it failed.
   */
  private takeEdits(
    head: UtteranceDto[],
    server: Promise<ServerTranscript>,
    speakers: Promise<SpeakerDto[]>,
    heard: number,
    copy?: ShownCopy,
  ): void {
    let shownVersions = versionsOf(head);
    let answered = false;
    server.then(
      () => (answered = true),
      () => {},
    );
    this.partial = head.length >= HEAD_UTTERANCES;
    this.setState({ status: "ready" });
    this.serverRead(async () => {
      // The first screenful paints, and a key pressed at once shows, before the whole is decoded
      // and drawn, even when the whole is in already.
      await new Promise<void>((resolve) => whenIdle(resolve));
      if (this.disposed) return;
      const whole = copy && !answered ? wholeOf(copy) : undefined;
      if (whole) {
        this.partial = false;
        mergeOverCopy(this.store, whole, shownVersions, (id) => this.queue.pendingFor(id));
        shownVersions = versionsOf(whole);
      }
      await this.revalidate(server, speakers, heard, copy?.copy, shownVersions).catch((error: unknown) => {
        if (this.partial || !copy) this.fail(error);
        else console.warn("The transcript shows this browser's copy: the server's could not be read", error);
      });
    });
  }

  private fail(error: unknown): void {
    if (!this.disposed) this.setState({ status: "failed", error: error instanceof Error ? error : new Error(String(error)) });
  }

  /** Whether the utterances shown are the server's (not only this browser's copy, which may be older). */
  showsServerState(): boolean {
    return this.serverConfirmed;
  }

  /** Whether the store holds every utterance (not only the first screenful, while the rest is on its way). */
  holdsWhole(): boolean {
    return !this.partial;
  }

  /** A hiccup is retried once; a missing transcript (4xx) is an answer. */
  private retried<T>(first: Promise<T>, again: () => Promise<T>): Promise<T> {
    return first.catch((error: unknown) => {
      const status = error instanceof ApiRequestError ? error.status : 0;
      if (this.disposed || (status >= 400 && status < 500)) throw error;
      return again();
    });
  }

  /**
   * The first screenful, drawn before the rest is decoded (unless the one asked for on its own
   * shows already); then everything. Null once closed.
   */
  private async show(utterances: Readable, headShown = false): Promise<UtteranceDto[] | null> {
    if (!utterances.complete && !headShown) {
      this.store.load(utterances.head);
      this.setState({ status: "preview" });
      await afterPaint();
      if (this.disposed) return null;
    }
    const list = utterances.whole();
    this.store.load(list);
    return list;
  }

  /**
   * The server's answer after the copy, or the first screenful, showed (revalidate.ts says what it replaces).
   * Its speakers replace the copy's, except those with unsaved edits here; a speakers
   * answer read before a speaker save was confirmed is older than the store: read again.
   */
  private async revalidate(
    server: Promise<ServerTranscript>,
    speakers: Promise<SpeakerDto[]>,
    heard: number,
    shown: TranscriptCopy | undefined,
    shownVersions: Map<string, number>,
  ): Promise<void> {
    const [answer, read] = await Promise.all([
      this.retried(server, () => readServer(this.audioFileId)),
      speakers.catch(() => transcriptApi.speakers(this.audioFileId)),
    ]);
    if (this.disposed) return;
    const whole = answer.whole();
    // Decoding and merging 3,000 utterances are a task each, so a key pressed meanwhile waits for one only.
    await new Promise<void>((resolve) => whenIdle(resolve));
    if (this.disposed) return;
    // Before the merge tells the view: it draws the whole list as a whole.
    this.partial = false;
    mergeOverCopy(this.store, whole, shownVersions, (id) => this.queue.pendingFor(id));
    this.serverConfirmed = true;
    const current = this.speakerAnswers === heard ? read : await transcriptApi.speakers(this.audioFileId);
    if (this.disposed) return;
    this.store.setSpeakers(current, (id) => this.details.speakerPending(id));
    this.copies.keep({ ...answer.copy, speakers: current }, shown);
    this.adoptClosedTabs();
  }

  /** Everything again (a new transcript, a reconnect): merged, keeping unsaved local edits. */
  reload(): void {
    if (this.state.status !== "ready") return void this.open();
    this.serverRead(() =>
      reloadAll(
        this.store,
        () => transcriptApi.utterances(this.audioFileId),
        (id) => this.queue.pendingFor(id),
        () => !this.disposed,
      ),
    );
    this.reloadSpeakers();
  }

  /** The server's speakers, keeping those with unsaved changes here. */
  private reloadSpeakers(): void {
    this.serverRead(async () => {
      const speakers = await transcriptApi.speakers(this.audioFileId);
      if (!this.disposed) this.store.setSpeakers(speakers, (id) => this.details.speakerPending(id));
    });
  }

  /** An answer that carries the speakers as they now are (a merge, an undo or redo of a speaker edit). */
  private applySpeakers(result: OperationResultDto): void {
    if (!result.speakers) return;
    this.speakerAnswers++;
    this.store.setSpeakers(result.speakers, (id) => this.details.speakerPending(id));
  }

  /** Another tab's change: only the utterances it names are fetched. */
  private remoteChanged(event: TranscriptChangedMessage): void {
    if (this.state.status !== "ready") return;
    if (event.details_changed) this.reloadSpeakers();
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

  /**
   * Someone else changed some of the same words (decision 052): the rest is kept and the utterance
   * asks which text stays. False when the refusal is not that, or cannot be shown so.
   */
  private conflictShown(pending: PendingOp, outcome: Extract<SendOutcome, { kind: "permanent" }>): boolean {
    const conflict = wordConflictOf(pending.op, outcome);
    if (!conflict || !this.editor.conflicted(conflict.utteranceId, conflict.current)) return false;
    if (this.editor.conflicts.get(conflict.utteranceId)) toast(CONFLICT_TOAST, "info");
    return true;
  }

  private async rejected(pending: PendingOp, outcome: Extract<SendOutcome, { kind: "permanent" }>): Promise<void> {
    toast(`Your ${OP_NAMES[pending.op.type]} was not saved: ${outcome.message}`, "error");
    // Speakers show what the server has; a field shows its saved text again once nothing waits.
    if (isDetailsOp(pending.op)) {
      if (pending.op.type !== "set_field") this.reloadSpeakers();
      return;
    }
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
    document.removeEventListener("visibilitychange", this.visible);
    this.records?.dispose();
    this.copies.dispose();
    void this.queue.flush().finally(() => {
      this.queue.dispose();
      // Edits still unsent keep the page asking before it goes, until an answer still on its way clears them.
      if (!this.queue.hasUnsent()) this.unguard();
    });
  }
}
