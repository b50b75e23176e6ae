import { Server, type Connection, type ConnectionContext } from "partyserver";
import type { CompactUtterances } from "../common/compact-utterances";
import type { LiveMessage } from "../common/live-messages";
import type { SpeakerDto, SummaryType, TranscriptDto } from "../common/transcript";
import type { UtteranceState } from "../common/transcript-ops";
import type { TranscriptRows } from "../worker/transcripts/ingest";
import type { EditHistoryDto, OpRequest, TranscriptFields } from "../common/transcript-ops";
import type { EditOutcome } from "../worker/transcripts/operations";
import type { DescribedFile, FileFields } from "../worker/transcripts/retranscribe";
import type { ReplaceSpec } from "../common/replace-match";
import type { ReplaceOutcome } from "../worker/transcripts/replace";
import { answer, type StoreAnswer } from "./transcript-store/answer";
import { mergeSpeakers, replaceAll } from "./transcript-store/bulk";
import { createSpeaker, deleteSpeaker, updateFields, updateSpeaker } from "./transcript-store/details";
import { editHistory, stepHistory } from "./transcript-store/history";
import { dropImport, importTranscript, type MovedTranscript } from "./transcript-store/import";
import { ingestTranscript } from "./transcript-store/ingest";
import { filesInObject, holdsTranscripts, ORPHAN_GRACE_MS, ORPHAN_SWEEP_INTERVAL_MS, orphanFiles } from "./transcript-store/orphans";
import { searchStore } from "./transcript-store/search";
import { markSummary, saveSummary, summaryState } from "./transcript-store/summary";
import { runOperation } from "./transcript-store/operations";
import { purgeTranscripts } from "./transcript-store/purge";
import { correctedCount, mergeRetranscription, type StoreMerge, type StoreMergeOutcome } from "./transcript-store/retranscribe";
import { compactUtterances, currentStates, openTranscript, transcriptSpeakers, utterancesJson } from "./transcript-store/read";
import { migrateStore } from "./transcript-store/schema";

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
 * One instance per user (named by user id): every open tab of that user holds
 * a hibernating WebSocket here. The Worker authenticates the socket (with a
 * single-use ticket) before routing it, so the room is never chosen by the
 * client. Each socket remembers its session, so ending a session closes its
 * sockets, and no socket outlives its session.
 *
 * It is also the user's transcript store (decision 023): the transcripts D1 marks
 * `store = 'object'` live in this object's SQLite (durable-objects/transcript-store/).
 * The Worker calls it only with file ids it has read from D1 for this user (rule 1).
 */
export class UserChannel extends Server<Env> {
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

  #migrated = false;
  /** The store's SQL, its tables brought up to date on first use. */
  private get storage(): DurableObjectStorage {
    if (!this.#migrated) {
      migrateStore(this.ctx.storage);
      this.#migrated = true;
    }
    return this.ctx.storage;
  }

  /** RPC: writes (or replaces) a file's transcript from a finished transcription. */
  async ingestTranscript(rows: TranscriptRows, run: string, fields: FileFields): Promise<void> {
    ingestTranscript(this.storage, rows, run, fields);
    await this.scheduleOrphanSweep();
  }

