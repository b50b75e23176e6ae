// GET /api/v1/openapi.json: a valid OpenAPI 3.1 document that describes every route of the route
// table, whose examples pass the very validators the routes use, and from which a generated client
// can type every answer: real answers have a status, media type and body the document lists.
import { env, exports } from "cloudflare:workers";
import { uniqueSymbol } from "hono-openapi";
import { findTargetHandler } from "hono/utils/handler";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { getConfig } from "../../worker/config";
import { mediaLink } from "../../worker/storage/links";
import { OPENAPI_VALIDATOR_ORIGIN } from "../support/openapi-validator";
import { API, apiRequest, dispatch, type Json, signUpAndConfirm } from "./helpers";
import { requestUploadUrl, wav } from "./library-helpers";
import { settleIndexes } from "./store-helpers";
import { storeTranscript } from "./transcript-helpers";

const PREFIX = "/api/v1";

/** Hono's `/:id` as OpenAPI's `/{id}`, relative to the server URL /api/v1. */
const documentPath = (path: string) =>
  path
    .slice(PREFIX.length)
    .split("/")
    .map((segment) => (segment.startsWith(":") ? `{${segment.slice(1).replace(/\{.*$|\?$/, "")}}` : segment))
    .join("/");

/**
 * The route table under /api/v1 as `METHOD /path`. Entries with method ALL are middleware
 * (`use`: sign-in checks, rate limits) and the JSON 404 for unknown paths, not routes.
 */
function routeTable(): string[] {
  const routes = app.routes.filter((r) => r.path.startsWith(`${PREFIX}/`) && r.method !== "ALL");
  return [...new Set(routes.map((r) => `${r.method} ${documentPath(r.path)}`))].sort();
}

type ValidateFn = (value: unknown) => { issues?: readonly { message: string }[] } | Promise<{ issues?: readonly { message: string }[] }>;

/** Each route's JSON body validator (the zod schema's own check), by `METHOD /path`. */
function bodyValidators(): Map<string, ValidateFn> {
  const found = new Map<string, ValidateFn>();
  for (const route of app.routes) {
    const meta = (findTargetHandler(route.handler) as unknown as Record<symbol, { target?: string; validate?: ValidateFn }>)[uniqueSymbol];
    if (meta?.target === "json" && meta.validate) found.set(`${route.method} ${documentPath(route.path)}`, meta.validate);
  }
  return found;
}

/** Every `example`/`examples` in the document, with where it is. */
function examplesIn(node: unknown, at: string[] = [], out: { at: string[]; values: unknown[] }[] = []) {
  if (!node || typeof node !== "object") return out;
  for (const [key, value] of Object.entries(node)) {
    if (key === "example") out.push({ at, values: [value] });
    else if (key === "examples") out.push({ at, values: Array.isArray(value) ? value : Object.values(value as object) });
    else examplesIn(value, [...at, key], out);
  }
  return out;
}

let document: Json;
let response: Response;

beforeAll(async () => {
  response = await exports.default.fetch(`${API}/openapi.json`);
  document = await response.clone().json();
});

describe("GET /api/v1/openapi.json", () => {
  it("is public, cached briefly, OpenAPI 3.1 with the bearer scheme and the /api/v1 server", () => {
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBeTruthy();
    expect(document.servers).toEqual([{ url: "/api/v1" }]);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const res = await fetch(OPENAPI_VALIDATOR_ORIGIN, { method: "POST", body: JSON.stringify(document) });
    expect(await res.json()).toEqual({ valid: true });
  });

  it("documents every route of the route table, each with a summary, one tag and its security", () => {
    const table = routeTable();
    expect(table.length).toBeGreaterThan(100);
    const documented = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(table.filter((route) => !documented.includes(route))).toEqual([]);
    const undescribed = table.filter((route) => {
      const [method, path] = route.split(" ") as [string, string];
      const operation = document.paths[path][method.toLowerCase()];
      return !operation.summary || operation.tags?.length !== 1 || !Array.isArray(operation.security);
    });
    expect(undescribed).toEqual([]);
  });

  it("answers errors as the one shared {error} schema", () => {
    const operation = document.paths["/tokens"].post;
    expect(operation.responses["422"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(document.components.schemas.Error).toBeTruthy();
  });

  it("has examples only on request bodies, and each passes the route's own validator", async () => {
    const validators = bodyValidators();
    const examples = examplesIn(document);
    const checked: string[] = [];
    for (const { at, values } of examples) {
      // paths / <path> / <method> / requestBody / content / application/json / schema
      const [root, path, method, ...rest] = at;
      const where = at.join(" › ");
      expect(
        root === "paths" && rest.join("/") === "requestBody/content/application/json/schema",
        `an example the test cannot check: ${where}`,
      ).toBe(true);
      const validate = validators.get(`${method?.toUpperCase()} ${path}`);
      expect(validate, `no JSON validator for ${where}`).toBeDefined();
      for (const value of values) {
        const result = await validate?.(value);
        expect(result?.issues?.map((issue) => issue.message) ?? [], `${where}: ${JSON.stringify(value)}`).toEqual([]);
      }
      checked.push(`${method?.toUpperCase()} ${path}`);
    }
    // Not vacuous: the key request bodies carry examples (zod drops some from transforming schemas).
    expect(checked).toEqual(expect.arrayContaining(["POST /tokens", "POST /webhooks", "POST /audio_files/import"]));
  });
});

/** Every operation of the document as [`METHOD /path`, operation]. */
const operations = (): [string, Json][] =>
  Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, Json] => [`${method.toUpperCase()} ${path}`, operation]),
  );

