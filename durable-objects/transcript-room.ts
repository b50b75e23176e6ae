import type { SpeakerDto, SummaryType, TranscriptDto } from "../core/transcript";
import type { EditHistoryDto } from "../core/operation-results";
import type { UtteranceState } from "../core/change";
import { type TranscriptChangedMessage, transcriptChangedMessage } from "../core/live-change";
import { answer, type StoreAnswer } from "../core/refusal";

/** How soon a failed send to the workspace's index is tried again. */
const INDEX_RETRY_MS = 10_000;
import type { FileFields } from "../core/retranscription";
import type { TranscriptRows } from "../core/transcript-rows";
import type { RecentQuestion } from "../common/ask";
import type { CommentDto } from "../common/comments";
import { type CommentsChangedMessage, commentsChangedMessage, type HighlightsChangedMessage } from "../common/live-messages";
import type { HighlightDto } from "../common/highlights";
import { CLOSE_CODES, LiveRoom } from "./live-room";
import { fed, owe, owedFeed, oweWhole, roomWorkspace, setRoomWorkspace } from "./transcript-store/index-feed";
import type { WorkspaceIndex } from "./workspace-index";
import { type CommentActor, listComments } from "./transcript-store/comments";
import { type CommentsChange, runCommentsChange } from "./transcript-store/comment-changes";
import { type HighlightActor, type HighlightsChange, listHighlights, runHighlightsChange } from "./transcript-store/highlights";
import { type Author, asAuthor } from "./transcript-store/author";
import { type EditAnswers, type EditDone, runEdit, type StoreEdit } from "./transcript-store/edits";
import { listRedactions, type RedactionRow, suggestionsOf } from "./transcript-store/redactions";
import type { RedactionSuggestion } from "../core/redaction-suggestions";
import { endRun } from "./transcript-store/ended-runs";
import { editHistory } from "./transcript-store/history";
import { type IngestOutcome, ingestTranscript } from "./transcript-store/ingest";
import { fileGone, holdsTranscript, ORPHAN_SWEEP_INTERVAL_MS } from "./transcript-store/orphans";
import { purgeTranscripts } from "./transcript-store/purge";
import { compactUtterancesJson, currentStates, openTranscript, transcriptSpeakers, utterancesJson } from "./transcript-store/read";
import { correctedCount, mergeRetranscription, type StoreMerge, type StoreMergeOutcome } from "./transcript-store/retranscribe";
import { listSize, ReadMemo, textSize } from "./transcript-store/read-memo";
import { migrateStore } from "./transcript-store/schema";
import { listQuestions, saveQuestion } from "./transcript-store/questions";
import { markSummary, saveSummary, summaryState } from "./transcript-store/summary";
import type { ChapterGenerationDto, ChaptersAnswer } from "../common/chapters";
import { markChapters, readChapters } from "./transcript-store/chapters";
import {
  finishTranslation,
  listTranslations,
  readTranslation,
  requestTranslation,
  saveTranslated,
  startTranslation,
} from "./transcript-store/translations";

/**
 * One instance per file (named by the file's id): the file's transcript with its history,
 * speakers, summary and notes, comments, highlights, chapters, translations and recent questions,
 * in this object's SQLite (transcript-store/), and its co-editing room: the file sockets of the
 * members who have it open and who is where (decision 053). An edit is one call here that checks,
 * commits and tells the file's sockets. The room feeds its workspace's index (search, Ask) with
 * what changed, after answering.
 */
export class TranscriptRoom extends LiveRoom {
  #migrated = false;
  #reads: ReadMemo | null = null;
  /** A send to the index under way, and whether another was asked for meanwhile. */
  #sending: Promise<void> | null = null;
  #sendAgain = false;
  /** The store's SQL, its tables brought up to date on first use. */
  private get storage(): DurableObjectStorage {
    if (!this.#migrated) {
      migrateStore(this.ctx.storage);
      this.#migrated = true;
    }
    return this.ctx.storage;
  }

  /** A read-only answer, kept until anything in the store is written (read-memo.ts); refusals are not kept. */
  private read<T>(key: string, size: (value: T) => number, make: (sql: SqlStorage) => T): StoreAnswer<T> {
    const sql = this.storage.sql;
    this.#reads ??= new ReadMemo(sql);
    const reads = this.#reads;
    return answer(() => reads.remember(key, size, () => make(sql)));
  }

