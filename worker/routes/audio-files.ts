import { conflict } from "../lib/errors";
import { Hono } from "hono";
import { MEDIA_REDACTION_MESSAGES, mediaBlocked } from "../../common/redactions";
import {
  audioFileListQuerySchema,
  audioFileUpdateSchema,
  bulkDeleteSchema,
  bulkMoveSchema,
  confirmUploadSchema,
  type CorrectionsDto,
  retranscribeSchema,
  uploadUrlSchema,
} from "../../common/library";
import { parseStoredOptions } from "../../common/transcription-options";
import { preferencesOf } from "../auth/users";
import { requestedOptions } from "../transcription/options";
import { requireAuth } from "../auth/middleware";
import { listAudioFiles, toAudioFileDto, toDto } from "../library/audio-files";
import { moveOrUpdateFile, deleteFileLogged } from "../library/file-moves";
import { fileFor, workspaceFor } from "../workspaces/access";
import { bulkDeleteAudioFiles, bulkMoveAudioFiles } from "../library/bulk-files";
import { type FileListQuery, listAllAudioFiles, listAudioFilePage } from "../library/file-pages";
import { isUnfetchedImport, retryImport } from "../imports/start";
import { enqueueTranscription, retranscribe } from "../transcription/job";
import { cancelTranscription } from "../transcription/run-end";
import { assertRestartable } from "../library/file-status";
import { confirmUpload, newUploadKey, uploadContentType } from "../library/uploads";
import { admitNewFile, destinationOf } from "../library/admission";
import { takeTranscriptionStart } from "../library/quotas";
import { limitPerUser } from "../lib/user-rate-limit";
import { validate } from "../lib/validate";
import { correctedUtterances, moveTranscript } from "../transcripts/store";
import { servedMediaType } from "../../common/upload-rules";
import { mediaLink, uploadLink } from "../storage/links";
import { serviceConfiguration } from "../transcription/configuration";
import type { AppEnv } from "../types";
import { tellLibraryChanged } from "../live/library-changed";
import { reviewStatusPatchSchema } from "../../common/comments";
import { setReviewStatus } from "../library/review-status";
import * as z from "zod";
import { audioFileDtoSchema } from "../../common/response-schemas";
import { dataOf, listOf, messageSchema, routeDocs } from "../lib/openapi";

const origin = (url: string) => new URL(url).origin;

const doc = routeDocs("Audio files");

/** GET /audio_files: the whole list, or one page and the cursor of the next. */
const filePageSchema = z.object({ data: z.array(audioFileDtoSchema), next_cursor: z.string().nullable().optional() });

