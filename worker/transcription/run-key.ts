// A file's transcription run and the names derived from it. A run is the file's
// `processing_started_at` (a retranscribe starts a new one); every write of a run is
// guarded by it (file-status.ts, whileProcessingRun), and its workflow instance and
// stored pieces are named by it, so a redelivered message finds the run's instance.
import type { AudioFileRow } from "../db/schema";

export interface RunParams {
  fileId: string;
  /** The run's processing_started_at. */
  run: string;
}

export const runOf = (file: Pick<AudioFileRow, "processingStartedAt" | "createdAt">): string => file.processingStartedAt ?? file.createdAt;

/** The workflow instance of a run (ids take letters, digits, - and _, at most 100 characters). */
export const instanceIdOf = ({ fileId, run }: RunParams): string => `t-${fileId}-${Date.parse(run)}`;

/** Where a file's runs keep the pieces they transcribed until the transcript is stored. */
export const piecesPrefixOf = (fileId: string): string => `transcription-runs/${fileId}/`;

export const pieceKeyOf = (params: RunParams, index: number): string =>
  `${piecesPrefixOf(params.fileId)}${Date.parse(params.run)}/${index}.json`;
