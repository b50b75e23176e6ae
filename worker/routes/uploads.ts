import { Hono } from "hono";
import { uploadUrlSchema } from "../../common/library";
import { completeUploadSchema, partLinksSchema, uploadIdParamSchema } from "../../common/multipart";
import { requireAuth } from "../auth/middleware";
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  getOwnedUpload,
  partLinks,
  toMultipartDto,
} from "../library/multipart";
import { admitNewFile } from "../library/admission";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";
import { multipartUploadDtoSchema, partLinkDtoSchema } from "../../common/response-schemas";
import { dataOf, listOf, messageSchema, routeDocs } from "../lib/openapi";
import * as z from "zod";

const doc = routeDocs("Uploads");

const completedUpload = z.object({ key: z.string(), file_size: z.number().int(), content_type: z.string() }) satisfies z.ZodType<
  Awaited<ReturnType<typeof completeMultipartUpload>>
>;

/**
 * Uploads in parts: create → part links → (the browser PUTs each part to storage) →
 * complete → POST /audio_files/confirm-upload with the key, as after a single PUT.
 */
export const uploadRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post(
    "/",
    doc({ summary: "Start an upload in parts", status: 201, response: dataOf(multipartUploadDtoSchema), errors: [404, 409] }),
    validate("json", uploadUrlSchema),
    async (c) => {
      const input = c.req.valid("json");
      // The same admission as a single upload link.
      const workspaceId = await admitNewFile(c.var.db, c.var.config, c.var.user.id, input, input);
      const row = await createMultipartUpload(c.var.db, c.env.MEDIA, c.var.config, c.var.user.id, workspaceId, input);
      return c.json({ data: toMultipartDto(row) }, 201);
    },
  )
  .get(
    "/:id",
    doc({ summary: "Get an upload in parts", response: dataOf(multipartUploadDtoSchema), errors: [404] }),
    validate("param", uploadIdParamSchema),
    async (c) => {
      const row = await getOwnedUpload(c.var.db, c.var.user.id, c.req.valid("param").id);
      return c.json({ data: toMultipartDto(row) }, 200);
    },
  )
  .post(
    "/:id/parts",
    doc({ summary: "Get links to upload parts to", response: listOf(partLinkDtoSchema), errors: [404] }),
    validate("param", uploadIdParamSchema),
    validate("json", partLinksSchema),
    async (c) => {
      const row = await getOwnedUpload(c.var.db, c.var.user.id, c.req.valid("param").id);
      const parts = await partLinks(c.var.config, new URL(c.req.url).origin, row, c.req.valid("json").part_numbers);
      return c.json({ data: parts }, 200);
    },
  )
  .post(
    "/:id/complete",
    doc({
      summary: "Complete an upload in parts",
      description: "Then confirm it with POST /audio_files/confirm-upload.",
      response: dataOf(completedUpload),
      responseDescription: "The stored file's key, size and type, to confirm it with",
      errors: [400, 404],
    }),
    validate("param", uploadIdParamSchema),
    validate("json", completeUploadSchema),
    async (c) => {
      const row = await getOwnedUpload(c.var.db, c.var.user.id, c.req.valid("param").id);
      const data = await completeMultipartUpload(c.var.db, c.env.MEDIA, row, c.req.valid("json").parts);
      return c.json({ data }, 200);
    },
  )
  .delete(
    "/:id",
    doc({ summary: "Cancel an upload in parts", response: messageSchema, errors: [404] }),
    validate("param", uploadIdParamSchema),
    async (c) => {
      const row = await getOwnedUpload(c.var.db, c.var.user.id, c.req.valid("param").id);
      await abortMultipartUpload(c.var.db, c.env.MEDIA, row);
      return c.json({ message: "Upload cancelled" }, 200);
    },
  );