  /**
   * RPC: one change to a transcript (an operation, undo or redo, replace all, a speaker merge,
   * speakers, summary and notes). Refusals come back as data; a change is pushed to the user's
   * tabs (`clientId` names the tab that made it) before the answer leaves.
   */
  async edit(
    fileId: string,
    edit: StoreEdit,
    clientId: string | null,
    author: Author | null = null,
  ): Promise<StoreAnswer<Omit<EditDone, "outcome">>> {
    const storage = this.storage;
    const done = answer(() => asAuthor(storage.sql, author, () => runEdit(storage, fileId, edit)));
    if (!done.ok) return done;
    const { outcome, ...rest } = done.value;
    if (outcome?.change) {
      const message = transcriptChangedMessage(fileId, outcome, clientId);
      this.tellTabs(message);
      owe(storage.sql, "u", message.utterance_ids);
      owe(storage.sql, "x", message.removed_utterance_ids);
      if (message.details_changed) owe(storage.sql, "details");
      this.sendToIndex();
    }
    if (edit.kind === "redact") this.tellRedacted(fileId, rest.data as EditAnswers["redact"], clientId);
    return { ok: true, value: rest };
  }

  /** A redaction rewrote quotes too: the tabs reload the comments and highlights it touched. */
  private tellRedacted(fileId: string, done: EditAnswers["redact"], clientId: string | null): void {
    if (done.commentIds.length)
      this.tellTabs({ type: "comments_changed", file_id: fileId, comment_ids: done.commentIds, client_id: clientId });
    if (done.highlightsChanged) this.tellTabs({ type: "highlights_changed", file_id: fileId, client_id: clientId });
  }

  /** RPC: the file's redactions (where, which label, who, when; never the text). */
  async listRedactions(fileId: string): Promise<StoreAnswer<RedactionRow[]>> {
    return answer(() => listRedactions(this.storage.sql, fileId));
  }

  /** RPC: likely personal data in the transcript, each with its count (core/redaction-suggestions.ts). */
  async redactionSuggestions(fileId: string): Promise<StoreAnswer<RedactionSuggestion[]>> {
    return answer(() => suggestionsOf(this.storage.sql, fileId));
  }

  /** RPC: a member left or was removed from the file's workspace: their sockets here close at once. */
  async closeMemberSockets(userId: string, workspaceId: string): Promise<number> {
    let closed = 0;
    for (const connection of this.sockets()) {
      const file = connection.state?.file;
      if (file?.userId === userId && file.workspaceId === workspaceId) {
        connection.close(CLOSE_CODES.accessEnded, "No longer a member");
        closed++;
      }
    }
    return closed;
  }

  /** A push is a courtesy (tabs catch up when they reconnect): it never fails the change it follows. */
  private tellTabs(message: TranscriptChangedMessage | CommentsChangedMessage | HighlightsChangedMessage): void {
    try {
      this.broadcastChange(message);
    } catch (error) {
      console.error(`Could not push ${message.type}`, error);
    }
  }

