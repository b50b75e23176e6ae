import { validator } from "hono-openapi";
import type { ZodType } from "zod";
import { errorBody } from "./errors";

type Target = "json" | "query" | "param";

/**
 * zod validation for every input; failures answer 422 with the schema's own texts. The same
 * schema describes the input in the OpenAPI document; `examples` (checked against the schema by
 * tests/worker/openapi.test.ts) are shown with it.
 */
export function validate<T extends ZodType, K extends Target>(target: K, schema: T, examples?: unknown[]) {
  return validator(
    target,
    schema,
    (result, c) => {
      if (!result.success) {
        return c.json(errorBody(result.error.map((issue) => issue.message)), 422);
      }
    },
    examples && exampleOption(schema, examples),
  );
}

/**
 * zod drops `examples` set with `.meta()` from the input side of a schema that transforms
 * (they would be output values), so they are set on the generated root schema instead.
 */
const exampleOption = (schema: ZodType, examples: unknown[]) => ({
  options: {
    // Setting an override replaces the library's options for zod: keep its `unrepresentable` too.
    unrepresentable: "any",
    override: (ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }) => {
      if (ctx.zodSchema === schema) ctx.jsonSchema.examples = examples;
    },
  },
});
