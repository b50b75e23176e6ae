// The edits of a transcript's speakers, summary and notes, outside React: each
// updates the session's store at once (speakers) and is queued behind the
// utterance edits in the same persisted save queue, with the same retries.
import { DETAILS_MESSAGES } from "../../../../core/details-limits";
import { speakerUpdateSchema } from "../../../../common/transcript-details";
import { defaultSpeakerName, nextSpeakerPosition } from "../../../../core/speaker-stats";
import type { SpeakerDto } from "../../../../core/transcript";
import { newId } from "../../../../common/ids";
import { type DetailsOp, type EditorOp, namesSpeaker, remapSpeaker, type TranscriptField } from "./details-ops";
import type { SavedResult, SaveQueue } from "./save-queue";
import type { TranscriptStore } from "./transcript-store";

export interface DetailsDeps {
  store: TranscriptStore;
  queue: Pick<SaveQueue, "enqueue" | "rewrite" | "pendingWhere" | "snapshot">;
  newSpeakerId?: () => string;
}

export class DetailsEditor {
  private readonly store: TranscriptStore;
  private readonly queue: DetailsDeps["queue"];
  private readonly newSpeakerId: () => string;
  /** Ids given here to created speakers, and the ids the server gave them. */
  private readonly serverIds = new Map<string, string>();

  constructor(deps: DetailsDeps) {
    this.store = deps.store;
    this.queue = deps.queue;
    this.newSpeakerId = deps.newSpeakerId ?? newId;
  }

  /** A new speaker, shown at once under the name the server will most likely give it. */
  createSpeaker(): SpeakerDto {
    // The server's own rule for the name it gives, shown until it answers.
    const position = nextSpeakerPosition(this.store.speakers());
    const op: DetailsOp = {
      type: "create_speaker",
      speakerId: this.newSpeakerId(),
      displayName: defaultSpeakerName({ position }),
      position,
    };
    this.apply(op);
    this.queue.enqueue(op);
    return this.store.speakers().find((s) => s.id === op.speakerId)!;
  }

  /** Rename and role; the error text when the server would refuse it, else null. */
  updateSpeaker(speakerId: string, input: { name: string; role: string | null }): string | null {
    const parsed = speakerUpdateSchema.safeParse({ speaker: input });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? DETAILS_MESSAGES.speakerNameRequired;
    if (!this.store.speakerName(speakerId)) return DETAILS_MESSAGES.speakerNotFound;
    const op: DetailsOp = { type: "update_speaker", speakerId, name: parsed.data.speaker.name, role: parsed.data.speaker.role };
    this.apply(op);
    this.queue.enqueue(op);
    return null;
  }

  /** Only a speaker with no utterance goes; the error text otherwise. */
  deleteSpeaker(speakerId: string): string | null {
    if (!this.store.speakerName(speakerId)) return DETAILS_MESSAGES.speakerNotFound;
    if (this.store.utterancesOfSpeaker(speakerId).length) return DETAILS_MESSAGES.speakerHasUtterances;
    const op: DetailsOp = { type: "delete_speaker", speakerId };
    this.apply(op);
    this.queue.enqueue(op);
    return null;
  }

  /** Summary or notes (trimmed; empty is none). The transcript's details hold the saved text. */
  setField(field: TranscriptField, value: string): void {
    this.queue.enqueue({ type: "set_field", field, value: value.trim() || null });
  }

  /** The text of a field not saved yet (undefined: nothing waiting). */
  pendingField(field: TranscriptField): string | null | undefined {
    let value: string | null | undefined;
    for (const { op } of this.queue.snapshot()) if (op.type === "set_field" && op.field === field) value = op.value;
    return value;
  }

  /** Whether an unsaved operation names the speaker: the server's state must not replace it here. */
  speakerPending(speakerId: string): boolean {
    return this.queue.pendingWhere((op) => namesSpeaker(op, speakerId));
  }

  /** A speaker's id now: the server's, for one created here and saved since. */
  currentSpeakerId(id: string): string {
    return this.serverIds.get(id) ?? id;
  }

  /** Re-applies an operation restored from storage after a reload. */
  replay(op: DetailsOp): void {
    this.apply(op);
  }

  /** The server answered: a created speaker takes its real id everywhere, a changed one the server's state. */
  saved(op: DetailsOp, result: SavedResult): void {
    const speaker = result.speaker;
    if (!speaker) return;
    if (op.type === "create_speaker") {
      this.serverIds.set(op.speakerId, speaker.id);
      this.queue.rewrite((queued: EditorOp) => remapSpeaker(queued, op.speakerId, speaker.id));
      this.store.renameSpeakerId(op.speakerId, speaker.id);
    }
    if (!this.speakerPending(speaker.id)) this.store.putSpeaker(speaker);
  }

  private apply(op: DetailsOp): void {
    switch (op.type) {
      case "create_speaker":
        if (this.store.speakerName(op.speakerId)) return;
        this.store.putSpeaker({
          id: op.speakerId,
          originalLabel: op.displayName,
          name: null,
          role: null,
          displayName: op.displayName,
          position: op.position,
          utteranceCount: 0,
          speakingPercentage: 0,
        });
        return;
      case "update_speaker": {
        const held = this.store.speakers().find((s) => s.id === op.speakerId);
        if (held) this.store.putSpeaker({ ...held, name: op.name, role: op.role, displayName: op.name });
        return;
      }
      case "delete_speaker":
        this.store.removeSpeaker(op.speakerId);
        return;
      case "set_field":
        return;
    }
  }
}