  /** RPC: writes (or replaces) a file's transcript from a finished transcription; a run stored already is kept. */
  async ingestTranscript(rows: TranscriptRows, run: string, fields: FileFields): Promise<IngestOutcome> {
    const outcome = ingestTranscript(this.storage, rows, run, fields);
    if (outcome.stored) {
      setRoomWorkspace(this.storage.sql, rows.transcript.workspaceId);
      oweWhole(this.storage.sql);
      // Found by its words once the file says ready.
      await this.sendToIndex();
    }
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + ORPHAN_SWEEP_INTERVAL_MS);
    return outcome;
  }

  /**
   * RPC: the file moved to another workspace: its texts leave the old workspace's index and go
   * whole to the new one's, before the answer. History, comments and the room stay as they are.
   */
  async moveTo(workspaceId: string): Promise<void> {
    const sql = this.storage.sql;
    const before = roomWorkspace(sql);
    if (before === workspaceId) return;
    setRoomWorkspace(sql, workspaceId);
    if (!sql.exec("SELECT 1 FROM transcripts LIMIT 1").toArray().length) return;
    oweWhole(sql);
    await this.sendToIndex();
    if (before) await this.index(before).dropFile(this.name);
  }

  private index(workspaceId: string): DurableObjectStub<WorkspaceIndex> {
    const namespace = this.env.WORKSPACE_INDEX as unknown as DurableObjectNamespace<WorkspaceIndex>;
    return namespace.get(namespace.idFromName(workspaceId));
  }

  /**
   * Sends what the index is owed (index-feed.ts), one send at a time; a change made during a send
   * is sent after it. A failed send is retried by the alarm: the outbox keeps what is owed.
   */
  private sendToIndex(): Promise<void> {
    if (this.#sending) {
      this.#sendAgain = true;
      return this.#sending;
    }
    // Cleared once settled (a microtask later, so never before it is set, even when nothing was owed).
    const sending = this.sendOwed().finally(() => {
      if (this.#sending === sending) this.#sending = null;
    });
    this.#sending = sending;
    return sending;
  }

  private async sendOwed(): Promise<void> {
    try {
      do {
        this.#sendAgain = false;
        const sql = this.storage.sql;
        const workspaceId = roomWorkspace(sql);
        const owed = workspaceId ? owedFeed(sql) : null;
        if (!workspaceId || !owed) continue;
        await this.index(workspaceId).feed(this.name, owed.feed);
        fed(sql, owed.upTo);
      } while (this.#sendAgain);
    } catch (error) {
      console.error(`Could not feed the index of ${this.name}`, error);
      await this.ctx.storage.setAlarm(Date.now() + INDEX_RETRY_MS);
    }
  }

  /**
   * RPC: waits until the index has every change made so far (an edit's send runs after its answer,
   * so a search a moment later may not see it yet); answers what is still owed (0 when settled).
   */
  async indexSettled(): Promise<number> {
    await this.sendToIndex();
    return this.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM index_outbox").one().n;
  }

  /** The alarm: a failed send to the index again, and the orphan sweep (a file gone from D1 takes its room's rows). */
  override async onAlarm(): Promise<void> {
    await this.sendToIndex();
    if (!holdsTranscript(this.storage.sql)) return;
    if (await fileGone(this.env.DB, this.name, this.storage.sql)) {
      await this.purgeTranscripts([this.name]);
      return;
    }
    await this.ctx.storage.setAlarm(Date.now() + ORPHAN_SWEEP_INTERVAL_MS);
  }

  /** RPC: merges a new recognition into the file's transcript, keeping corrections (null: it has none here). */
  async mergeRetranscription(input: StoreMerge): Promise<StoreMergeOutcome> {
    const merged = mergeRetranscription(this.storage, input);
    if (merged && !("ended" in merged)) {
      oweWhole(this.storage.sql);
      await this.sendToIndex();
    }
    return merged;
  }

  /** RPC: a transcription run ended from outside; "stored" when its recognition is in already. */
  async endRun(fileId: string, run: string): Promise<"stored" | "ended"> {
    return endRun(this.storage, fileId, run);
  }

  async correctedCount(fileId: string): Promise<number> {
    return correctedCount(this.storage.sql, fileId);
  }

  /** RPC: removes the file's transcript and everything with it (the file is being deleted), and its texts from the index. */
  async purgeTranscripts(fileIds: string[]): Promise<number> {
    const workspaceId = roomWorkspace(this.storage.sql);
    const removed = purgeTranscripts(this.storage, fileIds);
    this.storage.sql.exec("DELETE FROM index_outbox");
    if (workspaceId) await this.index(workspaceId).dropFile(this.name);
    return removed;
  }

  async openTranscript(fileId: string): Promise<StoreAnswer<TranscriptDto>> {
    return this.read(
      `open ${fileId}`,
      () => 4_096,
      (sql) => openTranscript(sql, fileId),
    );
  }

  async transcriptSpeakers(fileId: string): Promise<StoreAnswer<SpeakerDto[]>> {
    return this.read(`speakers ${fileId}`, listSize(256), (sql) => transcriptSpeakers(sql, fileId));
  }

  async utterancesJson(fileId: string, first?: number): Promise<StoreAnswer<string>> {
    return this.read(`json ${fileId} ${first ?? ""}`, textSize, (sql) => utterancesJson(sql, fileId, first));
  }

  /** The compact shape as JSON text (one string crosses RPC, and the Worker sends it as it is). */
  async compactUtterancesJson(fileId: string, first?: number): Promise<StoreAnswer<string>> {
    return this.read(`compact ${fileId} ${first ?? ""}`, textSize, (sql) => compactUtterancesJson(sql, fileId, first));
  }

  async currentStates(fileId: string, ids: string[]): Promise<StoreAnswer<UtteranceState[]>> {
    return answer(() => currentStates(this.storage.sql, fileId, ids));
  }

  async editHistory(fileId: string): Promise<StoreAnswer<EditHistoryDto>> {
    return answer(() => editHistory(this.storage.sql, fileId));
  }

  async summaryState(fileId: string) {
    return summaryState(this.storage.sql, fileId);
  }

  async markSummary(fileId: string, status: TranscriptDto["summaryStatus"], error: string | null, onlyWhileGenerating: boolean) {
    return markSummary(this.storage.sql, fileId, status, error, onlyWhileGenerating);
  }

  /** RPC: a generated summary; a requested one is an edit (the summary job tells the tabs). */
  async saveSummary(fileId: string, text: string, meta: { summaryType: SummaryType; summaryModel: string }, requested: boolean) {
    saveSummary(this.storage, fileId, text, meta, requested);
    owe(this.storage.sql, "details");
    await this.sendToIndex();
  }

  /** RPC: a file's comment threads in text order. */
  async listComments(fileId: string): Promise<StoreAnswer<CommentDto[]>> {
    return this.read(`comments ${fileId}`, listSize(2_048), (sql) => listComments(sql, fileId));
  }

  /** RPC: a change to a file's comments, told to every tab on the file before the answer leaves. */
  async changeComments(fileId: string, change: CommentsChange, actor: CommentActor, clientId: string | null) {
    const storage = this.storage;
    const done = answer(() => runCommentsChange(storage, fileId, change, actor));
    if (done.ok) this.tellTabs(commentsChangedMessage(fileId, done.value.threadId, clientId));
    return done;
  }

  /** RPC: keeps a file's answered question (the newest few are kept). */
  async saveQuestion(fileId: string, question: RecentQuestion): Promise<StoreAnswer<void>> {
    const storage = this.storage;
    return answer(() => saveQuestion(storage, fileId, question));
  }

  /** RPC: a file's recent questions, newest first. */
  async listQuestions(fileId: string): Promise<StoreAnswer<RecentQuestion[]>> {
    return answer(() => listQuestions(this.storage.sql, fileId));
  }

  /** RPC: a file's highlights in text order (only one label's when given). */
  async listHighlights(fileId: string, label?: string): Promise<StoreAnswer<HighlightDto[]>> {
    return this.read(`highlights ${fileId} ${label ?? ""}`, listSize(1_024), (sql) => listHighlights(sql, fileId, label));
  }

  /** RPC: a highlight made or removed, told to every tab on the file before the answer leaves. */
  async changeHighlights(fileId: string, change: HighlightsChange, actor: HighlightActor, clientId: string | null) {
    const storage = this.storage;
    const done = answer(() => runHighlightsChange(storage, fileId, change, actor));
    if (done.ok) this.tellTabs({ type: "highlights_changed", file_id: fileId, client_id: clientId });
    return done;
  }

  /** RPC: a transcript's chapters where they now are, and the state of their generation. */
  async readChapters(fileId: string): Promise<StoreAnswer<ChaptersAnswer>> {
    return this.read(
      `chapters ${fileId}`,
      (a) => listSize(1_024)(a.data),
      (sql) => readChapters(sql, fileId),
    );
  }

  /** RPC: a chapter generation started, failed or ended; with `onlyWhileGenerating`, only over a running one. */
  async markChapters(fileId: string, status: ChapterGenerationDto["status"], error: string | null, onlyWhileGenerating: boolean) {
    return markChapters(this.storage.sql, fileId, status, error, onlyWhileGenerating);
  }

  /** RPC: the room's SQLite size in bytes (benchmarks, operators). */
  async storeSize(): Promise<number> {
    return this.storage.sql.databaseSize;
  }

  /** RPC: a new run of a file's translation into `language` (decision 048); answers its run id. */
  async requestTranslation(fileId: string, language: string, onlyStale: boolean): Promise<StoreAnswer<string>> {
    return answer(() => requestTranslation(this.storage.sql, fileId, language, onlyStale));
  }

  /** RPC: the translation job's utterances still to do in its run, or null when the run is over. */
  async startTranslation(fileId: string, language: string, run: string) {
    const storage = this.storage;
    return answer(() => startTranslation(storage, fileId, language, run));
  }

  async saveTranslated(fileId: string, language: string, run: string, items: { key: number; fingerprint: string; text: string }[]) {
    return saveTranslated(this.storage, fileId, language, run, items);
  }

  async finishTranslation(fileId: string, language: string, run: string, error: string | null) {
    return finishTranslation(this.storage, fileId, language, run, error);
  }

  async readTranslation(fileId: string, language: string) {
    return answer(() => readTranslation(this.storage.sql, fileId, language));
  }

  async listTranslations(fileId: string) {
    return answer(() => listTranslations(this.storage.sql, fileId));
  }
}
