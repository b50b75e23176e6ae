import { Hono } from "hono";
import { z } from "zod";
import { LIBRARY_MESSAGES } from "../../common/library";
import { resolveContentType } from "../../common/upload-rules";
import { ApiError, badRequest, forbidden, notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { parseRange } from "../storage/range";
import { verifyParts } from "../storage/signing";
import type { AppEnv } from "../types";

/**
 * Local stand-ins for R2 presigned URLs (no S3 endpoint exists locally). They
 * authorise by signature, like the real thing, and stream: the body goes
 * straight into the R2 binding and never sits in the Worker's memory.
 */
const uploadQuery = z.object({
  key: z.string().min(1),
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

/**
 * The media route serves objects inline on the app's own origin, so only media
 * types are ever stored or served; anything else (text/html, SVG…) falls back to
 * the key's extension, and to application/octet-stream for unknown ones.
 */
function mediaContentType(key: string, declared: string | undefined): string {
  const type = resolveContentType(key, declared ?? "");
  return /^(audio|video)\//.test(type) || type === "application/ogg" ? type : resolveContentType(key, "");
}

export const storageRoutes = new Hono<AppEnv>()
  .put("/upload", validate("query", uploadQuery), async (c) => {
    const { key, size, expires, signature } = c.req.valid("query");
    const ok = await verifyParts(c.var.config.JWT_SECRET, ["upload", key, String(size), String(expires)], signature, expires);
    if (!ok) throw forbidden(LIBRARY_MESSAGES.uploadLinkInvalid);
    const declared = Number(c.req.header("content-length") ?? size);
    if (declared > size) throw new ApiError(413, LIBRARY_MESSAGES.uploadTooLarge);
    const body = c.req.raw.body;
    if (!body) throw badRequest(LIBRARY_MESSAGES.uploadSizeMismatch);
    // Exactly `size` bytes or the write fails: a longer or shorter body is refused.
    const fixed = new FixedLengthStream(size);
    const piping = body.pipeTo(fixed.writable);
    const contentType = mediaContentType(key, c.req.header("content-type"));
    try {
      await Promise.all([c.env.MEDIA.put(key, fixed.readable, { httpMetadata: { contentType } }), piping]);
    } catch {
      await c.env.MEDIA.delete(key);
      throw badRequest(LIBRARY_MESSAGES.uploadSizeMismatch);
    }
    return c.body(null, 200);
  })
  .on(["GET", "HEAD"], "/media", validate("query", mediaQuery), async (c) => {
    const { key, disposition, expires, signature } = c.req.valid("query");
    const ok = await verifyParts(c.var.config.JWT_SECRET, ["media", key, disposition, String(expires)], signature, expires);
    if (!ok) throw forbidden(LIBRARY_MESSAGES.mediaLinkInvalid);
    const head = await c.env.MEDIA.head(key);
    if (!head) throw notFound(LIBRARY_MESSAGES.fileNotFound);
    const headers = new Headers({
      "Accept-Ranges": "bytes",
      "Content-Type": mediaContentType(key, head.httpMetadata?.contentType),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": disposition,
      "Cache-Control": "private, max-age=3600",
      ETag: head.httpEtag,
    });
    const range = parseRange(c.req.header("range"), head.size);
    if (range === "unsatisfiable") {
      headers.set("Content-Range", `bytes */${head.size}`);
      return new Response(null, { status: 416, headers });
    }
    const length = range ? range.length : head.size;
    headers.set("Content-Length", String(length));
    if (range) headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
    const status = range ? 206 : 200;
    if (c.req.method === "HEAD") return new Response(null, { status, headers });
    const object = await c.env.MEDIA.get(key, range ? { range } : {});
    if (!object) throw notFound(LIBRARY_MESSAGES.fileNotFound);
    return new Response(object.body, { status, headers });
  });