  /** A store that holds transcripts checks them against D1 now and then (orphans.ts). */
  private async scheduleOrphanSweep(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + ORPHAN_SWEEP_INTERVAL_MS);
  }

  /** The orphan sweep: transcripts whose files D1 no longer points here go (decision 023, rule 6). */
  override async onAlarm(): Promise<void> {
    const known = await filesInObject(this.env.DB, this.name);
    const before = new Date(Date.now() - ORPHAN_GRACE_MS).toISOString();
    const orphans = orphanFiles(this.storage.sql, known, before);
    if (orphans.length) purgeTranscripts(this.storage, orphans);
    if (holdsTranscripts(this.storage.sql)) await this.ctx.storage.setAlarm(Date.now() + ORPHAN_SWEEP_INTERVAL_MS);
  }

  /** RPC: merges a new recognition into the file's transcript, keeping corrections (null: it has none here). */
  async mergeRetranscription(input: StoreMerge): Promise<StoreMergeOutcome> {
    return mergeRetranscription(this.storage, input);
  }

  /** RPC: a transcript moved from D1 (false: the store holds a changed copy of it already). */
  async importTranscript(moved: MovedTranscript): Promise<boolean> {
    const imported = importTranscript(this.storage, moved);
    if (imported) await this.scheduleOrphanSweep();
    return imported;
  }

  /** RPC: removes an import D1 did not take, unless it has changed since. */
  async dropImport(fileId: string, header: { updatedAt: string; historyIndex: number }): Promise<boolean> {
    return dropImport(this.storage, fileId, header);
  }

  async correctedCount(fileId: string): Promise<number> {
    return correctedCount(this.storage.sql, fileId);
  }

  /** RPC: removes these files' transcripts, before their rows leave D1. */
  async purgeTranscripts(fileIds: string[]): Promise<number> {
    return purgeTranscripts(this.storage, fileIds);
  }

  async openTranscript(fileId: string): Promise<TranscriptDto | null> {
    return openTranscript(this.storage.sql, fileId);
  }

  async transcriptSpeakers(fileId: string): Promise<SpeakerDto[]> {
    return transcriptSpeakers(this.storage.sql, fileId);
  }

  async utterancesJson(fileId: string): Promise<string> {
    return utterancesJson(this.storage.sql, fileId);
  }

  async compactUtterances(fileId: string): Promise<CompactUtterances> {
    return compactUtterances(this.storage.sql, fileId);
  }

  async currentStates(fileId: string, ids: string[]): Promise<UtteranceState[]> {
    return currentStates(this.storage.sql, fileId, ids);
  }

  /** RPC: one editing operation (update words, split, merge, change speaker). */
  async runOperation(fileId: string, req: OpRequest, opId: string | null): Promise<StoreAnswer<EditOutcome>> {
    return answer(() => runOperation(this.storage, fileId, req, opId));
  }

  async editHistory(fileId: string): Promise<EditHistoryDto> {
    return editHistory(this.storage.sql, fileId);
  }

  async stepHistory(fileId: string, direction: "undo" | "redo"): Promise<StoreAnswer<EditOutcome & { file?: DescribedFile }>> {
    return answer(() => stepHistory(this.storage, fileId, direction));
  }

  async createSpeaker(fileId: string, input: { name?: string | undefined; role: string | null }) {
    return answer(() => createSpeaker(this.storage, fileId, input));
  }

  async updateSpeaker(fileId: string, speakerId: string, input: { name: string; role: string | null }) {
    return answer(() => updateSpeaker(this.storage, fileId, speakerId, input));
  }

  async deleteSpeaker(fileId: string, speakerId: string) {
    return answer(() => deleteSpeaker(this.storage, fileId, speakerId));
  }

  async updateFields(fileId: string, input: TranscriptFields) {
    return answer(() => updateFields(this.storage, fileId, input));
  }

  async replaceAll(fileId: string, spec: ReplaceSpec, opId: string | null): Promise<StoreAnswer<ReplaceOutcome>> {
    return answer(() => replaceAll(this.storage, fileId, spec, opId));
  }

  async mergeSpeakers(fileId: string, speakerId: string, intoSpeakerId: string, opId: string | null): Promise<StoreAnswer<EditOutcome>> {
    return answer(() => mergeSpeakers(this.storage, fileId, speakerId, intoSpeakerId, opId));
  }

  async summaryState(fileId: string) {
    return summaryState(this.storage.sql, fileId);
  }

  async markSummary(fileId: string, status: TranscriptDto["summaryStatus"], error: string | null, onlyWhileGenerating: boolean) {
    return markSummary(this.storage.sql, fileId, status, error, onlyWhileGenerating);
  }

  async saveSummary(fileId: string, text: string, meta: { summaryType: SummaryType; summaryModel: string }, requested: boolean) {
    saveSummary(this.storage, fileId, text, meta, requested);
  }

  /** RPC: library search over the texts this store holds (the Worker merges D1's hits). */
  async searchStore(match: string, opts: { speaker?: string | undefined; minScore: number; limit: number }) {
    return searchStore(this.storage.sql, match, opts);
  }

  /** RPC: the object's SQLite size in bytes (benchmarks, operators). */
  async storeSize(): Promise<number> {
    return this.storage.sql.databaseSize;
  }
}
