// Stands in for "zod/v4/core" where the OpenAPI document's converter (@standard-community/standard-json,
// through hono-openapi) imports it dynamically for toJSONSchema alone (wrangler.toml's [alias]).
// Imported whole, that namespace carries zod's every locale: 400 KB the Worker would load at start-up.
import * as z from "zod";

export const toJSONSchema = z.toJSONSchema;
