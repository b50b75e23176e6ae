import { type Context, Hono } from "hono";
import { MEDIA_REDACTION_MESSAGES, mediaBlocked } from "../../common/redactions";
import { createMiddleware } from "hono/factory";
import * as z from "zod";
import { type CompactUtterances, CompactWriter } from "../../common/compact-utterances";
import { SHARE_MESSAGES, type SharedMediaDto } from "../../common/shares";
import type { UtteranceDto } from "../../core/transcript";
import { servedMediaType } from "../../common/upload-rules";
import type { ShareRow } from "../db/schema";
import { conflict, notFound } from "../lib/errors";
import { isoIn } from "../../common/time";
import { sharedTranscript, sharedTranscriptRow } from "../shares/read";
import { enforceShareRateLimit } from "../shares/rate-limit";
import { sharedMediaTtlSeconds } from "../shares/media-ttl";
import { findLiveShare, findLiveShareById } from "../shares/store";
import { sharedMediaUrl, shareOfMediaToken } from "../shares/media-link";
import { countView, visitorHash } from "../shares/views";
import { SERVED_MEDIA_TYPES, serveObject } from "../storage/serve";
import { getAudioFile } from "../library/audio-files";
import { EXPORT_FORMATS, exportFilename } from "../../common/exports";
import { loadSharedDocument } from "../exports/source";
import { renderSrt } from "../exports/formats/srt";
import { renderTxt } from "../exports/formats/txt";
import { renderVtt } from "../exports/formats/vtt";
import { dataAsJsonText } from "../lib/json-text";
import { validate } from "../lib/validate";
import { readCompactUtterancesJson, readUtterancesJson } from "../transcripts/store";
import { utterancesQueryFields } from "../../common/utterances-query";
import type { AppEnv } from "../types";
import { dataOf, routeDocs } from "../lib/openapi";
import { sharedTranscriptSchema, utterancesAnswerSchema } from "../../common/response-schemas";

const doc = routeDocs("Shared transcripts");

/** What a secret may look like (the ones we issue are 43 characters); anything else is just as unknown. */
const secretSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);

/** The text exports a shared page offers, made on request (they are small and fast to write). */
export const SHARED_EXPORT_FORMATS = ["txt", "srt", "vtt"] as const;
/** `?view=0`: the open page's check that its link still works, which counts no view. */
const sharedQuerySchema = z.strictObject({ view: z.enum(["0"]).optional() });

/** The whole list, in either shape; a shared page never asks for single utterances. */
const sharedUtterancesQuerySchema = utterancesQueryFields.pick({ format: true }).strict();

const RENDER_TEXT = { txt: renderTxt, srt: renderSrt, vtt: renderVtt } as const;
/** Each text export's media type (its Content-Type without parameters). */
const SHARED_EXPORT_TYPES = Object.fromEntries(
  SHARED_EXPORT_FORMATS.map((f) => [EXPORT_FORMATS[f].contentType.split(";")[0]!, "text" as const]),
);
const exportParamSchema = z.object({ secret: z.string(), format: z.enum(SHARED_EXPORT_FORMATS, { error: SHARE_MESSAGES.exportFormat }) });

/** Headers on every answer a secret opens: never cached or indexed, no referrer leaves with the secret in it. */
export const SHARED_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

type SharedEnv = AppEnv & { Variables: AppEnv["Variables"] & { share: ShareRow } };

/** Sets SHARED_HEADERS on whatever the routes answer, refusals (404, 429) included. */
const sharedHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SHARED_HEADERS)) c.res.headers.set(name, value);
});

/**
 * The rate limit, then the link: unknown, revoked and expired secrets all get
 * the same 404 after the same single query.
 */
const resolveShare = createMiddleware<SharedEnv>(async (c, next) => {
  await enforceShareRateLimit(c as unknown as Context<AppEnv>);
  const secret = secretSchema.safeParse(c.req.param("secret"));
  const share = secret.success ? await findLiveShare(c.var.db, secret.data) : undefined;
  if (!share) throw notFound(SHARE_MESSAGES.gone);
  c.set("share", share);
  await next();
});

const visitorOf = (c: Context<SharedEnv>) =>
  visitorHash(c.var.config.JWT_SECRET, c.var.share.id, c.req.header("cf-connecting-ip") ?? "unknown");

