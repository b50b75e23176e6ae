// The editor's commands, outside React: each updates the store optimistically
// with the same pure rules the server applies, then queues the operation. The
// view renders the store and dispatches commands; nothing here touches the DOM.
import { applyOp, OpError, replacedCount } from "../../../../core/transcript-apply";
import { findInText, normalizeFind, utteranceText } from "../../../../core/replace-match";
import { REPLACE_LIMITS, REPLACE_MESSAGES, type ReplaceSpec } from "../../../../core/replace-spec";
import type { Change } from "../../../../core/change";
import type { OperationResultDto } from "../../../../core/operation-results";
import type { TranscriptOp } from "../../../../core/operations";
import { cycleConfidence, diffWords, wordPatches, type EditableWord } from "../../../../core/word-diff";
import { newId } from "../../../../common/ids";
import { newWordId } from "../../../../core/word-diff";
import type { UtteranceDto } from "../../../../core/transcript";
import type { EditorClock } from "../../../../core/clock";
import { type EditorOp, opTouches } from "./details-ops";
import type { PendingOp } from "./save-queue";
import type { ChangeSource, TranscriptStore } from "./transcript-store";
import { contestedWords, describeConflict, rebaseLocal, sameWords, WordConflicts, withMine, wordsAfter } from "./word-conflicts";

export interface EditorDeps {
  store: TranscriptStore;
  /**
   * The save queue, as far as utterance operations go; with its unsent operations and a way to
   * rewrite them, a save the server merged with others' changes moves the edits still waiting onto it.
   */
  queue: {
    enqueue(op: TranscriptOp): unknown;
    snapshot?(): PendingOp[];
    rewrite?(map: (op: EditorOp) => EditorOp): void;
  };
  clock: Pick<EditorClock, "now">;
  newUtteranceId?: () => string;
  /** Told of each change the user makes here (not the server's), e.g. to spot repeated corrections. */
  onLocalChange?: (change: Change) => void;
}

export class TranscriptEditor {
  readonly store: TranscriptStore;
  /** Words someone else changed too, shown at their utterance until the person chooses. */
  readonly conflicts = new WordConflicts();
  private readonly queue: EditorDeps["queue"];
  private readonly clock: EditorDeps["clock"];
  private readonly newUtteranceId: () => string;
  private readonly onLocalChange: EditorDeps["onLocalChange"];

  constructor(deps: EditorDeps) {
    this.store = deps.store;
    this.onLocalChange = deps.onLocalChange;
    this.queue = deps.queue;
    this.clock = deps.clock;
    this.newUtteranceId = deps.newUtteranceId ?? newId;
  }

  /**
   * The user changed an utterance's text. Returns false when nothing changed
   * or the edit cannot be kept (an utterance needs a word: the view restores it).
   */
  editText(utteranceId: string, text: string, source: ChangeSource = "typing"): boolean {
    const u = this.store.utterance(utteranceId);
    if (!u) return false;
    const words = diffWords(u.transcriptWords, text, {
      now: this.clock.now(),
      newId: newWordId,
      span: { start: u.startTime, end: u.endTime },
    });
    if (!words) return false;
    if (words.length === 0) return false;
    return this.run({ type: "update_words", utteranceId, words: wordPatches(words) }, source, words);
  }

  /** Enter: the words from `firstWordId` on become a new utterance. */
  split(utteranceId: string, firstWordId: string): string | null {
    const newUtteranceId = this.newUtteranceId();
    return this.run({ type: "split", utteranceId, firstWordId, newUtteranceId }, "local") ? newUtteranceId : null;
  }

  /** Backspace at the start: this utterance's words join the previous one. Returns the previous id. */
  mergeIntoPrevious(utteranceId: string): string | null {
    const target = this.store.previous(utteranceId);
    if (!target) return null;
    return this.run({ type: "merge", targetUtteranceId: target.id, sourceUtteranceId: utteranceId }, "local") ? target.id : null;
  }

  setSpeaker(utteranceId: string, speakerId: string): boolean {
    return this.run({ type: "set_speaker", utteranceId, speakerId }, "local");
  }

