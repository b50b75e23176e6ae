import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { askSchema } from "../../common/ask";
import { MESSAGES } from "../../common/messages";
import { askAnswerSchema } from "../../common/response-schemas";
import { prepareQuestion } from "../ask/ask";
import { requireAuth } from "../auth/middleware";
import { ApiError } from "../lib/errors";
import { dataOf, routeDocs } from "../lib/openapi";
import { limitPerUser } from "../lib/user-rate-limit";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";
import { transcriptAccessOf, workspaceFor } from "../workspaces/access";

/**
 * `POST /ask`: a question about one file (`file_id`) or every file of a workspace, answered from
 * the retrieved utterances with citations. `Accept: text/event-stream` streams it as events:
 * citations, token…, then done or error; the client closing the stream stops the model.
 */
export const askRoutes = new Hono<AppEnv>().use(requireAuth).post(
  "/",
  routeDocs("Ask")({
    summary: "Ask a question of a file or of the library",
    description:
      "The answer is built only from the utterances retrieved for the question, which it cites as [1], [2]… " +
      "(`citations`); when none is found it says so and no model is called. `Accept: text/event-stream` streams " +
      "the events `citations`, `token`…, then `done` (this answer) or `error`.",
    response: dataOf(askAnswerSchema),
    errors: [404, 502, 503],
  }),
  validate("json", askSchema, [{ question: "What did they decide about the launch date?" }]),
  limitPerUser("ask"),
  async (c) => {
    const { question, file_id, workspace_id } = c.req.valid("json");
    const { db, user } = c.var;
    const scope = file_id
      ? { fileId: file_id, workspaceId: await transcriptAccessOf(db, user.id, file_id, "read") }
      : { workspaceId: await workspaceFor(db, user.id, workspace_id, "read") };
    const prepared = await prepareQuestion(c.env, c.var.config, user, question, scope);

    if (!/text\/event-stream/.test(c.req.header("accept") ?? "")) {
      return c.json({ data: await prepared.answer({ signal: c.req.raw.signal }) }, 200);
    }
    return streamSSE(c, async (stream) => {
      const stop = new AbortController();
      stream.onAbort(() => stop.abort());
      c.req.raw.signal.addEventListener("abort", () => stop.abort());
      const send = (event: string, data: unknown) => stream.writeSSE({ event, data: JSON.stringify(data) });
      await send("citations", { citations: prepared.citations });
      try {
        const done = await prepared.answer({ signal: stop.signal, onToken: (text) => send("token", { text }) });
        await send("done", done);
      } catch (error) {
        if (stop.signal.aborted) return;
        if (!(error instanceof ApiError)) console.error("Ask failed", error);
        await send("error", { error: error instanceof ApiError ? error.message : MESSAGES.internalError });
      }
    });
  },
);