/** Read-only routes a share secret opens: `/shared/{secret}`, its utterances and its media. Nothing else accepts a secret. */
export const sharedRoutes = new Hono<SharedEnv>()
  .use(sharedHeaders)
  // Matches "/:secret" too, so the link is resolved (and rate-limited) once per request.
  .use("/:secret/*", resolveShare)
  .get(
    "/:secret",
    doc({ summary: "Open a shared transcript", response: dataOf(sharedTranscriptSchema), access: "public", errors: [404, 429] }),
    validate("query", sharedQuerySchema),
    async (c) => {
      const data = await sharedTranscript(c.env, c.var.db, c.var.share);
      if (!data) throw notFound(SHARE_MESSAGES.gone);
      // Only the page's first read counts (its checks that the link still works do not).
      if (c.req.valid("query").view !== "0") await countView(c.var.db, c.var.share, await visitorOf(c));
      return c.json({ data }, 200);
    },
  )
  .get(
    "/:secret/utterances",
    doc({
      summary: "A shared transcript's utterances",
      response: utterancesAnswerSchema,
      responseDescription: "The full list as `{data: {data: [Utterance]}}`, or with `format=compact` `{data: CompactUtterances}`",
      access: "public",
      errors: [404, 429],
    }),
    validate("query", sharedUtterancesQuerySchema),
    async (c) => {
      const share = c.var.share;
      // The compact shape the editor reads too (common/compact-utterances.ts), keyed by the link's own file and owner.
      const transcript = await sharedTranscriptRow(c.var.db, share);
      if (c.req.valid("query").format === "compact") {
        const compact = transcript
          ? await readCompactUtterancesJson(c.env, share.audioFileId)
          : JSON.stringify(new CompactWriter().finish());
        return dataAsJsonText<CompactUtterances>(c, compact);
      }
      const list = transcript ? await readUtterancesJson(c.env, share.audioFileId) : "[]";
      return dataAsJsonText<{ data: UtteranceDto[] }>(c, `{"data":${list}}`);
    },
  )
  .get(
    "/:secret/media",
    doc({
      summary: "A link to a shared transcript's recording",
      access: "public",
      response: dataOf(z.object({ url: z.string(), content_type: z.string(), expires_at: z.string() })),
      errors: [404, 409, 429],
    }),
    async (c) => {
      const share = c.var.share;
      if (!share.includeMedia) throw notFound(SHARE_MESSAGES.mediaNotIncluded);
      const file = await getAudioFile(c.var.db, share.audioFileId);
      if (mediaBlocked(file.mediaRedaction)) throw conflict(MEDIA_REDACTION_MESSAGES.blocked);
      const ttl = sharedMediaTtlSeconds(file.durationSeconds);
      // A link of the share's own (shares/media-link.ts): no owner id, key or file name in it.
      const url = await sharedMediaUrl(c.var.config.JWT_SECRET, new URL(c.req.url).origin, share.id, ttl);
      const data: SharedMediaDto = { url, content_type: servedMediaType(file.storageKey, file.contentType), expires_at: isoIn(ttl) };
      return c.json({ data }, 200);
    },
  )
  .get(
    "/:secret/export/:format",
    doc({
      summary: "Download a shared transcript as text",
      access: "public",
      file: SHARED_EXPORT_TYPES,
      responseDescription: "The file (TXT, SRT or VTT), as an attachment",
      errors: [404, 429],
    }),
    validate("param", exportParamSchema),
    async (c) => {
      const share = c.var.share;
      const { format } = c.req.valid("param");
      const doc = await loadSharedDocument(c.env, c.var.db, share.audioFileId);
      if (!doc) throw notFound(SHARE_MESSAGES.noTranscript);
      // Summary and notes only when the link includes them, like the page; comments never.
      const options = {
        include_timestamps: true,
        include_speakers: true,
        include_summary: share.includeSummary,
        include_notes: share.includeNotes,
        include_comments: false,
        include_chapters: true,
      };
      const filename = exportFilename(doc.title, format);
      return c.body(RENDER_TEXT[format](doc, options), 200, {
        "content-type": EXPORT_FORMATS[format].contentType,
        "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
      });
    },
  );

/**
 * The shared page itself, `/s/{secret}`: the SPA's page, rate-limited, and
 * answered 404 (same page, same single query) when the link is unknown,
 * revoked or expired.
 */
export const sharedPageRoutes = new Hono<AppEnv>().use(sharedHeaders).get("/:secret", async (c) => {
  await enforceShareRateLimit(c);
  const secret = secretSchema.safeParse(c.req.param("secret"));
  const share = secret.success ? await findLiveShare(c.var.db, secret.data) : undefined;
  const page = await c.env.ASSETS.fetch(c.req.raw);
  // A copy with headers that can change (the asset's own are immutable).
  return new Response(page.body, { status: share ? page.status : 404, headers: new Headers(page.headers) });
});

/**
 * `/shared-media/{token}`: a shared page's recording, streamed (with ranges) only while the
 * token is valid and its link lives and includes media. Anything else is the same 404 as a
 * link that is gone. Not counted by the guessers' rate limit: a token cannot be guessed, and
 * a player seeking through a recording sends many ranges.
 */
export const sharedMediaRoutes = new Hono<AppEnv>().use(sharedHeaders).on(
  ["GET", "HEAD"],
  "/:token",
  doc({
    summary: "Stream a shared recording (with ranges)",
    access: "public",
    file: SERVED_MEDIA_TYPES,
    ranges: true,
    responseDescription: "The recording, inline",
    errors: [404, 409],
  }),
  async (c) => {
    const shareId = await shareOfMediaToken(c.var.config.JWT_SECRET, c.req.param("token"));
    const share = shareId ? await findLiveShareById(c.var.db, shareId) : undefined;
    if (!share?.includeMedia) throw notFound(SHARE_MESSAGES.gone);
    // A link goes with its file (cascade), so the file is there.
    const file = await getAudioFile(c.var.db, share.audioFileId);
    if (mediaBlocked(file.mediaRedaction)) throw conflict(MEDIA_REDACTION_MESSAGES.blocked);
    return serveObject(c, file.storageKey, { disposition: "inline", cacheControl: "no-store", notFoundMessage: SHARE_MESSAGES.gone });
  },
);
