import { editLimitMessage } from "../core/edit-rate";
import type { SpeakerDto, SummaryType, TranscriptDto } from "../core/transcript";
import type { EditHistoryDto } from "../core/operation-results";
import type { UtteranceState } from "../core/change";
import { EditRate } from "../core/edit-rate";
import { type TranscriptChangedMessage, transcriptChangedMessage } from "../core/live-change";
import { answer, type StoreAnswer } from "../core/refusal";
import type { FileFields } from "../core/retranscription";
import type { TranscriptRows } from "../core/transcript-rows";
import type { RecentQuestion } from "../common/ask";
import type { CommentDto } from "../common/comments";
import type { CommentsChangedMessage, HighlightsChangedMessage } from "../common/live-messages";
import type { HighlightDto } from "../common/highlights";
import { LiveRoom } from "./live-room";
import { type CommentActor, listComments } from "./transcript-store/comments";
import { type CommentsChange, runCommentsChange } from "./transcript-store/comment-changes";
import { type HighlightActor, type HighlightsChange, listHighlights, runHighlightsChange } from "./transcript-store/highlights";
import { type Author, asAuthor } from "./transcript-store/author";
import { type EditDone, runEdit, type StoreEdit } from "./transcript-store/edits";
import { endRun } from "./transcript-store/ended-runs";
import { editHistory } from "./transcript-store/history";
import { type IngestOutcome, ingestTranscript } from "./transcript-store/ingest";
import { filesInObject, holdsTranscripts, ORPHAN_GRACE_MS, ORPHAN_SWEEP_INTERVAL_MS, orphanFiles } from "./transcript-store/orphans";
import { purgeTranscripts } from "./transcript-store/purge";
import { compactUtterancesJson, currentStates, openTranscript, transcriptSpeakers, utterancesJson } from "./transcript-store/read";
import { correctedCount, mergeRetranscription, type StoreMerge, type StoreMergeOutcome } from "./transcript-store/retranscribe";
import { listSize, ReadMemo, textSize } from "./transcript-store/read-memo";
import { migrateStore } from "./transcript-store/schema";
import { askPassages } from "./transcript-store/ask";
import { listQuestions, saveQuestion } from "./transcript-store/questions";
import { searchStore } from "./transcript-store/search";
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
 * One instance per user (named by user id): the user's live room (live-room.ts) and the user's
 * transcript store (decision 029): every transcript of the user's files, with its history,
 * speakers, summary, notes and search index, in this object's SQLite (transcript-store/). The
 * store holds exactly its user's transcripts, so a file it does not hold answers 404 whoever
 * asks, and an edit is one call here that checks, commits and tells the user's tabs.
 */
export class UserChannel extends LiveRoom {
  #migrated = false;
  #reads: ReadMemo | null = null;
  /**
   * The user's edits against their limit. In memory: every edit of the user comes through this
   * one object, and a fresh instance (after a quiet while) starts with a full bucket.
   */
  readonly #edits = new EditRate(Date.now);
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
  ): Promise<StoreAnswer<Omit<EditDone, "outcome" | "historyBytes">>> {
    const wait = this.#edits.wait();
    if (wait > 0) return { ok: false, status: 429, error: editLimitMessage(wait), retryAfter: wait };
    const storage = this.storage;
    const done = answer(() => asAuthor(storage.sql, author, () => runEdit(storage, fileId, edit)));
    this.#edits.charge(done.ok ? done.value.historyBytes : 0);
    if (!done.ok) return done;
    const { outcome, historyBytes: _bytes, ...rest } = done.value;
    if (outcome?.change) this.tellTabs(transcriptChangedMessage(fileId, outcome, clientId));
    return { ok: true, value: rest };
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
    await this.scheduleOrphanSweep();
    return outcome;
  }

  /** A store that holds transcripts checks them against D1 now and then (orphans.ts). */
  private async scheduleOrphanSweep(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + ORPHAN_SWEEP_INTERVAL_MS);
  }

  /** The orphan sweep: transcripts whose files D1 no longer has go (decision 023, rule 6). */
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

  /** RPC: a transcription run ended from outside; "stored" when its recognition is in already. */
  async endRun(fileId: string, run: string): Promise<"stored" | "ended"> {
    return endRun(this.storage, fileId, run);
  }

  async correctedCount(fileId: string): Promise<number> {
    return correctedCount(this.storage.sql, fileId);
  }

  /** RPC: removes these files' transcripts, before their rows leave D1. */
  async purgeTranscripts(fileIds: string[]): Promise<number> {
    return purgeTranscripts(this.storage, fileIds);
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
  }

  /** RPC: a file's comment threads in text order. */
  async listComments(fileId: string): Promise<StoreAnswer<CommentDto[]>> {
    return this.read(`comments ${fileId}`, listSize(2_048), (sql) => listComments(sql, fileId));
  }

  /** RPC: a change to a file's comments, told to every tab on the file before the answer leaves. */
  async changeComments(fileId: string, change: CommentsChange, actor: CommentActor, clientId: string | null) {
    const storage = this.storage;
    const done = answer(() => runCommentsChange(storage, fileId, change, actor));
    if (done.ok) this.tellTabs({ type: "comments_changed", file_id: fileId, comment_ids: [done.value.threadId], client_id: clientId });
    return done;
  }

  /** RPC: library search over the texts this store holds (the Worker adds D1's file names). */
  async searchStore(match: string, opts: { speaker?: string | undefined; minScore: number; limit: number }) {
    return searchStore(this.storage.sql, match, opts);
  }

  /** RPC: Ask's retrieval: the utterances best matching a question's terms, with their neighbours. */
  async askPassages(terms: string[], opts: { fileId?: string | undefined; limit: number; neighbours: number }) {
    return answer(() => askPassages(this.storage.sql, terms, opts));
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

  /** RPC: the object's SQLite size in bytes (benchmarks, operators). */
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
