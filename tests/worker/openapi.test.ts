// GET /api/v1/openapi.json: a valid OpenAPI 3.1 document that describes every route of the route
// table, whose examples pass the very validators the routes use.
import { exports } from "cloudflare:workers";
import { uniqueSymbol } from "hono-openapi";
import { findTargetHandler } from "hono/utils/handler";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { OPENAPI_VALIDATOR_ORIGIN } from "../support/openapi-validator";
import { API, type Json } from "./helpers";

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
