import type { ZodType } from "zod";
import { loadOptionalChunk } from "./lazy-chunk";

/** Field → first message, for showing zod errors beside form fields. */
export function fieldErrors(schema: ZodType, value: unknown): Record<string, string> | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[issue.path.length - 1] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

type AuthSchemas = typeof import("../../../common/auth");
type SchemaName = "loginSchema" | "registerSchema" | "forgotPasswordSchema" | "resetPasswordSchema";

/**
 * The account forms' checks, with the same zod schemas the Worker uses, loaded when
 * a form is first submitted: the sign-in pages' first load carries no validation library.
 * Should they fail to download, the form goes ahead unchecked (the Worker checks the same):
 * a sign-in then still happens and is kept, whatever part fails after it.
 */
export async function authFieldErrors(name: SchemaName, value: unknown): Promise<Record<string, string> | null> {
  const schemas: AuthSchemas | null = await loadOptionalChunk(() => import("../../../common/auth"));
  return schemas ? fieldErrors(schemas[name], value) : null;
}