  /**
   * Every utterance of one speaker becomes another's (the speaker goes on the
   * server). Queued even when this tab holds none of its utterances.
   */
  mergeSpeakers(speakerId: string, intoSpeakerId: string): boolean {
    const op: TranscriptOp = { type: "merge_speakers", speakerId, intoSpeakerId };
    const applied = this.tryApply(op);
    if (typeof applied === "string") return false;
    this.store.applyChange(applied.change, "local");
    this.queue.enqueue(op);
    return true;
  }

  /** Ctrl/Cmd+I: cycles a word's confidence (marks it reviewed or inaudible). */
  cycleConfidence(utteranceId: string, wordId: string): number | null {
    const u = this.store.utterance(utteranceId);
    const word = u?.transcriptWords.find((w) => w.id === wordId);
    if (!u || !word) return null;
    const cycled = cycleConfidence(word, this.clock.now());
    const words = u.transcriptWords.map((w) => (w.id === wordId ? cycled : w));
    return this.run({ type: "update_words", utteranceId, words: wordPatches(words) }, "local", words) ? cycled.confidenceScore : null;
  }

  /**
   * Replace all (docs/product.md, "Find and replace"): applied here at once with
   * the server's rules, then queued as one operation behind any unsaved edits.
   * `replaced` counts the matches changed; `left` those kept because their
   * utterance would have no word left.
   */
  replaceAll(spec: ReplaceSpec): { replaced: number; left: number } | { error: string } {
    const find = normalizeFind(spec.find);
    if (find === null) return { error: REPLACE_MESSAGES.findTooShort };
    if (spec.replace.length > REPLACE_LIMITS.replaceMax) return { error: REPLACE_MESSAGES.replaceTooLong };
    const ids: string[] = [];
    let total = 0;
    for (const u of this.store.utterances()) {
      const n = findInText(utteranceText(u.transcriptWords), find, spec).length;
      if (n > 0) ids.push(u.id);
      total += n;
    }
    if (total > REPLACE_LIMITS.matchesMax) return { error: REPLACE_MESSAGES.tooManyMatches(total) };
    if (!ids.length) return { replaced: 0, left: 0 };
    const op: TranscriptOp = { type: "replace_all", ...spec, utteranceIds: ids };
    const applied = this.tryApply(op);
    if (typeof applied === "string") return { error: applied };
    const replaced = replacedCount(applied.summary);
    if (!applied.change.utterances.length) return { replaced: 0, left: total };
    this.store.applyChange(applied.change, "local");
    this.queue.enqueue(op);
    this.onLocalChange?.(applied.change);
    return { replaced, left: total - replaced };
  }

  /** Re-applies operations restored from storage after a reload; returns those still valid. */
  replay(ops: readonly TranscriptOp[]): TranscriptOp[] {
    return ops.filter((op) => {
      try {
        const { change } = applyOp(this.store, op);
        this.store.applyChange(change, "server");
        this.markRestored(op);
        return true;
      } catch {
        return false;
      }
    });
  }

  /** A save succeeded: the server's states become confirmed; flags clear unless the word changed since. */
  saved(op: EditorOp, result: OperationResultDto, savedAt: number, hasPending: (id: string) => boolean): void {
    const held = op.type === "update_words" && hasPending(op.utteranceId) && !this.waitingFollow(op, result);
    // Not confirmed: the edits waiting were made on the version before, and the server merges them from there.
    const confirmed = held ? { ...result, utterances: result.utterances.filter((u) => u.id !== op.utteranceId) } : result;
    this.store.reconcile(confirmed, hasPending);
    if (op.type === "update_words") this.store.clearFlags(op.utteranceId, savedAt);
  }

  /**
   * Whether the edits of a saved utterance that still wait sit on the server's answer: they do when
   * it saved the words as sent; when it merged them with others' changes (decision 052), the words
   * waiting move onto the merged ones here, and the update_words waiting is rewritten to send them.
   */
  private waitingFollow(op: Extract<EditorOp, { type: "update_words" }>, result: OperationResultDto): boolean {
    const id = op.utteranceId;
    const server = result.utterances.find((u) => u.id === id);
    const base = this.store.confirmedState(id);
    const local = this.store.utterance(id);
    const expected = base && wordsAfter(base, op);
    // Saved as sent (or nothing here to tell otherwise): the edits waiting were made on just this.
    if (!server || !local || !expected || sameWords(expected, server.transcriptWords)) return true;
    const waiting = (this.queue.snapshot?.() ?? []).filter((p) => opTouches(p.op).includes(id));
    const only = waiting.length === 1 && waiting[0]!.op.type === "update_words" ? waiting[0]!.op : null;
    const words =
      only && this.queue.rewrite ? rebaseLocal(expected, server.transcriptWords, local.transcriptWords, this.clock.now()) : null;
    if (!only || !words) return false;
    this.queue.rewrite?.((o) => (o === only ? { ...only, words: wordPatches(words) } : o));
    const after = { ...server, transcriptWords: words, version: server.version + 1 };
    this.store.applyChange({ utterances: [{ id, before: local, after }] }, "server");
    return true;
  }

