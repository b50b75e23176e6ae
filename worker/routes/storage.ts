import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { audioFiles } from "../db/schema";
import * as z from "zod";
import { LIBRARY_MESSAGES } from "../../common/library";
import { isPlayableMediaType, NOT_PLAYABLE_TYPE } from "../../common/upload-rules";
import { ApiError, badRequest, forbidden, notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { exactLength, settledBoth } from "../storage/exact-length";
import { partSignedFields } from "../storage/links";
import { SERVED_MEDIA_TYPES, serveObject } from "../storage/serve";
import { findOpenUpload } from "../library/multipart";
import { verifyParts } from "../storage/signing";
import type { AppEnv } from "../types";
import { routeDocs } from "../lib/openapi";

/**
 * Local stand-ins for R2 presigned URLs (no S3 endpoint exists locally). They
 * authorise by signature, like the real thing, and stream: the body goes
 * straight into the R2 binding and never sits in the Worker's memory.
 */
const uploadQuery = z.object({
  key: z.string().min(1),
  size: z.coerce.number().int().positive(),
  type: z.string().min(1),
  expires: z.coerce.number().int(),
  signature: z.string().min(1),
});
const partQuery = z.object({
  key: z.string().min(1),
  upload: z.string().min(1),
  part: z.coerce.number().int().min(1),
  size: z.coerce.number().int().positive(),
  expires: z.coerce.number().int(),
  signature: z.string().min(1),
});
const mediaQuery = z.object({
  key: z.string().min(1),
  disposition: z.string().min(1),
  expires: z.coerce.number().int(),
  signature: z.string().min(1),
});

const doc = routeDocs("Storage links");
const LOCAL = "The local stand-in for a presigned storage link: the API hands these links out, signed; nobody builds them.";

export const storageRoutes = new Hono<AppEnv>()
  .put(
    "/upload",
    doc({
      summary: "Upload a file by signed link",
      description: LOCAL,
      access: "public",
      rawBody: "The file's bytes: exactly the link's size",
      empty: true,
      responseDescription: "Stored (no body)",
      errors: [400, 403, 409, 413],
    }),
    validate("query", uploadQuery),
    async (c) => {
      const { key, size, type, expires, signature } = c.req.valid("query");
      const ok = await verifyParts(c.var.config.JWT_SECRET, ["upload", key, String(size), String(expires), type], signature, expires);
      if (!ok || !(isPlayableMediaType(type) || type === NOT_PLAYABLE_TYPE)) throw forbidden(LIBRARY_MESSAGES.uploadLinkInvalid);
      // A link works once: after its upload is confirmed it can never replace the file's media.
      if (await c.var.db.select({ id: audioFiles.id }).from(audioFiles).where(eq(audioFiles.storageKey, key)).get()) {
        throw new ApiError(409, LIBRARY_MESSAGES.uploadLinkUsed);
      }
      const declared = Number(c.req.header("content-length") ?? size);
      if (declared > size) throw new ApiError(413, LIBRARY_MESSAGES.uploadTooLarge);
      const body = c.req.raw.body;
      if (!body) throw badRequest(LIBRARY_MESSAGES.uploadSizeMismatch);
      // Exactly `size` bytes or nothing is stored: a longer body is 413, a shorter one 400.
      const { stream, fed } = exactLength(body, size);
      // The type the link was issued for, never the request's Content-Type header.
      const refused = await settledBoth(c.env.MEDIA.put(key, stream, { httpMetadata: { contentType: type } }), fed);
      if (refused) {
        await c.env.MEDIA.delete(key);
        if (refused === "too-long") throw new ApiError(413, LIBRARY_MESSAGES.uploadTooLarge);
        throw badRequest(LIBRARY_MESSAGES.uploadSizeMismatch);
      }
      return c.body(null, 200);
    },
  )
  .put(
    "/part",
    doc({
      summary: "Upload one part by signed link",
      description: LOCAL,
      access: "public",
      rawBody: "The part's bytes: exactly the link's size",
      response: z.object({ etag: z.string() }),
      errors: [400, 403, 404, 413],
    }),
    validate("query", partQuery),
    async (c) => {
      const link = c.req.valid("query");
      if (!(await verifyParts(c.var.config.JWT_SECRET, partSignedFields(link), link.signature, link.expires))) {
        throw forbidden(LIBRARY_MESSAGES.uploadLinkInvalid);
      }
      // An aborted, completed or expired upload takes no more parts.
      if (!(await findOpenUpload(c.var.db, link.key, link.upload))) throw notFound(LIBRARY_MESSAGES.uploadNotFound);
      if (Number(c.req.header("content-length") ?? link.size) > link.size) throw new ApiError(413, LIBRARY_MESSAGES.uploadTooLarge);
      const body = c.req.raw.body;
      if (!body) throw badRequest(LIBRARY_MESSAGES.uploadSizeMismatch);
      // Exactly the part's size or the part is refused, as R2 refuses a presigned part of another length.
      const { stream, fed } = exactLength(body, link.size);
      const uploading = c.env.MEDIA.resumeMultipartUpload(link.key, link.upload).uploadPart(link.part, stream);
      const refused = await settledBoth(uploading, fed);
      if (refused === "too-long") throw new ApiError(413, LIBRARY_MESSAGES.uploadTooLarge);
      if (refused) throw badRequest(LIBRARY_MESSAGES.uploadSizeMismatch);
      const part = await uploading;
      // Like R2's S3 endpoint: the part's ETag in a header (the browser sends it back at complete).
      return c.json({ etag: part.etag }, 200, { ETag: `"${part.etag}"` });
    },
  )
  .on(
    ["GET", "HEAD"],
    "/media",
    doc({
      summary: "Stream media by signed link (with ranges)",
      description: LOCAL,
      access: "public",
      file: SERVED_MEDIA_TYPES,
      ranges: true,
      responseDescription: "The media (a recording), or an export as a download (application/octet-stream)",
      errors: [403, 404],
    }),
    validate("query", mediaQuery),
    async (c) => {
      const { key, disposition, expires, signature } = c.req.valid("query");
      const ok = await verifyParts(c.var.config.JWT_SECRET, ["media", key, disposition, String(expires)], signature, expires);
      if (!ok) throw forbidden(LIBRARY_MESSAGES.mediaLinkInvalid);
      return serveObject(c, key, { disposition, cacheControl: "private, max-age=3600" });
    },
  );