/** The uploads whose body is the file's raw bytes, not JSON. */
const RAW_UPLOADS = ["PUT /storage/upload", "PUT /storage/part", "PUT /recordings/{id}/chunks/{n}"];
/** Answers without a body: a stored upload, like the storage service it stands in for (checked against the real answer below). */
const EMPTY_ANSWERS = ["PUT /storage/upload"];

describe("the document as a generated client reads it", () => {
  it("gives every success answer a schema, so no answer is typed as nothing", () => {
    const untyped = operations().flatMap(([operation, { responses }]) =>
      Object.entries(responses as Record<string, Json>)
        .filter(([status]) => status.startsWith("2"))
        .filter(([, answer]) => {
          const content = Object.values(answer.content ?? {}) as Json[];
          return content.length ? content.some((media) => !media.schema) : !EMPTY_ANSWERS.includes(operation);
        })
        .map(([status]) => `${operation} ${status}`),
    );
    expect(untyped).toEqual([]);
  });

  it("describes each raw-byte upload as a binary request body", () => {
    const byOperation = new Map(operations());
    for (const upload of RAW_UPLOADS) {
      expect(byOperation.get(upload)?.requestBody, upload).toMatchObject({
        required: true,
        content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
      });
    }
  });

  it("names a transcript's file {id} in every path, as the other routes do", () => {
    const named = operations().flatMap(([operation, { parameters }]) => [
      ...(operation.match(/\{(\w+)\}/g) ?? []),
      ...((parameters ?? []) as Json[]).filter((p) => p.in === "path").map((p) => `{${p.name}}`),
    ]);
    expect(named).toContain("{id}");
    expect(named.filter((name) => name === "{audioFileId}")).toEqual([]);
  });

  it("has a licence and lists a 4xx answer on every operation", () => {
    expect(document.info.license?.name).toBeTruthy();
    // Its readers have the API page, not the repository: no pointer to a file they cannot open.
    expect(JSON.stringify(document.info)).not.toMatch(/docs\/api\.md/);
    const without4xx = operations()
      .filter(([, { responses }]) => !Object.keys(responses).some((status) => status.startsWith("4")))
      .map(([operation]) => operation);
    expect(without4xx).toEqual([]);
  });
});

/** JSON Pointer escaping of one path segment. */
const pointerSegment = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

/** Does `type` (a Content-Type without parameters) fall under a listed media type (`audio/*` included)? */
const listedType = (listed: string[], type: string) =>
  listed.some((l) => l === type || (l.endsWith("/*") && type.startsWith(l.slice(0, -1))));

/**
 * Sends the request through the Worker and checks the answer against the document's entry for
 * `template` as a client checking every answer would: the status is listed, its media type too,
 * and a JSON body passes the listed schema (Ajv, in Node); an answer listed without content has no body.
 */
async function expectAsDocumented(template: string, request: Request): Promise<Response> {
  const res = await dispatch(request);
  const where = `${request.method} ${template} → ${res.status}`;
  const operation = document.paths[template]?.[request.method.toLowerCase()];
  expect(operation, `${request.method} ${template} is not in the document`).toBeDefined();
  const status = operation.responses[res.status] ? String(res.status) : `${String(res.status)[0]}XX`;
  expect(operation.responses[status], `${where}: status not listed`).toBeDefined();
  const listed = Object.keys(operation.responses[status].content ?? {});
  if (!listed.length) {
    expect((await res.clone().arrayBuffer()).byteLength, `${where}: a body where the document lists none`).toBe(0);
    return res;
  }
  const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
  expect(listedType(listed, type), `${where}: ${type} is not one of ${listed.join(", ")}`).toBe(true);
  if (type === "application/json") {
    const body = await res.clone().text();
    const pointer = ["", "paths", template, request.method.toLowerCase(), "responses", status, "content", type, "schema"]
      .map(pointerSegment)
      .join("/");
    const checked = await fetch(`${OPENAPI_VALIDATOR_ORIGIN}/answer`, {
      method: "POST",
      body: JSON.stringify({ document, pointer, value: JSON.parse(body) }),
    });
    expect(await checked.json(), `${where}: ${body.slice(0, 300)}`).toEqual({ valid: true, errors: [] });
  }
  return res;
}

