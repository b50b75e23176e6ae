// What comes back from env.AI.run for the speech models: errors sorted into
// permanent (the input is bad) and retryable, and results that may arrive as
// a stream, text or a wrapped object.
import { asRecord } from "./segmenting";
import { PermanentTranscriptionError } from "./types";

// Workers AI error codes that say the request itself is bad, so a retry cannot help:
// 3003 incomplete request, 3006 request too large, 5004 invalid data.
const BAD_INPUT_CODES = /^(?:[A-Za-z]+Error:\s*)?(3003|3006|5004):/;
const BAD_INPUT_TEXT =
  /\b(corrupt|unsupported|invalid|malformed|could not decode|failed to decode)\b[^.]*\b(audio|media|data|file|format|input)\b/i;

/** An error from `env.AI.run`: permanent when it clearly blames the input, otherwise retryable. */
export function workersAiError(error: unknown, service: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (BAD_INPUT_CODES.test(message.trim()) || BAD_INPUT_TEXT.test(message)) {
    return new PermanentTranscriptionError(`${service} could not transcribe this file: ${message}`);
  }
  return new Error(`${service} request failed: ${message}`, { cause: error });
}

/** Workers AI answers JSON, but depending on the response headers the binding may hand back a stream or text. */
export async function readAiResult(result: unknown): Promise<unknown> {
  if (result instanceof ReadableStream) result = await new Response(result).text();
  if (typeof result === "string") {
    try {
      return JSON.parse(result);
    } catch {
      throw new Error("Workers AI returned a response that is not JSON");
    }
  }
  // Some gateways wrap the model output as { result: ... }.
  const record = asRecord(result);
  if (record && !("results" in record) && !("segments" in record) && !("text" in record) && asRecord(record.result)) {
    return record.result;
  }
  return result;
}
