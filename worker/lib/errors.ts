import type { ContentfulStatusCode } from "hono/utils/http-status";

/** A failure with a message meant for the user; answered as `{ error }`, with `headers` if given (a 429's Retry-After). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message = "Not found") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const unprocessable = (message: string) => new ApiError(422, message);
export const tooManyRequests = (message: string) => new ApiError(429, message);

/** `{error}` for one message, `{errors}` for several (docs/product.md#texts). */
export function errorBody(messages: string[]): { error: string } | { errors: string[] } {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? { error: unique[0]! } : { errors: unique };
}
