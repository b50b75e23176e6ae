import { MESSAGES } from "../../../common/messages";

/** A failed call, carrying the text to show (docs/product.md#texts). */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/** The response's error field; else its errors joined with commas; else null. */
export function messageFromBody(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const { error, errors } = body as { error?: unknown; errors?: unknown };
  if (typeof error === "string" && error) return error;
  if (Array.isArray(errors) && errors.length) return errors.map(String).join(", ");
  return null;
}

/** Text shown for a failed call: the error's message, else the default. */
export function describeError(error: unknown, fallback: string = MESSAGES.genericError): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
