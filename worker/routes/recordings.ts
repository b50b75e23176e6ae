import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  RECORDING_LIMITS,
  RECORDING_MESSAGES,
  RECORDING_TYPES,
  recordingChunkParamSchema,
  recordingFinishSchema,
  recordingIdParamSchema,
  recordingStartSchema,
  recordingType,
} from "../../common/recordings";
import { audioFileDtoSchema, recordingChunkDtoSchema, recordingDtoSchema } from "../../common/response-schemas";
import { requireAuth } from "../auth/middleware";
import { preferencesOf } from "../auth/users";
import { conflict, unprocessable } from "../lib/errors";
import { dataOf, listOf, messageSchema, routeDocs } from "../lib/openapi";
import { validate } from "../lib/validate";
import { toDto } from "../library/audio-files";
import { admitNewFile } from "../library/admission";
import { tellLibraryChanged } from "../live/library-changed";
import { finishRecording } from "../recordings/finish";
import { ownedRecording, removeRecording, saveChunk, startRecording, toRecordingDto, unfinishedRecordings } from "../recordings/store";
import { serviceConfiguration } from "../transcription/configuration";
import { requestedOptions } from "../transcription/options";
import type { AppEnv } from "../types";
import { workspaceFor } from "../workspaces/access";

const chunkLimit = bodyLimit({
  maxSize: RECORDING_LIMITS.chunkMaxBytes,
  onError: (c) => c.json({ error: RECORDING_MESSAGES.chunkTooLarge }, 413),
});

const doc = routeDocs("Recordings");

/**
 * Recording in the browser: start → PUT each chunk while recording → finish (the chunks are joined
 * into a file by a job, then transcribed as an upload) or discard. Unfinished ones are listed so a
 * closed tab's recording can still be transcribed.
 */
export const recordingRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post(
    "/",
    doc({
      summary: "Start a recording",
      description: "Its chunks are sent while recording (PUT …/chunks/{n}), then it is finished or discarded.",
      status: 201,
      response: dataOf(recordingDtoSchema),
      errors: [404],
    }),
    validate("json", recordingStartSchema, [{ mime_type: "audio/webm;codecs=opus", name: "Standup 14 May" }]),
    async (c) => {
      const input = c.req.valid("json");
      const mimeType = recordingType(input.mime_type)!;
      // Refused now, not after the recording, when the service does not take this type.
      const workspaceId = await admitNewFile(c.var.db, c.var.config, c.var.user.id, input, {
        filename: `recording.${RECORDING_TYPES[mimeType]}`,
        content_type: mimeType,
        file_size: 0,
      });
      const row = await startRecording(c.var.db, {
        userId: c.var.user.id,
        workspaceId,
        folderId: input.folder_id ?? null,
        name: input.name ?? `Recording ${new Date().toISOString().slice(0, 16).replace("T", " ").replace(":", ".")}`,
        mimeType,
      });
      return c.json({ data: toRecordingDto(row) }, 201);
    },
  )
  .get(
    "/",
    doc({
      summary: "List unfinished recordings",
      description: "The caller's recordings not finished (a closed tab, a crash), with what can still be joined.",
      response: listOf(recordingDtoSchema),
    }),
    async (c) => c.json({ data: await unfinishedRecordings(c.var.db, c.var.user.id) }, 200),
  )
  .put(
    "/:id/chunks/:n",
    doc({
      summary: "Send one chunk of a recording",
      description: `The raw bytes MediaRecorder gave (at most ${RECORDING_LIMITS.chunkMaxBytes / 1024 ** 2} MB), numbered from 0. Sending a number again replaces that chunk.`,
      rawBody: "The chunk's bytes, as MediaRecorder gave them",
      response: dataOf(recordingChunkDtoSchema),
      errors: [404, 409, 413, 422],
    }),
    validate("param", recordingChunkParamSchema),
    chunkLimit,
    async (c) => {
      const { id, n } = c.req.valid("param");
      const recording = await ownedRecording(c.var.db, c.var.user.id, id);
      if (recording.audioFileId) throw conflict(RECORDING_MESSAGES.finished);
      await workspaceFor(c.var.db, c.var.user.id, recording.workspaceId, "edit");
      const bytes = await c.req.arrayBuffer();
      if (bytes.byteLength === 0) throw unprocessable(RECORDING_MESSAGES.chunkEmpty);
      const maxBytes = serviceConfiguration(c.var.config).file_constraints.max_file_size;
      await saveChunk(c.var.db, c.env.MEDIA, c.var.config, recording, { n, bytes, maxBytes });
      return c.json({ data: { n, size: bytes.byteLength } }, 200);
    },
  )
  .post(
    "/:id/finish",
    doc({
      summary: "Finish a recording",
      description:
        "Chunks 0 … chunk_count − 1 are joined into a new file (status `processing`) by a job, then transcribed as an upload. A missing chunk answers 422; finishing again answers the same file with 200.",
      status: 202,
      response: dataOf(audioFileDtoSchema),
      repeated: "The same file, when the recording was finished before",
      errors: [404],
    }),
    validate("param", recordingIdParamSchema),
    validate("json", recordingFinishSchema, [{ chunk_count: 12, transcription_options: { language: "en" } }]),
    async (c) => {
      const input = c.req.valid("json");
      const recording = await ownedRecording(c.var.db, c.var.user.id, c.req.valid("param").id);
      await workspaceFor(c.var.db, c.var.user.id, recording.workspaceId, "edit");
      const preferences = preferencesOf(c.var.user);
      const options = requestedOptions(c.var.config, preferences, input.transcription_options, preferences.transcription.defaults);
      const { file, created } = await finishRecording(c.env, c.var.db, c.var.config, recording, {
        chunkCount: input.chunk_count,
        name: input.name,
        options,
      });
      if (created) tellLibraryChanged(c, file.workspaceId);
      return c.json({ data: toDto(file) }, created ? 202 : 200);
    },
  )
  .delete(
    "/:id",
    doc({ summary: "Discard a recording", description: "Its chunks are removed.", response: messageSchema, errors: [404, 409] }),
    validate("param", recordingIdParamSchema),
    async (c) => {
      const recording = await ownedRecording(c.var.db, c.var.user.id, c.req.valid("param").id);
      if (recording.audioFileId) throw conflict(RECORDING_MESSAGES.finished);
      await removeRecording(c.var.db, c.env.MEDIA, recording.id);
      return c.json({ message: RECORDING_MESSAGES.discarded }, 200);
    },
  );
