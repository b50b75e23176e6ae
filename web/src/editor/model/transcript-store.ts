// The editor's document: one transcript's utterances in order, with the
// client-only word flags. Plain TypeScript, no React: the view subscribes per
// utterance (a card re-renders only when its own utterance object changes)
// and to the list (insertions and removals).
import { compareKeys } from "../../../../core/order-keys";
import type { OpContext } from "../../../../core/transcript-apply";
import type { Change, UtteranceState } from "../../../../core/change";
import type { OperationResultDto } from "../../../../core/operation-results";
import type { SpeakerDto, UtteranceDto } from "../../../../core/transcript";
import type { EditableWord } from "../../../../core/word-diff";

export interface EditableUtterance extends UtteranceDto {
  transcriptWords: EditableWord[];
}

/** Why an utterance changed: typing already shows itself, everything else must be drawn. */
export type ChangeSource = "typing" | "local" | "server";

type Listener = (source: ChangeSource) => void;

/** Past this many utterances at once, `put` sorts the list once instead of inserting each. */
const BULK_PUT = 64;

export class TranscriptStore implements OpContext {
  private list: EditableUtterance[] = [];
  private index = new Map<string, number>();
  /** The transcript's speakers, in the server's order; replaced (never mutated) on change. */
  private speakerRows: readonly SpeakerDto[] = [];
  private speakerListeners = new Set<() => void>();
  /** The version the server last confirmed per utterance (the local one runs ahead while saving). */
  private confirmed = new Map<string, number>();
  /** The server's states behind `confirmed`: what an unsaved edit was made on (a word merge's base, decision 052). */
  private confirmedStates = new Map<string, UtteranceDto>();
  /** Counts the server states applied; a whole-list read notes it when it starts (`serverMark`). */
  private serverSeq = 0;
  /** When the server last confirmed or removed each utterance, on the `serverSeq` scale. */
  private heardAt = new Map<string, number>();
  private listListeners = new Set<() => void>();
  private changeListeners = new Set<() => void>();
  private utteranceListeners = new Map<string, Set<Listener>>();

  constructor(utterances: readonly UtteranceDto[] = [], speakers: readonly SpeakerDto[] = []) {
    this.load(utterances);
    this.speakerRows = speakers;
  }

  // ---------------------------------------------------------------- reads

  utterances(): readonly EditableUtterance[] {
    return this.list;
  }

  utterance(id: string): EditableUtterance | undefined {
    const i = this.index.get(id);
    return i === undefined ? undefined : this.list[i];
  }

  next(id: string): EditableUtterance | undefined {
    const i = this.index.get(id);
    return i === undefined ? undefined : this.list[i + 1];
  }

  previous(id: string): EditableUtterance | undefined {
    const i = this.index.get(id);
    return i === undefined || i === 0 ? undefined : this.list[i - 1];
  }

  indexOf(id: string): number {
    return this.index.get(id) ?? -1;
  }

  utterancesOfSpeaker(id: string): EditableUtterance[] {
    return this.list.filter((u) => u.speakerId === id);
  }

  speakerName(id: string): string | undefined {
    return this.speakerRows.find((s) => s.id === id)?.displayName;
  }

  /** The same array until a speaker changes (a snapshot for views). */
  speakers(): readonly SpeakerDto[] {
    return this.speakerRows;
  }

  confirmedVersion(id: string): number | undefined {
    return this.confirmed.get(id);
  }

  /** The server's state at the confirmed version, when this store holds it. */
  confirmedState(id: string): UtteranceDto | undefined {
    const state = this.confirmedStates.get(id);
    return state && state.version === this.confirmed.get(id) ? state : undefined;
  }

  /** Where the server's answers stand now: a whole-list read started here passes it to `mergeServer`. */
  serverMark(): number {
    return this.serverSeq;
  }

  // ---------------------------------------------------------------- writes

  /** Replaces everything with the server's list (first load, or a reload). */
  load(utterances: readonly UtteranceDto[]): void {
    this.list = [...utterances].sort((a, b) => compareKeys(a.orderKey, b.orderKey));
    this.confirmed = new Map(this.list.map((u) => [u.id, u.version]));
    this.confirmedStates = new Map(this.list.map((u) => [u.id, u]));
    this.heardAt.clear();
    this.serverSeq++;
    this.reindex();
    this.emitList();
    for (const id of this.utteranceListeners.keys()) this.emit(id, "server");
    for (const l of this.changeListeners) l();
  }

