// Every change a user makes to a transcript, as one call into the store: what it is, and what
// it answers. The object runs it in one transaction and tells the file's other tabs (user-channel.ts).
import type { ReplaceSpec } from "../../core/replace-spec";
import type { SpeakerDto, TranscriptDto } from "../../core/transcript";
import type { OperationResultDto, ReplaceResultDto, WordConflictDto } from "../../core/operation-results";
import type { OpRequest } from "../../core/operations";
import type { TranscriptFields } from "../../core/change";
import type { ChapterInput } from "../../core/chapters";
import type { ChaptersAnswer } from "../../common/chapters";
import type { EditOutcome } from "../../core/outcome";
import type { DescribedFile } from "../../core/retranscription";
import { StaleUtterances } from "../../core/refusal";
import { mergeSpeakers, replaceAll } from "./bulk";
import { putChapters } from "./chapters";
import { createSpeaker, deleteSpeaker, updateFields, updateSpeaker } from "./details";
import { stepHistory } from "./history";
import { steppedEntryBytes } from "./history-budget";
import { runOperation, transcriptKey } from "./operations";
import { openTranscript, speakersOf } from "./read";
import { requestKey } from "./request-keys";
import { redact, type RedactionRow } from "./redactions";
import type { RedactionTarget } from "../../core/redaction-plan";
import type { MediaFill } from "../../common/redactions";

export type StoreEdit =
  | { kind: "operation"; req: OpRequest; opId: string | null }
  | { kind: "step"; direction: "undo" | "redo"; opId: string | null }
  | { kind: "replace"; spec: ReplaceSpec; opId: string | null }
  | { kind: "merge_speakers"; speakerId: string; intoSpeakerId: string; opId: string | null }
  | { kind: "create_speaker"; input: { name?: string | undefined; role: string | null } }
  | { kind: "update_speaker"; speakerId: string; input: { name: string; role: string | null } }
  | { kind: "delete_speaker"; speakerId: string }
  | { kind: "fields"; input: TranscriptFields }
  | { kind: "chapters"; input: ChapterInput[]; generated: boolean }
  | { kind: "redact"; target: RedactionTarget; label: string; fill: MediaFill; opId: string | null };

/** What each kind of edit answers the API with (`data`). */
export interface EditAnswers {
  /** A word conflict is an answer, not a refusal, so its words reach the endpoint (which answers it 409). */
  operation: OperationResultDto | WordConflictDto;
  step: OperationResultDto;
  replace: ReplaceResultDto;
  merge_speakers: OperationResultDto;
  create_speaker: SpeakerDto;
  update_speaker: SpeakerDto;
  delete_speaker: { id: string; label: string };
  fields: TranscriptDto;
  chapters: ChaptersAnswer;
  redact: { redactions: RedactionRow[]; commentIds: string[]; highlightsChanged: boolean };
}

/**
 * An edit done: its answer, the outcome the live push describes, a re-transcription step's file
 * fields (D1 keeps a copy), and the bytes of the history entry it wrote or stepped (what it
 * weighs against the edit limit).
 */
export interface EditDone<K extends StoreEdit["kind"] = StoreEdit["kind"]> {
  data: EditAnswers[K];
  outcome: EditOutcome | null;
  file?: DescribedFile;
  historyBytes: number;
}

export function runEdit(storage: DurableObjectStorage, fileId: string, edit: StoreEdit): EditDone {
  const result = runKind(storage, fileId, edit);
  const undone = edit.kind === "step" && edit.direction === "undo";
  return { ...result, historyBytes: result.outcome?.change ? steppedEntryBytes(storage.sql, fileId, undone) : 0 };
}

function runKind(storage: DurableObjectStorage, fileId: string, edit: StoreEdit): Omit<EditDone, "historyBytes"> {
  const key = "opId" in edit ? requestKey(edit) : null;
  switch (edit.kind) {
    case "operation":
      try {
        return done(runOperation(storage, fileId, edit.req, key));
      } catch (error) {
        // Nothing was written (the transaction rolled back).
        if (error instanceof StaleUtterances && error.conflicts) {
          return { data: { utterances: error.utterances, conflicts: error.conflicts }, outcome: null };
        }
        throw error;
      }
    case "step": {
      const { file, ...outcome } = stepHistory(storage, fileId, edit.direction, key);
      return { ...done(outcome), ...(file ? { file } : {}) };
    }
    case "replace":
      return done(replaceAll(storage, fileId, edit.spec, key));
    case "merge_speakers": {
      const outcome = mergeSpeakers(storage, fileId, edit.speakerId, edit.intoSpeakerId, key);
      const speakers = speakersOf(storage.sql, transcriptKey(storage.sql, fileId));
      return done({ ...outcome, result: { ...outcome.result, speakers } });
    }
    case "create_speaker": {
      const { outcome, speaker } = createSpeaker(storage, fileId, edit.input);
      return { data: speaker, outcome };
    }
    case "update_speaker": {
      const { outcome, speaker } = updateSpeaker(storage, fileId, edit.speakerId, edit.input);
      return { data: speaker, outcome };
    }
    case "delete_speaker": {
      const { outcome, label } = deleteSpeaker(storage, fileId, edit.speakerId);
      return { data: { id: edit.speakerId, label }, outcome };
    }
    case "fields": {
      const outcome = updateFields(storage, fileId, edit.input);
      return { data: openTranscript(storage.sql, fileId), outcome };
    }
    case "chapters":
      return putChapters(storage, fileId, edit.input, edit.generated);
    case "redact": {
      const { redactions, commentIds, highlightsChanged, ...outcome } = redact(storage, fileId, edit.target, edit.label, edit.fill, key);
      return { data: { redactions, commentIds, highlightsChanged }, outcome };
    }
  }
}

const done = (outcome: EditOutcome): Omit<EditDone, "historyBytes"> => ({ data: outcome.result, outcome });
