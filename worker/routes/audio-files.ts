import { Hono } from "hono";
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
import { findByStorageKey, listAudioFiles, toAudioFileDto, toDto } from "../library/audio-files";
import { moveOrUpdateFile, deleteFileLogged } from "../library/file-moves";
import { badRequest } from "../lib/errors";
import { WORKSPACE_MESSAGES } from "../../common/workspaces";
import { fileFor, folderWorkspaceOf, workspaceFor } from "../workspaces/access";
import { bulkDeleteAudioFiles, bulkMoveAudioFiles } from "../library/bulk-files";
import { type FileListQuery, listAllAudioFiles, listAudioFilePage } from "../library/file-pages";
import { enqueueTranscription, retranscribe } from "../transcription/job";
import { cancelTranscription } from "../transcription/run-end";
import { assertRestartable } from "../library/file-status";
import { assertUploadAllowed, confirmUpload, newStorageKey, rememberPendingUpload, uploadContentType } from "../library/uploads";
import { assertUploadQuota, recordTranscriptionStart, takeTranscriptionStart } from "../library/quotas";
import { limitPerUser } from "../lib/user-rate-limit";
import { validate } from "../lib/validate";
import { correctedUtterances } from "../transcripts/store";
import { servedMediaType } from "../../common/upload-rules";
import { mediaLink, uploadLink } from "../storage/links";
import { serviceConfiguration } from "../transcription/configuration";
import type { AppEnv } from "../types";
import { tellLibraryChanged } from "../live/library-changed";
import { reviewStatusPatchSchema } from "../../common/comments";
import { setReviewStatus } from "../library/review-status";

const origin = (url: string) => new URL(url).origin;