  /**
   * The server refused a word save because someone else changed some of the same words since
   * (`current`: the utterance as it now is; decision 052). The person's other unsaved changes are
   * moved onto the current words and saved; the contested words show the others' text, and the
   * conflict is kept for the utterance to show both. False when there is nothing to go on here:
   * the caller then shows the server's state as for any refusal.
   */
  conflicted(utteranceId: string, current: UtteranceDto): boolean {
    const base = this.store.confirmedState(utteranceId);
    const local = this.store.utterance(utteranceId);
    // A split or merge of it still waiting was made on the words here: those stay as they are.
    const structural = (this.queue.snapshot?.() ?? []).some((p) => p.op.type !== "update_words" && opTouches(p.op).includes(utteranceId));
    if (!base || !local || structural) return false;
    const mine = local.transcriptWords;
    const settled = rebaseLocal(base.transcriptWords, current.transcriptWords, mine, this.clock.now(), "theirs");
    if (!settled) return false;
    const contested = contestedWords(base.transcriptWords, current.transcriptWords, mine);
    this.store.reconcile({ utterances: [current], removedUtteranceIds: [] });
    this.applyWords(utteranceId, settled, "server");
    if (contested.length) this.conflicts.set(describeConflict(utteranceId, contested, current, mine));
    return true;
  }

  /** Use mine: the contested words as the person had them, saved over the utterance as it now is. */
  takeMine(utteranceId: string): boolean {
    const conflict = this.conflicts.get(utteranceId);
    const u = this.store.utterance(utteranceId);
    this.conflicts.dismiss(utteranceId);
    if (!conflict || !u) return false;
    return this.applyWords(utteranceId, withMine(u.transcriptWords, conflict, this.clock.now()), "local");
  }

  /** Keep theirs: the utterance shows their words already; only the question goes. */
  keepTheirs(utteranceId: string): void {
    this.conflicts.dismiss(utteranceId);
  }

  /** The utterance's words become `words` (flags as given), saved as one update_words. */
  private applyWords(utteranceId: string, words: EditableWord[], source: ChangeSource): boolean {
    return this.run({ type: "update_words", utteranceId, words: wordPatches(words) }, source, words);
  }

  /** The op worked out on the held utterances, or why it cannot be (an OpError's message); other errors are bugs and go on. */
  private tryApply(op: TranscriptOp): ReturnType<typeof applyOp> | string {
    try {
      return applyOp(this.store, op);
    } catch (error) {
      if (error instanceof OpError) return error.message;
      throw error;
    }
  }

  private run(op: TranscriptOp, source: ChangeSource, flagged?: EditableWord[]): boolean {
    const applied = this.tryApply(op);
    if (typeof applied === "string") return false;
    if (!applied.change.utterances.length) return false;
    this.store.applyChange(applied.change, source);
    // The pure apply drops the client-only flags: put the flagged words back.
    if (flagged && op.type === "update_words") this.store.replaceWords(op.utteranceId, flagged, source);
    this.queue.enqueue(op);
    if (source !== "server") this.onLocalChange?.(applied.change);
    return true;
  }

  private markRestored(op: TranscriptOp): void {
    if (op.type !== "update_words") return;
    const u = this.store.utterance(op.utteranceId);
    if (!u) return;
    const changed = new Set(op.words.filter((w) => w.text !== undefined || w.confidence_score !== undefined).map((w) => w.id));
    const now = this.clock.now();
    this.store.replaceWords(
      op.utteranceId,
      u.transcriptWords.map((w) => (changed.has(w.id) ? { ...w, isModified: true, lastModifiedAt: now } : w)),
      "server",
    );
  }
}
