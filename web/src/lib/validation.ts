import type { ZodType } from "zod";

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