export const audioFileRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", validate("query", audioFileListQuerySchema), async (c) => {
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
  })
  .post("/bulk-delete", validate("json", bulkDeleteSchema), async (c) => {
    const { ids, workspace_id } = c.req.valid("json");
    const workspaceId = await workspaceFor(c.var.db, c.var.user.id, workspace_id, "edit");
    const deleted = await bulkDeleteAudioFiles(c.env, c.var.db, workspaceId, ids);
    if (deleted.length) tellLibraryChanged(c, workspaceId);
    return c.json({ deleted_ids: deleted, deleted: deleted.length }, 200);
  })
  .post("/bulk-move", validate("json", bulkMoveSchema), async (c) => {
    const { ids, folder_id, workspace_id } = c.req.valid("json");
    const workspaceId = await workspaceFor(c.var.db, c.var.user.id, workspace_id, "edit");
    const moved = await bulkMoveAudioFiles(c.var.db, workspaceId, ids, folder_id ?? null);
    if (moved.length) tellLibraryChanged(c, workspaceId);
    return c.json({ data: moved.map(toDto) }, 200);
  })
  .post("/upload-url", validate("json", uploadUrlSchema), async (c) => {
    const input = c.req.valid("json");
    assertUploadAllowed(serviceConfiguration(c.var.config), input);
    const workspaceId = await workspaceFor(c.var.db, c.var.user.id, input.workspace_id, "edit");
    await assertUploadQuota(c.var.db, c.var.config, workspaceId, input.file_size);
    const key = newStorageKey(c.var.user.id, input.filename);
    await rememberPendingUpload(c.var.db, c.var.user.id, key);
    // The upload link is bound to this type: the browser must PUT with exactly this Content-Type.
    const content_type = uploadContentType(input);
    const upload_url = await uploadLink(c.var.config, origin(c.req.url), key, input.file_size, content_type);
    return c.json({ upload_url, key, content_type }, 200);
  })
  .post("/confirm-upload", validate("json", confirmUploadSchema), async (c) => {
    const input = c.req.valid("json");
    // A given folder's workspace; a missing folder is refused by the confirm itself (which removes the upload).
    const folderWorkspace = input.folder_id ? await folderWorkspaceOf(c.var.db, c.var.user.id, input.folder_id) : undefined;
    if (folderWorkspace && input.workspace_id && folderWorkspace !== input.workspace_id)
      throw badRequest(WORKSPACE_MESSAGES.folderInOtherWorkspace);
    const workspaceId = await workspaceFor(c.var.db, c.var.user.id, folderWorkspace ?? input.workspace_id, "edit");
    // A key confirmed before answers its file again; a new one must still fit the quotas.
    if (!(await findByStorageKey(c.var.db, c.var.user.id, input.key)))
      await assertUploadQuota(c.var.db, c.var.config, workspaceId, input.file_size, input.key);
    const preferences = preferencesOf(c.var.user);
    const options = requestedOptions(c.var.config, preferences, input.transcription_options, preferences.transcription.defaults);
    const { file, created } = await confirmUpload(c.var.db, c.env.MEDIA, serviceConfiguration(c.var.config), c.var.user.id, workspaceId, {
      ...input,
      options,
    });
    if (created) {
      await recordTranscriptionStart(c.var.db, file.workspaceId, file.id);
      await enqueueTranscription(c.env, file);
      tellLibraryChanged(c, file.workspaceId);
    }
    return c.json({ data: toDto(file) }, created ? 201 : 200);
  })
  .get("/:id", async (c) => {
    const row = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "read");
    return c.json({ data: toDto(row) }, 200);
  })
  .post("/:id/retranscribe", validate("json", retranscribeSchema), limitPerUser("retranscribe"), async (c) => {
    const row = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "edit");
    const { transcription_options: input, discard_corrections } = c.req.valid("json");
    const options = requestedOptions(c.var.config, preferencesOf(c.var.user), input, parseStoredOptions(row.transcriptionOptions));
    // Refused before it counts against the quota (a stuck file, whose job was lost, may go again).
    assertRestartable(row, c.var.config.JOB_LOST_AFTER_SECONDS);
    await takeTranscriptionStart(c.var.db, c.var.config, row.workspaceId, row.id);
    // Answer from the row as updated: the job may already be running when we reply.
    const hasTranscript = Boolean(row.hasTranscript);
    const updated = await retranscribe(c.env, c.var.db, row, hasTranscript, options, discard_corrections);
    return c.json({ data: toAudioFileDto(updated, hasTranscript, row.reviewerName) }, 202);
  })
  .post("/:id/cancel", async (c) => {
    const row = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "edit");
    const cancelled = await cancelTranscription(c.env, c.var.db, row);
    return c.json({ data: toAudioFileDto(cancelled, Boolean(row.hasTranscript), row.reviewerName) }, 200);
  })
  .get("/:id/corrections", async (c) => {
    const row = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "read");
    const data: CorrectionsDto = { corrected_utterances: await correctedUtterances(c.env, row.storeId, row.id) };
    return c.json({ data }, 200);
  })
  .put("/:id", validate("json", audioFileUpdateSchema), async (c) => {
    const { name, folder_id, workspace_id } = c.req.valid("json").audio_file;
    const file = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "edit");
    const updated = await moveOrUpdateFile(c.var.db, c.var.config, c.var.user, file, {
      name,
      folderId: folder_id,
      workspaceId: workspace_id,
    });
    tellLibraryChanged(c, file.workspaceId, updated.workspaceId);
    return c.json({ data: toDto(updated) }, 200);
  })
  // The review status: commenters and up, as reviewers often only comment (renames and moves stay on PUT).
  .patch("/:id", validate("json", reviewStatusPatchSchema), async (c) => {
    const file = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "comment");
    const { file: updated, changed } = await setReviewStatus(c.var.db, c.var.user, file, c.req.valid("json").review_status);
    if (changed) tellLibraryChanged(c, file.workspaceId);
    return c.json({ data: toDto(updated) }, 200);
  })
  .delete("/:id", async (c) => {
    const row = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "edit");
    await deleteFileLogged(c.env, c.var.db, c.var.user, row);
    tellLibraryChanged(c, row.workspaceId);
    return c.json({ message: "Audio file deleted" }, 200);
  })
  .get("/:id/download", async (c) => {
    const row = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "read");
    const base = origin(c.req.url);
    const content_type = servedMediaType(row.storageKey, row.contentType);
    const [url, download_url] = await Promise.all([
      mediaLink(c.var.config, base, row.storageKey, { download: false, filename: row.filename, contentType: content_type }),
      mediaLink(c.var.config, base, row.storageKey, { download: true, filename: row.filename, contentType: content_type }),
    ]);
    return c.json({ url, download_url, content_type, filename: row.filename }, 200);
  });
