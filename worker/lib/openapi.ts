// What every route's entry in the OpenAPI document shares: the error shape, the security, one
// tag per resource. Route files describe themselves with `routeDocs(tag)`; inputs are described
// by the schemas that validate them (worker/lib/validate.ts). Document: worker/openapi/document.ts.
import { type DescribeRouteOptions, describeRoute, resolver } from "hono-openapi";
import * as z from "zod";
import type { ZodType } from "zod";

/** `{error}`, or `{errors}` when several inputs are wrong (worker/lib/errors.ts). */
export const errorSchema = z
  .union([z.object({ error: z.string() }), z.object({ errors: z.array(z.string()) })])
  .meta({ id: "Error", description: "What went wrong, in words meant for the user" });

export const messageSchema = z.object({ message: z.string() }).meta({ id: "Message" });

/** `{data: T}`, the answer of most routes. */
export const dataOf = (schema: ZodType) => z.object({ data: schema });
/** `{data: T[]}` */
export const listOf = (schema: ZodType) => z.object({ data: z.array(schema) });

export const ERROR_TEXTS = {
  400: "Malformed request (for example, a body that is not JSON)",
  401: "Not signed in, or the token expired or was revoked",
  403: "Not allowed: the role in the workspace, or an API token without the scope (or on a route for sessions only)",
  404: "Not found; someone else's resource answers the same",
  409: "Conflicts with the current state",
  413: "The body is too large",
  422: "Invalid input: the messages say which",
  429: "Too many requests: wait for Retry-After",
  502: "A service this request needs (a language model) failed or answered something unreadable",
  503: "A service this request needs (a language model) is not configured",
} as const;
export type ErrorStatus = keyof typeof ERROR_TEXTS;

/**
 * Who may call a route: `user` a session token or an API token (`tr_…`) within its scopes,
 * `session` only a session token from signing in, `public` anyone.
 */
type Access = "user" | "session" | "public";

const ACCESS_NOTE: Record<Access, string> = {
  user: "",
  session: "A session token from signing in only: an API token answers 403.",
  public: "No sign-in needed.",
};

/** A success answer that is not JSON, by media type: text (subtitles, plain text) or bytes (media, DOCX). */
type FileAnswer = Record<string, "text" | "binary">;

/** What a success answer holds: JSON of a shape, a file, or nothing at all. */
type Answer =
  | { response: ZodType; file?: never; empty?: never }
  | { file: FileAnswer; response?: never; empty?: never }
  /** No body, like the storage service's own answer to an upload. */
  | { empty: true; response?: never; file?: never };

type RouteDoc = Answer & {
  summary: string;
  description?: string;
  /** Default `user`. */
  access?: Access;
  /** The success status; default 200. */
  status?: number;
  /** The success answer in words. */
  responseDescription?: string;
  /** A repeated request (a key confirmed before) answers 200 with the same shape: that answer in words. */
  repeated?: string;
  /** The body is raw bytes (an upload), described in these words, not JSON. */
  rawBody?: string;
  /** Media that honours Range: 206 with the part asked for, 416 for a range outside it. */
  ranges?: boolean;
  /** Failures besides those of the access (401/403/429) and of validated input (400/413/422), which are added. */
  errors?: ErrorStatus[];
};

type ResponseDoc = NonNullable<DescribeRouteOptions["responses"]>[string];

const errorResponse = (status: ErrorStatus): ResponseDoc => ({
  description: ERROR_TEXTS[status],
  content: { "application/json": { schema: resolver(errorSchema) } },
});

/**
 * Answer schemas as the routes send them (after defaults and transforms), left open: an answer
 * may gain fields without breaking a client that checks it against this document.
 */
const answer = (schema: ZodType) =>
  resolver(schema, {
    options: {
      io: "output",
      // A transform's output type is not known to zod: it is shown as any value (the library's default).
      unrepresentable: "any",
      override: (ctx: { jsonSchema: Record<string, unknown> }) => {
        if (ctx.jsonSchema.additionalProperties === false) delete ctx.jsonSchema.additionalProperties;
      },
    },
  });

/** Bytes as JSON Schema describes them: a generated client sends and reads a Blob, not JSON. */
const BYTES = { type: "string", format: "binary" } as const;
const TEXT = { type: "string" } as const;

const fileContent = (file: FileAnswer) =>
  Object.fromEntries(Object.entries(file).map(([type, body]) => [type, { schema: body === "text" ? TEXT : BYTES }]));

/** The route's entry in the document: `const doc = routeDocs("Folders")`, then `doc({...})` before the route's validators. */
export const routeDocs =
  (tag: string) =>
  ({
    summary,
    description,
    access = "user",
    status = 200,
    responseDescription,
    repeated,
    rawBody,
    ranges,
    errors = [],
    ...answered
  }: RouteDoc) => {
    const failures = new Set<ErrorStatus>(errors);
    if (access !== "public") for (const s of [401, 403] as const) failures.add(s);
    // An API token's own rate limit.
    if (access === "user") failures.add(429);
    const content = answered.response
      ? { "application/json": { schema: answer(answered.response) } }
      : answered.file
        ? fileContent(answered.file)
        : undefined;
    const ok = { description: responseDescription ?? "Success", ...(content ? { content } : {}) };
    const note = ACCESS_NOTE[access];
    return describeRoute({
      summary,
      ...(description || note ? { description: [description, note].filter(Boolean).join("\n\n") } : {}),
      tags: [tag],
      security: access === "public" ? [] : [{ bearer: [] }],
      ...(rawBody
        ? { requestBody: { required: true, description: rawBody, content: { "application/octet-stream": { schema: BYTES } } } }
        : {}),
      responses: {
        [status]: ok,
        ...(repeated ? { 200: { ...ok, description: repeated } } : {}),
        ...(ranges ? { 206: { ...ok, description: "The part a Range asked for" } } : {}),
        ...Object.fromEntries([...failures].sort().map((s) => [s, errorResponse(s)])),
        ...(ranges ? { 416: { description: "The Range is outside the file (no body; Content-Range gives its size)" } } : {}),
      },
    });
  };
