import type { Context } from "hono";
import type { TypedResponse } from "hono/types";
import type { JSONParsed } from "hono/utils/types";

/**
 * `{"data": <json>}` from JSON text the store wrote, sent as it is (parsing it only to
 * serialise it again costs tens of milliseconds on a 3-hour transcript); typed as what it holds
 * for the typed client.
 */
export function dataAsJsonText<T>(c: Context, json: string) {
  return c.body(`{"data":${json}}`, 200, { "content-type": "application/json; charset=UTF-8" }) as unknown as Response &
    TypedResponse<JSONParsed<{ data: T }>, 200, "json">;
}
