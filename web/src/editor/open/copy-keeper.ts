// Keeps this browser's copy of an open transcript (local-copy.ts) in step with the
// server: the server's answer (its utterances and speakers), and the editor's state
// (the store's utterances and speakers) a little after every edit is saved, and when
// the page is hidden or the file closed, if every edit is saved by then. Never a state with unsaved edits: a copy only holds what
// the server confirmed.
import { encodeUtterances } from "../../../../common/compact-utterances";
import type { SpeakerDto } from "../../../../core/transcript";
import { authState } from "../../auth/store";
import type { SaveQueue } from "../model/save-queue";
import type { TranscriptStore } from "../model/transcript-store";
import { headOf } from "./head";
import { localCopies, type TranscriptCopy } from "./local-copy";
import { markSaved } from "./saved-marks";

interface KeeperDeps {
  user: string | null;
  fileId: string;
  store: Pick<TranscriptStore, "utterances" | "speakers" | "confirmedVersion" | "subscribeChanges" | "subscribeSpeakers">;
  queue: Pick<SaveQueue, "getStatus">;
}

/** How long the editor stays quiet after its saves before the copy follows. */
const SETTLE_MS = 2_000;

const sameSpeakers = (a: readonly SpeakerDto[], b: readonly SpeakerDto[]) => JSON.stringify(a) === JSON.stringify(b);

export class CopyKeeper {
  /** The text last written (or shown from the copy), to skip writing the same again. */
  private written: TranscriptCopy | null = null;
  /** The store changed since the copy was last written. */
  private changed = false;
  private started = false;
  private settle: ReturnType<typeof setTimeout> | undefined;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: KeeperDeps) {
    const changed = () => {
      if (this.started) this.changed = true;
    };
    const stopChanges = deps.store.subscribeChanges(changed);
    const stopSpeakers = deps.store.subscribeSpeakers(changed);
    this.unsubscribe = () => {
      stopChanges();
      stopSpeakers();
    };
    document.addEventListener("visibilitychange", this.onHidden);
  }

  /**
   * The server's answer, now in the editor: its utterances and its speakers (as the
   * server sent them, whatever edits wait here); `shown` is the copy shown before it, if any.
   */
  keep(answer: TranscriptCopy, shown?: TranscriptCopy): void {
    this.started = true;
    this.changed = false;
    this.written ??= shown ?? null;
    this.write(answer);
  }

  /** A save was confirmed: from now on a copy written before it is not shown (saved-marks.ts). */
  confirmed(): void {
    if (this.deps.user) markSaved(this.deps.user, this.deps.fileId);
  }

  /**
   * Every edit is saved: the copy follows once the editor has been quiet a moment, so a later
   * open never shows text older than what was saved (encoding the whole costs tens of ms).
   */
  saved(): void {
    clearTimeout(this.settle);
    this.settle = setTimeout(() => this.snapshot(), SETTLE_MS);
  }

  /** Closing the file: its saved state is kept. */
  dispose(): void {
    clearTimeout(this.settle);
    this.snapshot();
    this.unsubscribe();
    document.removeEventListener("visibilitychange", this.onHidden);
  }

  private onHidden = () => {
    if (document.visibilityState === "hidden") this.snapshot();
  };

  /**
   * The editor's state as the copy, when it changed and the server confirmed all of it:
   * with nothing waiting to be saved, the store's speakers are the confirmed ones too.
   */
  private snapshot(): void {
    const { store, queue } = this.deps;
    if (!this.changed || queue.getStatus().pending > 0) return;
    const list = store.utterances();
    if (!list.every((u) => store.confirmedVersion(u.id) === u.version)) return;
    const speakers = [...store.speakers()];
    this.changed = false;
    const compact = encodeUtterances(list);
    this.write({
      utterances: JSON.stringify({ data: compact }),
      head: JSON.stringify({ data: headOf(compact) }),
      speakers,
      at: Date.now(),
    });
  }

  private write(copy: TranscriptCopy): void {
    const { user, fileId } = this.deps;
    const copies = localCopies();
    // Signed out (or another user) meanwhile: nothing is written for them.
    if (!user || !copies || authState.user?.id !== user) return;
    const last = this.written;
    if (last && last.utterances === copy.utterances && sameSpeakers(last.speakers, copy.speakers)) return;
    this.written = copy;
    copies.write(user, fileId, copy).catch((error: unknown) => console.warn("The local copy of the transcript was not kept", error));
  }
}