describe("real answers, as the document lists them", () => {
  it("answers each sampled route with a listed status, media type and body", { timeout: 60_000 }, async () => {
    const account = await signUpAndConfirm();
    const ip = "10.9.8.7";
    const login = await expectAsDocumented(
      "/auth/login",
      apiRequest("POST", "/auth/login", { email: account.email, password: account.password }, { ip }),
    );
    const { token, user } = await login.json<Json>();
    const as = (method: string, path: string, body?: unknown) => apiRequest(method, path, body, { token });
    const { fileId } = await storeTranscript(user);
    const check = (template: string, method: string, path: string, body?: unknown) => expectAsDocumented(template, as(method, path, body));

    // An upload by link: its raw bytes (no answer body), confirmed (201), then confirmed again (200, the same file).
    // First, so the transcription it starts is over before the test ends.
    const bytes = wav(1);
    const { upload_url, key } = await requestUploadUrl(token, "take.wav", "audio/wav", bytes.length);
    expect((await expectAsDocumented("/storage/upload", new Request(upload_url, { method: "PUT", body: bytes }))).status).toBe(200);
    const confirm = { filename: "take.wav", key, file_size: bytes.length, content_type: "audio/wav", duration_seconds: 1 };
    for (const status of [201, 200])
      expect((await check("/audio_files/confirm-upload", "POST", "/audio_files/confirm-upload", confirm)).status).toBe(status);

    const json = async (template: string, method: string, path: string, body?: unknown) =>
      (await (await check(template, method, path, body)).json<Json>()).data;

    await check("/auth/config", "GET", "/auth/config");
    await check("/auth/validate", "GET", "/auth/validate");
    await check("/service/configuration", "GET", "/service/configuration");
    await check("/openapi.json", "GET", "/openapi.json");
    await check("/transcripts/{id}", "GET", "/transcripts/not-a-file");
    await check("/transcripts/{id}", "GET", `/transcripts/${fileId}`);
    const list = (await json("/transcripts/{id}/utterances", "GET", `/transcripts/${fileId}/utterances`)).data;
    await check("/transcripts/{id}/utterances", "GET", `/transcripts/${fileId}/utterances?format=compact`);
    await check("/transcripts/{id}/speakers", "GET", `/transcripts/${fileId}/speakers`);
    await check("/transcripts/{id}/export-options", "GET", `/transcripts/${fileId}/export-options`);
    await check("/transcripts/{id}/replace", "POST", `/transcripts/${fileId}/replace`, { find: "u0w1", replace: "again" });
    await check("/transcripts/{id}/edit-history", "GET", `/transcripts/${fileId}/edit-history`);
    await check("/transcripts/{id}/edit-history/undo", "POST", `/transcripts/${fileId}/edit-history/undo`);
    const [first] = list[0].transcriptWords;
    const words = { start_word_id: first.id, end_word_id: first.id };
    await check("/transcripts/{id}/comments", "POST", `/transcripts/${fileId}/comments`, { ...words, body: "Check this" });
    await check("/transcripts/{id}/comments", "GET", `/transcripts/${fileId}/comments`);
    await check("/comments/mentions", "GET", "/comments/mentions");
    await check("/transcripts/{id}/highlights", "POST", `/transcripts/${fileId}/highlights`, { ...words, label: "Quote" });
    // Not the DOCX: writing one first loads its module, seconds this test does not need (its type comes from the same table).
    await check("/transcripts/{id}/highlights/export", "GET", `/transcripts/${fileId}/highlights/export?format=txt`);
    await settleIndexes();
    await check("/search", "GET", "/search?q=u1w1");
    await check("/workspaces/{id}/activity", "GET", `/workspaces/${user.id}/activity`);
    await check("/dev/outbox", "GET", "/dev/outbox");

    // A visitor's side of a share link, media included (stored where the file says it is).
    await env.MEDIA.put(`users/${user.id}/${fileId}/take.wav`, wav(1), { httpMetadata: { contentType: "audio/wav" } });
    const share = await json("/audio_files/{id}/shares", "POST", `/audio_files/${fileId}/shares`, { include_media: true });
    const secret = new URL(share.url).pathname.split("/").at(-1);
    await check("/shared/{secret}", "GET", `/shared/${secret}`);
    await check("/shared/{secret}/utterances", "GET", `/shared/${secret}/utterances?format=compact`);
    for (const format of ["txt", "srt", "vtt"])
      await check("/shared/{secret}/export/{format}", "GET", `/shared/${secret}/export/${format}`);
    const { url } = await json("/shared/{secret}/media", "GET", `/shared/${secret}/media`);
    await expectAsDocumented("/shared-media/{token}", new Request(url, { headers: { range: "bytes=0-99" } }));
    await expectAsDocumented("/shared-media/{token}", new Request(url, { method: "HEAD" }));

    const exportKey = `users/${user.id}/exports/${crypto.randomUUID()}/take.pdf`;
    await env.MEDIA.put(exportKey, "%PDF-1.7", { httpMetadata: { contentType: "application/pdf" } });
    const exported = await mediaLink(getConfig(env), "http://localhost", exportKey, { download: true, filename: "take.pdf" });
    // A media link to an export: a download, whatever the export's own type.
    await expectAsDocumented("/storage/media", new Request(exported));
  });
});
