import { Hono } from "hono";
import { invitationAcceptSchema } from "../../common/workspaces";
import { requireAuth } from "../auth/middleware";
import { validate } from "../lib/validate";
import { createMailer } from "../mail/mailer";
import type { AppEnv } from "../types";
import { acceptInvitation, invitationToManage, previewInvitation, resendInvitation, revokeInvitation } from "../workspaces/invitations";
import * as z from "zod";
import { invitationDtoSchema } from "../../common/response-schemas";
import { WORKSPACE_ROLES } from "../../common/workspaces";
import { dataOf, messageSchema, routeDocs } from "../lib/openapi";

const doc = routeDocs("Workspaces");

/**
 * What a link's invitation is (anyone holding its token: the page names the workspace before
 * sign-in), one invitation by id (its workspace's owners only; anyone else gets 404), and accepting by token.
 */
export const invitationRoutes = new Hono<AppEnv>()
  .post(
    "/preview",
    doc({
      summary: "What an invitation's token invites to",
      description: "The workspace's name, who sent the invitation and the role it gives; no sign-in needed, the token is the key.",
      access: "public",
      response: dataOf(z.object({ workspace_name: z.string(), invited_by: z.string().nullable(), role: z.enum(WORKSPACE_ROLES) })),
      errors: [404],
    }),
    validate("json", invitationAcceptSchema),
    async (c) => c.json({ data: await previewInvitation(c.var.db, c.req.valid("json").token) }, 200),
  )
  .use(requireAuth)
  .post(
    "/accept",
    doc({
      summary: "Accept an invitation by its token",
      response: dataOf(z.object({ workspace_id: z.string(), role: z.enum(WORKSPACE_ROLES) })),
      responseDescription: "The workspace joined and the role in it",
      errors: [404, 409],
    }),
    validate("json", invitationAcceptSchema),
    async (c) => {
      return c.json({ data: await acceptInvitation(c.var.db, c.var.user, c.req.valid("json").token) }, 200);
    },
  )
  .post(
    "/:id/resend",
    doc({ summary: "Send an invitation again", response: dataOf(invitationDtoSchema), errors: [404, 429] }),
    async (c) => {
      const { invitation, membership } = await invitationToManage(c.var.db, c.var.user.id, c.req.param("id"));
      const deps = { db: c.var.db, config: c.var.config, mailer: createMailer(c.env, c.var.config, c.var.db) };
      return c.json({ data: await resendInvitation(deps, c.var.user, membership, invitation) }, 200);
    },
  )
  .delete("/:id", doc({ summary: "Revoke an invitation", response: messageSchema, errors: [404] }), async (c) => {
    const { invitation } = await invitationToManage(c.var.db, c.var.user.id, c.req.param("id"));
    await revokeInvitation(c.var.db, c.var.user, invitation);
    return c.json({ message: "Invitation revoked" }, 200);
  });
