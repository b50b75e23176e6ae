import { Hono } from "hono";
import { apiTokenCreateSchema } from "../../common/api-tokens";
import { createApiToken, listApiTokens, revokeApiToken } from "../auth/api-tokens";
import { requireSession } from "../auth/middleware";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";
import { apiTokenDtoSchema } from "../../common/response-schemas";
import { dataOf, listOf, messageSchema, routeDocs } from "../lib/openapi";

const doc = routeDocs("API tokens");

/** The signed-in user's personal API tokens; a token cannot manage tokens. */
export const apiTokenRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get("/", doc({ summary: "List your API tokens", access: "session", response: listOf(apiTokenDtoSchema) }), async (c) =>
    c.json({ data: await listApiTokens(c.var.db, c.var.user.id) }, 200),
  )
  .post(
    "/",
    doc({
      summary: "Create an API token",
      description: "The answer is the only one that carries the secret (`token`); it is stored as a hash.",
      access: "session",
      status: 201,
      response: dataOf(apiTokenDtoSchema),
    }),
    validate("json", apiTokenCreateSchema, [{ name: "Nightly uploads", scopes: ["read", "write"], expires_in_days: 90 }]),
    async (c) => {
      const created = await createApiToken(c.var.db, c.var.user.id, c.req.valid("json"));
      c.header("Cache-Control", "no-store");
      // The only answer that carries the secret: it is stored as a hash.
      return c.json({ data: created }, 201);
    },
  )
  .delete("/:id", doc({ summary: "Revoke an API token", access: "session", response: messageSchema, errors: [404] }), async (c) => {
    await revokeApiToken(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ message: "API token revoked" }, 200);
  });
