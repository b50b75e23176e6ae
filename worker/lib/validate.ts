import { validator } from "hono-openapi";
import type { ZodType } from "zod";
import { errorBody } from "./errors";

type Target = "json" | "query" | "param";

/**
 * zod validation for every input; failures answer 422 with the schema's own texts. The same
 * schema documents the input in the OpenAPI document (worker/openapi/document.ts).
 */
export function validate<T extends ZodType, K extends Target>(target: K, schema: T) {
  return validator(target, schema, (result, c) => {
    if (!result.success) {
      return c.json(errorBody(result.error.map((issue) => issue.message)), 422);
    }
  });
}