  /**
   * A fresh server list (another tab changed something, or a reconnect):
   * everything follows the server except utterances with unsaved local edits,
   * and except what is newer here than the list. A list read from `since` on
   * (`serverMark`) may be overtaken by an answer applied meanwhile (an undo after
   * a re-transcription's reload): an utterance the server confirmed or removed
   * after `since` keeps that state, and a version older than the one held never
   * lands (a version never names two contents, so a lower one is older).
   */
  mergeServer(utterances: readonly UtteranceDto[], keep: (id: string) => boolean, since = this.serverSeq): void {
    const newer = (id: string) => keep(id) || (this.heardAt.get(id) ?? -1) > since;
    const fresh = new Map(utterances.map((u) => [u.id, u]));
    const current = utterances.filter((u) => !newer(u.id) && u.version >= (this.confirmed.get(u.id) ?? -1));
    const changed = current.filter((u) => this.utterance(u.id)?.version !== u.version);
    const removed = this.list.filter((u) => !fresh.has(u.id) && !newer(u.id)).map((u) => u.id);
    // Kept utterances keep their old confirmed version: their pending edit must meet the version check.
    for (const u of current) this.confirm(u);
    for (const id of removed) this.unconfirm(id);
    this.heard(
      changed.map((u) => u.id),
      removed,
    );
    if (changed.length || removed.length) this.put(changed, removed, "server");
  }

  /**
   * Some utterances as the server has them now, and ids it no longer has (another
   * tab changed them). Applied unless the utterance has unsaved local edits or
   * this store already holds that version or a newer one (versions never go back).
   */
  mergeSome(utterances: readonly UtteranceDto[], removed: readonly string[], keep: (id: string) => boolean): void {
    const changed = utterances.filter((u) => !keep(u.id) && u.version > (this.confirmed.get(u.id) ?? -1));
    const gone = removed.filter((id) => !keep(id) && this.index.has(id));
    for (const u of changed) this.confirm(u);
    for (const id of gone) this.unconfirm(id);
    this.heard(
      changed.map((u) => u.id),
      gone,
    );
    if (changed.length || gone.length) this.put(changed, gone, "server");
  }

  /**
   * The server's speakers; those with unsaved local changes (`keep`) stay as they are
   * here, including ones created here that the server does not have yet.
   */
  setSpeakers(speakers: readonly SpeakerDto[], keep: (id: string) => boolean = () => false): void {
    const held = new Map(this.speakerRows.map((s) => [s.id, s]));
    const listed = new Set(speakers.map((s) => s.id));
    const next = speakers.flatMap((s) => (keep(s.id) ? (held.has(s.id) ? [held.get(s.id)!] : []) : [s]));
    for (const s of this.speakerRows) if (!listed.has(s.id) && keep(s.id)) next.push(s);
    this.setSpeakerRows(next);
  }

  /** Adds a speaker or replaces the one with its id. */
  putSpeaker(speaker: SpeakerDto): void {
    const i = this.speakerRows.findIndex((s) => s.id === speaker.id);
    this.setSpeakerRows(i < 0 ? [...this.speakerRows, speaker] : this.speakerRows.map((s, k) => (k === i ? speaker : s)));
  }

  removeSpeaker(id: string): void {
    if (this.speakerRows.some((s) => s.id === id)) this.setSpeakerRows(this.speakerRows.filter((s) => s.id !== id));
  }

  /** A speaker created here got its id from the server: the speaker and its utterances take it (no version change). */
  renameSpeakerId(from: string, to: string): void {
    if (from === to) return;
    this.setSpeakerRows(this.speakerRows.map((s) => (s.id === from ? { ...s, id: to } : s)));
    const moved = this.list.filter((u) => u.speakerId === from).map((u) => ({ ...u, speakerId: to }));
    if (moved.length) this.put(moved, [], "local");
  }

  private setSpeakerRows(rows: readonly SpeakerDto[]): void {
    this.speakerRows = rows;
    for (const l of [...this.speakerListeners]) l();
  }

  /** Applies a change computed locally (optimistic) or an undo/redo answer. */
  applyChange(change: Change, source: ChangeSource): void {
    this.put(
      change.utterances.flatMap((u) => (u.after ? [u.after] : [])),
      change.utterances.filter((u) => !u.after).map((u) => u.id),
      source,
    );
  }

  /** The server's answer: its states become the confirmed ones. `keep` lists utterances with newer local edits. */
  reconcile(result: OperationResultDto, keep: (id: string) => boolean = () => false): void {
    for (const u of result.utterances) this.confirm(u);
    for (const id of result.removedUtteranceIds) this.unconfirm(id);
    this.heard([...result.utterances.map((u) => u.id), ...(result.moved ?? []).map((m) => m.id)], result.removedUtteranceIds);
    // A speaker move names only the new speaker and version: the words here are the ones it moved.
    const moved: EditableUtterance[] = [];
    for (const m of result.moved ?? []) {
      this.confirmed.set(m.id, m.version);
      // A move changes no word: the state behind the version is the one held, on its new speaker.
      const held = this.confirmedStates.get(m.id);
      if (held) this.confirmedStates.set(m.id, { ...held, speakerId: m.speakerId, version: m.version });
      const u = this.utterance(m.id);
      if (u && !keep(m.id) && (u.speakerId !== m.speakerId || u.version !== m.version)) {
        moved.push({ ...u, speakerId: m.speakerId, version: m.version });
      }
    }
    this.put(
      [...result.utterances.filter((u) => !keep(u.id)), ...moved],
      result.removedUtteranceIds.filter((id) => !keep(id)),
      "server",
    );
  }

