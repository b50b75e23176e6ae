import { type Context, Hono } from "hono";
import { COMMENT_MESSAGES, commentCreateSchema, commentUpdateSchema, replyCreateSchema } from "../../common/comments";
import { requireAuth } from "../auth/middleware";
import { createThread, deleteComment, replyTo, updateComment } from "../comments/threads";
import { openMentions } from "../comments/records";
import { validate } from "../lib/validate";
import { readComments } from "../transcripts/store";
import { clientId } from "../transcripts/edit-endpoint";
import type { AppEnv } from "../types";
import { type CommentTarget, commentOf, fileCommentsOf } from "../workspaces/access";
import { dataOf, listOf, messageSchema, routeDocs } from "../lib/openapi";
import * as z from "zod";
import { commentDtoSchema, mentionDtoSchema } from "../../common/response-schemas";

const doc = routeDocs("Comments");
const docT = routeDocs("Transcripts");

const call = (c: Context<AppEnv>, target: CommentTarget) => ({
  env: c.env,
  config: c.var.config,
  db: c.var.db,
  user: c.var.user,
  target,
  clientId: clientId(c),
});

/** `/transcripts/{id}/comments` (the audio file's id): members read, commenters and up write. */
export const transcriptCommentRoutes = new Hono<AppEnv>()
  .get(
    "/:id/comments",
    docT({ summary: "List a transcript's comment threads", response: listOf(commentDtoSchema), errors: [404] }),
    async (c) => {
      const target = await fileCommentsOf(c.var.db, c.var.user.id, c.req.param("id"), "read");
      return c.json({ data: await readComments(c.env, target.fileId) }, 200);
    },
  )
  .post(
    "/:id/comments",
    docT({ summary: "Start a comment thread", status: 201, response: dataOf(commentDtoSchema), errors: [404] }),
    validate("json", commentCreateSchema),
    async (c) => {
      const target = await fileCommentsOf(c.var.db, c.var.user.id, c.req.param("id"), "comment");
      return c.json({ data: await createThread(call(c, target), c.req.valid("json")) }, 201);
    },
  );

/** `/comments/{id}`: one thread or reply by its id; a stranger's is 404. */
export const commentRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/mentions",
    doc({
      summary: "List open threads that mention you",
      response: z.object({ data: z.array(mentionDtoSchema), meta: z.object({ total: z.number().int() }) }),
    }),
    async (c) => {
      const { data, total } = await openMentions(c.var.db, c.var.user.id);
      return c.json({ data, meta: { total } }, 200);
    },
  )
  .post(
    "/:id/replies",
    doc({
      summary: "Reply to a thread",
      status: 201,
      response: dataOf(commentDtoSchema),
      responseDescription: "The thread with the reply",
      errors: [404],
    }),
    validate("json", replyCreateSchema),
    async (c) => {
      const target = await commentOf(c.var.db, c.var.user.id, c.req.param("id"), "comment");
      return c.json({ data: await replyTo(call(c, target), c.req.param("id"), c.req.valid("json")) }, 201);
    },
  )
  .patch(
    "/:id",
    doc({
      summary: "Edit, resolve or reopen a comment",
      response: dataOf(commentDtoSchema),
      responseDescription: "Its thread",
      errors: [404],
    }),
    validate("json", commentUpdateSchema),
    async (c) => {
      const target = await commentOf(c.var.db, c.var.user.id, c.req.param("id"), "comment");
      return c.json({ data: await updateComment(call(c, target), c.req.param("id"), c.req.valid("json")) }, 200);
    },
  )
  .delete("/:id", doc({ summary: "Delete a comment", response: messageSchema, errors: [404] }), async (c) => {
    const target = await commentOf(c.var.db, c.var.user.id, c.req.param("id"), "comment");
    await deleteComment(call(c, target), c.req.param("id"));
    return c.json({ message: COMMENT_MESSAGES.deleted }, 200);
  });
