// The edits of a transcript's speakers, summary and notes. The server has no
// operation codec for them (they are plain REST calls), so they are the
// client's own: queued, stored and retried beside the utterance operations
// (core/operations.ts), in one order.
import { touches, type TranscriptOp } from "../../../../core/operations";

export type TranscriptField = "summary" | "notes";

export type DetailsOp =
  /** `speakerId` is this client's until the server answers with the real one (see `remapSpeaker`). */
  | { type: "create_speaker"; speakerId: string; displayName: string; position: number }
  | { type: "update_speaker"; speakerId: string; name: string; role: string | null }
  | { type: "delete_speaker"; speakerId: string }
  | { type: "set_field"; field: TranscriptField; value: string | null };

/** Everything the save queue carries. */
export type EditorOp = TranscriptOp | DetailsOp;

export const DETAILS_OP_TYPES: ReadonlySet<string> = new Set<DetailsOp["type"]>([
  "create_speaker",
  "update_speaker",
  "delete_speaker",
  "set_field",
]);

export const isDetailsOp = (op: EditorOp): op is DetailsOp => DETAILS_OP_TYPES.has(op.type);

/**
 * What an operation touches, for ordering and coalescing: utterance ids, or a
 * speaker or field key (prefixed, so never equal to an utterance id).
 */
export function opTouches(op: EditorOp): string[] {
  if (!isDetailsOp(op)) return touches(op);
  return op.type === "set_field" ? [`field:${op.field}`] : [`speaker:${op.speakerId}`];
}

/** The speakers an operation names (set, merged, created, renamed or deleted). */
function speakerIds(op: EditorOp): string[] {
  switch (op.type) {
    case "set_speaker":
    case "create_speaker":
    case "update_speaker":
    case "delete_speaker":
      return [op.speakerId];
    case "merge_speakers":
      return [op.speakerId, op.intoSpeakerId];
    default:
      return [];
  }
}

/** Whether an operation still waiting names the speaker (its local state must not be overwritten). */
export const namesSpeaker = (op: EditorOp, speakerId: string) => speakerIds(op).includes(speakerId);

/** The operation with a speaker id replaced (a created speaker's id once the server gave it). */
export function remapSpeaker(op: EditorOp, from: string, to: string): EditorOp {
  const swap = (id: string) => (id === from ? to : id);
  switch (op.type) {
    case "set_speaker":
    case "create_speaker":
    case "update_speaker":
    case "delete_speaker":
      return op.speakerId === from ? { ...op, speakerId: to } : op;
    case "merge_speakers":
      return speakerIds(op).includes(from) ? { ...op, speakerId: swap(op.speakerId), intoSpeakerId: swap(op.intoSpeakerId) } : op;
    default:
      return op;
  }
}
