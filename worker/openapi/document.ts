// The OpenAPI 3.1 document of /api/v1, generated from the route table: each route's
// describeRoute (worker/lib/openapi.ts) and the zod schemas its validators check input with.
import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import { ERROR_TEXTS, type ErrorStatus } from "../lib/openapi";

/** The version of this description of the /api/v1 contract (not of the app). */
const DOCUMENT_VERSION = "1.0.0";

type Operation = {
  requestBody?: { content?: Record<string, unknown> };
  parameters?: { in?: string }[];
  responses?: Record<string, unknown>;
};
type Document = Awaited<ReturnType<typeof generateSpecs>>;
/** Any Hono app: only its route table is read. */
// biome-ignore lint/suspicious/noExplicitAny: the app's env and schema types play no part here
export type DocumentedApp = Hono<any, any, any>;

const errorAnswer = (status: ErrorStatus) => ({
  description: ERROR_TEXTS[status],
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** Validated input can fail the same ways on every route: a JSON body 400/413/422, a query 422. */
function addInputFailures(operation: Operation): void {
  const statuses: ErrorStatus[] = [];
  if (operation.requestBody?.content?.["application/json"]) statuses.push(400, 413, 422);
  if (operation.parameters?.some((p) => p.in === "query")) statuses.push(422);
  operation.responses ??= {};
  for (const status of statuses) operation.responses[status] ??= errorAnswer(status);
  // A route with no failure of its own still answers {error} for any 4xx (a JSON body over the API's cap is 413).
  if (!Object.keys(operation.responses).some((status) => status.startsWith("4")))
    operation.responses["4XX"] = { ...errorAnswer(400), description: "Any failure, as {error}: the route has none of its own" };
}

export async function buildDocument(api: DocumentedApp, appName: string): Promise<Document> {
  const document = await generateSpecs(api, {
    documentation: {
      openapi: "3.1.0",
      info: {
        title: `${appName} API`,
        version: DOCUMENT_VERSION,
        // The app is not open source: no licence is granted (an SPDX-less name, as OpenAPI allows).
        license: { name: "Proprietary" },
        description:
          "The JSON API of the app. Send `Authorization: Bearer <token>`: a session token from signing in, or a personal API token (`tr_…`, Preferences → API tokens) within its scopes.",
      },
      servers: [{ url: "/api/v1" }],
      components: {
        securitySchemes: {
          bearer: {
            type: "http",
            scheme: "bearer",
            description: "A session token from POST /auth/login, or a personal API token (tr_…) with the read or read and write scope",
          },
        },
      },
    },
    // openapi.json itself is a route of the table, documented like the others.
    excludeStaticFile: false,
    // Our validators answer 422 {error}, not the library's default 400 shape (added below instead).
    defaultValidationErrorResponse: false,
  });
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item ?? {}))
      if (operation && typeof operation === "object") addInputFailures(operation as Operation);
  }
  return document;
}

let cached: Promise<Document> | undefined;

/** Built on the first request of an isolate and kept: the route table does not change while it runs. */
export function documentOf(api: DocumentedApp, appName: string): Promise<Document> {
  cached ??= buildDocument(api, appName).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
