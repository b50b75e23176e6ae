// Answers a stored object to a GET or HEAD, with Range support: the body streams from R2 and
// never sits in the Worker's memory. The local media links and the shared page's media use it.
import type { Context } from "hono";
import { LIBRARY_MESSAGES } from "../../common/library";
import { NOT_PLAYABLE_TYPE, servedMediaType } from "../../common/upload-rules";
import { notFound } from "../lib/errors";
import type { AppEnv } from "../types";
import { mediaDisposition } from "./links";
import { parseRange } from "./range";

/**
 * Media is answered on the app's own origin, so whatever an object holds must never run
 * there: the type is an exact allow-listed media type (or a download), the browser may not
 * sniff another, and a document it opens anyway is sandboxed with no script and no subresources.
 */
export const MEDIA_SECURITY_HEADERS = {
  "Content-Security-Policy": "sandbox; default-src 'none'",
  "X-Content-Type-Options": "nosniff",
} as const;

/** The types serveObject answers with, for the API document: a playable type, or a download. */
export const SERVED_MEDIA_TYPES = { "audio/*": "binary", "video/*": "binary", [NOT_PLAYABLE_TYPE]: "binary" } as const;

export async function serveObject(
  c: Context<AppEnv>,
  key: string,
  options: { disposition: string; cacheControl: string; notFoundMessage?: string },
): Promise<Response> {
  const missing = () => notFound(options.notFoundMessage ?? LIBRARY_MESSAGES.fileNotFound);
  const head = await c.env.MEDIA.head(key);
  if (!head) throw missing();
  // Objects stored before types were checked may carry anything: serve only an allow-listed type.
  const contentType = servedMediaType(key, head.httpMetadata?.contentType);
  const headers = new Headers({
    ...MEDIA_SECURITY_HEADERS,
    "Accept-Ranges": "bytes",
    "Content-Type": contentType,
    "Content-Disposition": mediaDisposition(options.disposition, contentType),
    "Cache-Control": options.cacheControl,
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
  if (!object) throw missing();
  return new Response(object.body, { status, headers });
}
