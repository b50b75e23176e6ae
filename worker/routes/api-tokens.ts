import { Hono } from "hono";
import { apiTokenCreateSchema } from "../../common/api-tokens";
import { createApiToken, listApiTokens, revokeApiToken } from "../auth/api-tokens";
import { requireSession } from "../auth/middleware";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";

/** The signed-in user's personal API tokens; a token cannot manage tokens. */
export const apiTokenRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get("/", async (c) => c.json({ data: await listApiTokens(c.var.db, c.var.user.id) }, 200))
  .post("/", validate("json", apiTokenCreateSchema), async (c) => {
    const created = await createApiToken(c.var.db, c.var.user.id, c.req.valid("json"));
    c.header("Cache-Control", "no-store");
    // The only answer that carries the secret: it is stored as a hash.
    return c.json({ data: created }, 201);
  })
  .delete("/:id", async (c) => {
    await revokeApiToken(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ message: "API token revoked" }, 200);
  });