  /** Clears the edit flags a save confirmed, unless the word changed again since (docs/product.md#transcript-editor). */
  clearFlags(utteranceId: string, savedAt: number): void {
    const u = this.utterance(utteranceId);
    if (!u?.transcriptWords.some((w) => w.isNew || w.isModified)) return;
    const words = u.transcriptWords.map((w) =>
      (w.isNew || w.isModified) && (w.lastModifiedAt ?? 0) <= savedAt
        ? { ...w, isNew: undefined, isModified: undefined, lastModifiedAt: undefined }
        : w,
    );
    this.put([{ ...u, transcriptWords: words }], [], "local");
  }

  /** Replaces the words of one utterance without a version bump (flags only). */
  replaceWords(utteranceId: string, words: EditableWord[], source: ChangeSource): void {
    const u = this.utterance(utteranceId);
    if (u) this.put([{ ...u, transcriptWords: words }], [], source);
  }

  private confirm(state: UtteranceDto): void {
    this.confirmed.set(state.id, state.version);
    this.confirmedStates.set(state.id, state);
  }

  private unconfirm(id: string): void {
    this.confirmed.delete(id);
    this.confirmedStates.delete(id);
  }

  /** Notes that the server's state of these utterances arrived now. */
  private heard(confirmed: readonly string[], removed: readonly string[]): void {
    if (!confirmed.length && !removed.length) return;
    this.serverSeq++;
    for (const id of confirmed) this.heardAt.set(id, this.serverSeq);
    for (const id of removed) this.heardAt.set(id, this.serverSeq);
  }

  private put(states: readonly (UtteranceState | EditableUtterance)[], removed: readonly string[], source: ChangeSource): void {
    const structural = states.length + removed.length > BULK_PUT ? this.placeMany(states, removed) : this.place(states, removed);
    if (structural) this.emitList();
    for (const state of states) this.emit(state.id, source);
    for (const id of removed) this.emit(id, source);
    for (const l of this.changeListeners) l();
  }

  /** Puts the states in the list and takes the removed out, one by one; whether the order changed. */
  private place(states: readonly (UtteranceState | EditableUtterance)[], removed: readonly string[]): boolean {
    let structural = false;
    for (const id of removed) {
      const i = this.index.get(id);
      if (i === undefined) continue;
      this.index.delete(id);
      this.list.splice(i, 1);
      this.reindex(i);
      structural = true;
    }
    for (const state of states) {
      const i = this.index.get(state.id);
      if (i !== undefined && this.list[i]!.orderKey === state.orderKey) {
        this.list[i] = state;
        continue;
      }
      if (i !== undefined) this.list.splice(i, 1);
      const at = this.insertionPoint(state.orderKey);
      this.list.splice(at, 0, state);
      this.reindex(Math.min(at, i ?? at));
      structural = true;
    }
    return structural;
  }

  /** `place` for many at once (the whole transcript merged in after its first screenful): one sort, not a splice each. */
  private placeMany(states: readonly (UtteranceState | EditableUtterance)[], removed: readonly string[]): boolean {
    const byId = new Map(this.list.map((u) => [u.id, u]));
    for (const id of removed) byId.delete(id);
    for (const state of states) byId.set(state.id, state);
    this.list = [...byId.values()].sort((a, b) => compareKeys(a.orderKey, b.orderKey));
    this.reindex();
    return true;
  }

  private insertionPoint(key: string): number {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.list[mid]!.orderKey < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private reindex(from = 0): void {
    if (from === 0) this.index.clear();
    for (let i = from; i < this.list.length; i++) this.index.set(this.list[i]!.id, i);
  }

  // ---------------------------------------------------------------- subscriptions

  subscribeList(listener: () => void): () => void {
    this.listListeners.add(listener);
    return () => this.listListeners.delete(listener);
  }

  /** Any change at all (word timeline, counts): listeners should batch their work. */
  subscribeChanges(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  subscribeSpeakers(listener: () => void): () => void {
    this.speakerListeners.add(listener);
    return () => this.speakerListeners.delete(listener);
  }

  subscribeUtterance(id: string, listener: Listener): () => void {
    let set = this.utteranceListeners.get(id);
    if (!set) {
      set = new Set();
      this.utteranceListeners.set(id, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.utteranceListeners.delete(id);
    };
  }

  private emitList(): void {
    // A new array, so views comparing snapshots see the change.
    this.list = this.list.slice();
    for (const l of this.listListeners) l();
  }

  private emit(id: string, source: ChangeSource): void {
    for (const l of this.utteranceListeners.get(id) ?? []) l(source);
  }
}
