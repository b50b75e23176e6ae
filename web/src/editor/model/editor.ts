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
import type { EditorClock } from "./clock";
import type { EditorOp } from "./details-ops";
import type { ChangeSource, TranscriptStore } from "./transcript-store";

export interface EditorDeps {
  store: TranscriptStore;
  /** The save queue, as far as utterance operations go. */
  queue: { enqueue(op: TranscriptOp): unknown };
  clock: Pick<EditorClock, "now">;
  newUtteranceId?: () => string;
  /** Told of each change the user makes here (not the server's), e.g. to spot repeated corrections. */
  onLocalChange?: (change: Change) => void;
}

export class TranscriptEditor {
  readonly store: TranscriptStore;
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
    let applied: ReturnType<typeof applyOp>;
    try {
      applied = applyOp(this.store, op);
    } catch (error) {
      if (error instanceof OpError) return false;
      throw error;
    }
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
    let applied: ReturnType<typeof applyOp>;
    try {
      applied = applyOp(this.store, op);
    } catch (error) {
      if (error instanceof OpError) return { error: error.message };
      throw error;
    }
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
    this.store.reconcile(result, hasPending);
    if (op.type === "update_words") this.store.clearFlags(op.utteranceId, savedAt);
  }

  private run(op: TranscriptOp, source: ChangeSource, flagged?: EditableWord[]): boolean {
    let applied: ReturnType<typeof applyOp>;
    try {
      applied = applyOp(this.store, op);
    } catch (error) {
      if (error instanceof OpError) return false;
      throw error;
    }
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
