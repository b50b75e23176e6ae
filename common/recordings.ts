// Recording in the browser (docs/api.md, Recordings; decision 043): the browser sends the
// recording as small numbered chunks while it records, and the server joins them into one file.
import * as z from "zod";
import { MiB } from "./multipart";
import { folderRefSchema } from "./library";
import { transcriptionOptionsInputSchema } from "./transcription-options";
import { workspaceRefSchema } from "./workspaces";

/** What MediaRecorder gives, and the extension the joined file is named with. */
export const RECORDING_TYPES = { "audio/webm": "webm", "audio/ogg": "ogg", "audio/mp4": "m4a" } as const;
export type RecordingType = keyof typeof RECORDING_TYPES;

export const RECORDING_LIMITS = {
  /** The browser cuts a chunk this often: a crash loses at most this much, plus what was not sent yet. */
  timesliceMs: 5_000,
  /** A chunk is a few seconds of compressed audio (about 80 KB at 128 kbit/s): far under this. */
  chunkMaxBytes: 4 * MiB,
  /** 10,000 chunks of 5 s: almost 14 hours. The service's file size limit applies as well. */
  maxChunks: 10_000,
  /** Recordings one user may have unfinished at once. */
  maxOpen: 5,
  /** An unfinished recording is kept this long (as an upload in parts), then removed with its chunks. */
  keepSeconds: 24 * 3600,
  nameMaxLength: 200,
} as const;

export const RECORDING_MESSAGES = {
  notFound: "Recording not found. It may have been discarded or finished already.",
  typeInvalid: `A recording must be ${Object.keys(RECORDING_TYPES).join(", ")}.`,
  chunkNumberInvalid: `Chunk numbers run from 0 to ${RECORDING_LIMITS.maxChunks - 1}.`,
  chunkEmpty: "A recording chunk must not be empty.",
  chunkTooLarge: `A recording chunk may be at most ${RECORDING_LIMITS.chunkMaxBytes / MiB} MB.`,
  chunkCountInvalid: "chunk_count must be the number of chunks sent (at least 1).",
  chunkMissing: (n: number) => `Chunk ${n} of the recording was never received, so the recording cannot be joined.`,
  tooLong: (maxMb: number) => `The recording is longer than the largest file allowed (${maxMb} MB).`,
  tooManyOpen: `You have ${RECORDING_LIMITS.maxOpen} unfinished recordings. Transcribe or discard one to start another.`,
  nameInvalid: `A recording's name must be 1 to ${RECORDING_LIMITS.nameMaxLength} characters.`,
  joining: "Recording saved; joining its parts",
  joined: "Recording joined; transcription queued",
  joinFailed: "The recording's parts could not be joined. Please record again.",
  finished: "This recording is finished already.",
  discarded: "Recording discarded",
} as const;

/** The base type of what MediaRecorder names ("audio/webm;codecs=opus" is audio/webm), if it is one we keep. */
export function recordingType(mimeType: string): RecordingType | null {
  const base = mimeType.split(";")[0]!.trim().toLowerCase();
  return base in RECORDING_TYPES ? (base as RecordingType) : null;
}

/** The joined file's name: the recording's name with its type's extension. */
export function recordingFileName(name: string, type: RecordingType): string {
  const extension = `.${RECORDING_TYPES[type]}`;
  return name.toLowerCase().endsWith(extension) ? name : `${name}${extension}`;
}

const nameSchema = z
  .string({ error: RECORDING_MESSAGES.nameInvalid })
  .trim()
  .min(1, RECORDING_MESSAGES.nameInvalid)
  .max(RECORDING_LIMITS.nameMaxLength, RECORDING_MESSAGES.nameInvalid)
  .regex(/^[^\u0000-\u001f\u007f/\\]*$/, RECORDING_MESSAGES.nameInvalid);

/** POST /recordings */
export const recordingStartSchema = z.strictObject({
  mime_type: z
    .string({ error: RECORDING_MESSAGES.typeInvalid })
    .max(100, RECORDING_MESSAGES.typeInvalid)
    .refine((t) => recordingType(t) !== null, RECORDING_MESSAGES.typeInvalid),
  name: nameSchema.optional(),
  folder_id: folderRefSchema,
  workspace_id: workspaceRefSchema,
});

export const recordingIdParamSchema = z.object({ id: z.string().uuid(RECORDING_MESSAGES.notFound) });

/** PUT /recordings/{id}/chunks/{n}: numbered from 0, in the order recorded. */
export const recordingChunkParamSchema = recordingIdParamSchema.extend({
  n: z.coerce
    .number({ error: RECORDING_MESSAGES.chunkNumberInvalid })
    .int(RECORDING_MESSAGES.chunkNumberInvalid)
    .min(0, RECORDING_MESSAGES.chunkNumberInvalid)
    .max(RECORDING_LIMITS.maxChunks - 1, RECORDING_MESSAGES.chunkNumberInvalid),
});

/** POST /recordings/{id}/finish: chunks 0 … chunk_count − 1 become the file. */
export const recordingFinishSchema = z.strictObject({
  chunk_count: z
    .number({ error: RECORDING_MESSAGES.chunkCountInvalid })
    .int(RECORDING_MESSAGES.chunkCountInvalid)
    .min(1, RECORDING_MESSAGES.chunkCountInvalid)
    .max(RECORDING_LIMITS.maxChunks, RECORDING_MESSAGES.chunkCountInvalid),
  name: nameSchema.optional(),
  transcription_options: transcriptionOptionsInputSchema.optional(),
});

export interface RecordingDto {
  id: string;
  name: string;
  mime_type: RecordingType;
  workspace_id: string;
  folder_id: string | null;
  started_at: string;
  /** Chunks received from 0 with none missing: what "Transcribe what was saved" would join. */
  chunk_count: number;
  /** Bytes of those chunks. */
  bytes: number;
}
