import { zValidator } from "@hono/zod-validator";
import type { ZodType } from "zod";
import { errorBody } from "./errors";

type Target = "json" | "query" | "param";

/** zod validation for every input; failures answer 422 with the schema's own texts. */
export function validate<T extends ZodType, K extends Target>(target: K, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      return c.json(errorBody(result.error.issues.map((issue) => issue.message)), 422);
    }
  });
}
