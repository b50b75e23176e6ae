// Re-transcribing a file that already has a transcript (decision 017): what its history entry
// records, what describes the file afterwards, and what the merge answers. The merge itself is
// retranscribe-merge.ts.
import type { Change } from "./change";
import type { RecordedChange } from "./change-codec";

/** The history entry's change: no row states, the transcript sides live in the snapshot tables. */
export interface RetranscriptionChange extends Change {
  retranscribed: { kept: number; discarded: boolean };
}

export const isRetranscription = (change: Change | RecordedChange): change is RetranscriptionChange => "retranscribed" in change;

/** What describes the new transcript on its file, written with the merge (and swapped by undo/redo). */
export interface FileFields {
  detectedLanguage: string | null;
  notices: string[] | null;
}

/** Those fields and the service, as D1 keeps a copy of the store's for the file list: the newest `seq` wins. */
export interface DescribedFile extends FileFields {
  service: string;
  seq: number;
}

/** What a re-transcription's history entry says: its service, and the options it ran with. */
export interface RetranscriptionLabel {
  serviceLabel: string;
  language: string | null;
  terms: string[];
}

export type MergeOutcome = { merged: true; kept: number; hadSummary: boolean } | { merged: false };