export const audioFileRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/",
    doc({
      summary: "List a workspace's audio files",
      description: "Without `limit` and `cursor` the whole list; with either, one page and `next_cursor`.",
      response: filePageSchema,
      errors: [404],
    }),
    validate("query", audioFileListQuerySchema),
    async (c) => {
      const { workspace_id, folder_id, sort, order, status, review_status, limit, cursor } = c.req.valid("query");
      const workspaceId = await workspaceFor(c.var.db, c.var.user.id, workspace_id, "read");
      const query: FileListQuery = {
        folderId: folder_id === undefined ? undefined : folder_id === "" || folder_id === "common" ? null : folder_id,
        sort: sort ?? "created",
        order: order ?? (sort === undefined || sort === "created" ? "desc" : "asc"),
        status,
        reviewStatus: review_status,
      };
      // Without limit and cursor: the whole list, the answer shape clients had before pages.
      if (limit === undefined && cursor === undefined) {
        const rows =
          sort === undefined && status === undefined && review_status === undefined
            ? await listAudioFiles(c.var.db, workspaceId, query.folderId)
            : await listAllAudioFiles(c.var.db, workspaceId, query);
        return c.json({ data: rows.map(toDto) }, 200);
      }
      const page = await listAudioFilePage(c.var.db, workspaceId, query, limit ?? 100, cursor);
      return c.json({ data: page.rows.map(toDto), next_cursor: page.nextCursor }, 200);
    },
  )
  .post(
    "/bulk-delete",
    doc({
      summary: "Delete several audio files",
      response: z.object({ deleted_ids: z.array(z.string()), deleted: z.number().int() }),
      errors: [404],
    }),
    validate("json", bulkDeleteSchema),
    async (c) => {
      const { ids, workspace_id } = c.req.valid("json");
      const workspaceId = await workspaceFor(c.var.db, c.var.user.id, workspace_id, "edit");
      const deleted = await bulkDeleteAudioFiles(c.env, c.var.db, workspaceId, ids);
      if (deleted.length) tellLibraryChanged(c, workspaceId);
      return c.json({ deleted_ids: deleted, deleted: deleted.length }, 200);
    },
  )
  .post(
    "/bulk-move",
    doc({ summary: "Move several audio files to a folder", response: listOf(audioFileDtoSchema), errors: [404] }),
    validate("json", bulkMoveSchema),
    async (c) => {
      const { ids, folder_id, workspace_id } = c.req.valid("json");
      const workspaceId = await workspaceFor(c.var.db, c.var.user.id, workspace_id, "edit");
      const moved = await bulkMoveAudioFiles(c.var.db, workspaceId, ids, folder_id ?? null);
      if (moved.length) tellLibraryChanged(c, workspaceId);
      return c.json({ data: moved.map(toDto) }, 200);
    },
  )
  .post(
    "/upload-url",
    doc({
      summary: "Get a link to upload one file to",
      description: "PUT the file to `upload_url` with exactly `content_type`, then confirm the upload.",
      response: z.object({ upload_url: z.string(), key: z.string(), content_type: z.string() }),
      errors: [404, 409],
    }),
    validate("json", uploadUrlSchema),
    async (c) => {
      const input = c.req.valid("json");
      const workspaceId = await admitNewFile(c.var.db, c.var.config, c.var.user.id, input, input);
      const key = await newUploadKey(c.var.db, c.var.config, c.var.user.id, workspaceId, input.filename, input.file_size);
      // The upload link is bound to this type: the browser must PUT with exactly this Content-Type.
      const content_type = uploadContentType(input);
      const upload_url = await uploadLink(c.var.config, origin(c.req.url), key, input.file_size, content_type);
      return c.json({ upload_url, key, content_type }, 200);
    },
  )
  .post(
    "/confirm-upload",
    doc({
      summary: "Confirm an upload and start its transcription",
      description: "201 with the new file; 200 with the same file when the key was confirmed before.",
      status: 201,
      response: dataOf(audioFileDtoSchema),
      repeated: "The same file, when the key was confirmed before",
      errors: [404, 409],
    }),
    validate("json", confirmUploadSchema),
    async (c) => {
      const input = c.req.valid("json");
      // A missing folder is refused by the confirm itself (which removes the upload).
      const workspaceId = await destinationOf(c.var.db, c.var.user.id, input, "later");
      const preferences = preferencesOf(c.var.user);
      const options = requestedOptions(c.var.config, preferences, input.transcription_options, preferences.transcription.defaults);
      // A key confirmed before answers its file again; a new one claims its place under the quotas.
      const { file, created } = await confirmUpload(
        c.var.db,
        c.env.MEDIA,
        c.var.config,
        serviceConfiguration(c.var.config),
        c.var.user.id,
        workspaceId,
        { ...input, options },
      );
      if (created) {
        await enqueueTranscription(c.env, file);
        tellLibraryChanged(c, file.workspaceId);
      }
      return c.json({ data: toDto(file) }, created ? 201 : 200);
    },
  )
  .get("/:id", doc({ summary: "Get an audio file", response: dataOf(audioFileDtoSchema), errors: [404] }), async (c) => {
    const row = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "read");
    return c.json({ data: toDto(row) }, 200);
  })
  .post(
    "/:id/retranscribe",
    doc({
      summary: "Transcribe an audio file again",
      status: 202,
      response: dataOf(audioFileDtoSchema),
      errors: [404, 409],
    }),
    validate("json", retranscribeSchema),
    limitPerUser("retranscribe"),
    async (c) => {
      const row = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "edit");
      // Media that may still hold redacted speech would bring the words back (decision 058).
      if (mediaBlocked(row.mediaRedaction)) throw conflict(MEDIA_REDACTION_MESSAGES.blocked);
      const { transcription_options: input, discard_corrections } = c.req.valid("json");
      const options = requestedOptions(c.var.config, preferencesOf(c.var.user), input, parseStoredOptions(row.transcriptionOptions));
      // Refused before it counts against the quota (a stuck file, whose job was lost, may go again).
      assertRestartable(row, c.var.config.JOB_LOST_AFTER_SECONDS);
      await takeTranscriptionStart(c.var.db, c.var.config, row.workspaceId, row.id);
      // A link import that failed before its bytes came fetches its link again.
      if (isUnfetchedImport(row))
        return c.json({ data: toAudioFileDto(await retryImport(c.env, c.var.db, row), false, row.reviewerName) }, 202);
      // Answer from the row as updated: the job may already be running when we reply.
      const hasTranscript = Boolean(row.hasTranscript);
      const updated = await retranscribe(c.env, c.var.db, row, hasTranscript, options, discard_corrections);
      return c.json({ data: toAudioFileDto(updated, hasTranscript, row.reviewerName) }, 202);
    },
  )
  .post(
    "/:id/cancel",
    doc({ summary: "Cancel a running transcription", response: dataOf(audioFileDtoSchema), errors: [404, 409] }),
    async (c) => {
      const row = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "edit");
      const cancelled = await cancelTranscription(c.env, c.var.db, row);
      return c.json({ data: toAudioFileDto(cancelled, Boolean(row.hasTranscript), row.reviewerName) }, 200);
    },
  )
  .get(
    "/:id/corrections",
    doc({
      summary: "Count the corrections a re-transcription would keep",
      response: dataOf(z.object({ corrected_utterances: z.number().int() })),
      errors: [404],
    }),
    async (c) => {
      const row = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "read");
      const data: CorrectionsDto = { corrected_utterances: await correctedUtterances(c.env, row.id) };
      return c.json({ data }, 200);
    },
  )
  .put(
    "/:id",
    doc({ summary: "Rename or move an audio file", response: dataOf(audioFileDtoSchema), errors: [404, 409] }),
    validate("json", audioFileUpdateSchema),
    async (c) => {
      const { name, folder_id, workspace_id } = c.req.valid("json").audio_file;
      const file = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "edit");
      const updated = await moveOrUpdateFile(c.var.db, c.var.config, c.var.user, file, {
        name,
        folderId: folder_id,
        workspaceId: workspace_id,
      });
      // Found by its words in its new workspace's search and Ask from this answer on.
      if (updated.workspaceId !== file.workspaceId) await moveTranscript(c.env, file.id, updated.workspaceId);
      tellLibraryChanged(c, file.workspaceId, updated.workspaceId);
      return c.json({ data: toDto(updated) }, 200);
    },
  )
  // The review status: commenters and up, as reviewers often only comment (renames and moves stay on PUT).
  .patch(
    "/:id",
    doc({ summary: "Set an audio file's review status", response: dataOf(audioFileDtoSchema), errors: [404] }),
    validate("json", reviewStatusPatchSchema),
    async (c) => {
      const file = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "comment");
      const { file: updated, changed } = await setReviewStatus(c.var.db, c.var.user, file, c.req.valid("json").review_status);
      if (changed) tellLibraryChanged(c, file.workspaceId);
      return c.json({ data: toDto(updated) }, 200);
    },
  )
  .delete("/:id", doc({ summary: "Delete an audio file", response: messageSchema, errors: [404] }), async (c) => {
    const row = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "edit");
    await deleteFileLogged(c.env, c.var.db, c.var.user, row);
    tellLibraryChanged(c, row.workspaceId);
    return c.json({ message: "Audio file deleted" }, 200);
  })
  .get(
    "/:id/download",
    doc({
      summary: "Get links to play and download the media",
      description: "409 while the media may still hold redacted speech (docs/api.md, Redaction).",
      response: z.object({ url: z.string(), download_url: z.string(), content_type: z.string(), filename: z.string() }),
      errors: [404, 409],
    }),
    async (c) => {
      const row = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "read");
      if (mediaBlocked(row.mediaRedaction)) throw conflict(MEDIA_REDACTION_MESSAGES.blocked);
      const base = origin(c.req.url);
      const content_type = servedMediaType(row.storageKey, row.contentType);
      const [url, download_url] = await Promise.all([
        mediaLink(c.var.config, base, row.storageKey, { download: false, filename: row.filename, contentType: content_type }),
        mediaLink(c.var.config, base, row.storageKey, { download: true, filename: row.filename, contentType: content_type }),
      ]);
      return c.json({ url, download_url, content_type, filename: row.filename }, 200);
    },
  );
