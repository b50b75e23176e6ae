import { Hono } from "hono";
import { invitationCreateSchema, memberUpdateSchema, workspaceNameSchema } from "../../common/workspaces";
import { requireAuth } from "../auth/middleware";
import { validate } from "../lib/validate";
import { createMailer } from "../mail/mailer";
import type { AppEnv } from "../types";
import { membershipOf, requireRole } from "../workspaces/access";
import { listActivity } from "../workspaces/activity";
import { createInvitation, listInvitations } from "../workspaces/invitations";
import { changeRole, listMembers, removeMember } from "../workspaces/members";
import { revokeSharesMadeBy, sharesMadeBy } from "../workspaces/member-shares";
import { closeMemberSockets } from "../live/member-sockets";
import { createWorkspace, deleteWorkspace, listWorkspaces, renameWorkspace, toWorkspaceDto } from "../workspaces/workspaces";
import * as z from "zod";
import {
  activityDtoSchema,
  invitationDtoSchema,
  memberDtoSchema,
  memberShareDtoSchema,
  workspaceDtoSchema,
} from "../../common/response-schemas";
import { dataOf, listOf, messageSchema, routeDocs } from "../lib/openapi";

const doc = routeDocs("Workspaces");

const activityQuery = z.object({ before: z.coerce.number().int().positive().optional() });
const memberParams = z.object({ id: z.string().min(1).max(100), userId: z.string().min(1).max(100) });

/** Workspaces, their members, invitations and log. A workspace the caller is not in is 404, a role without the right 403. */
export const workspaceRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", doc({ summary: "List your workspaces", response: listOf(workspaceDtoSchema) }), async (c) =>
    c.json({ data: await listWorkspaces(c.var.db, c.var.user.id) }, 200),
  )
  .post(
    "/",
    doc({ summary: "Create a workspace", status: 201, response: dataOf(workspaceDtoSchema), errors: [409] }),
    validate("json", workspaceNameSchema),
    async (c) => {
      return c.json({ data: await createWorkspace(c.var.db, c.var.user, c.req.valid("json").name) }, 201);
    },
  )
  .get("/:id", doc({ summary: "Get a workspace", response: dataOf(workspaceDtoSchema), errors: [404] }), async (c) => {
    const { workspace, role } = await membershipOf(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: toWorkspaceDto(workspace, role) }, 200);
  })
  .patch(
    "/:id",
    doc({ summary: "Rename a workspace", response: dataOf(workspaceDtoSchema), errors: [404] }),
    validate("json", workspaceNameSchema),
    async (c) => {
      const membership = await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage");
      return c.json({ data: await renameWorkspace(c.var.db, c.var.user, membership, c.req.valid("json").name) }, 200);
    },
  )
  .delete("/:id", doc({ summary: "Delete a workspace and its files", response: messageSchema, errors: [404, 409] }), async (c) => {
    await deleteWorkspace(c.env, c.var.db, await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage"));
    return c.json({ message: "Workspace deleted" }, 200);
  })
  .get("/:id/members", doc({ summary: "List a workspace's members", response: listOf(memberDtoSchema), errors: [404] }), async (c) => {
    const { workspace } = await membershipOf(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: await listMembers(c.var.db, workspace.id) }, 200);
  })
  .patch(
    "/:id/members/:userId",
    doc({ summary: "Change a member's role", response: dataOf(memberDtoSchema), errors: [404, 409] }),
    validate("json", memberUpdateSchema),
    async (c) => {
      const membership = await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage");
      const member = await changeRole(c.var.db, c.var.user, membership, c.req.param("userId"), c.req.valid("json").role);
      return c.json({ data: member }, 200);
    },
  )
  .delete(
    "/:id/members/:userId",
    doc({
      summary: "Remove a member, or leave",
      description:
        "The answer lists the share links the member made on the workspace's files: they keep working for whoever holds them until revoked (`DELETE /workspaces/{id}/members/{user_id}/shares`).",
      response: z.object({ message: z.string(), data: z.object({ share_links: z.array(memberShareDtoSchema) }) }),
      errors: [404, 409],
    }),
    validate("param", memberParams),
    async (c) => {
      const { id, userId } = c.req.valid("param");
      // Anyone may leave; removing someone else is an owner's act.
      const membership =
        userId === c.var.user.id
          ? await membershipOf(c.var.db, c.var.user.id, id)
          : await requireRole(c.var.db, c.var.user.id, id, "manage");
      await removeMember(c.var.db, c.var.user, membership, userId);
      // Their file sockets on the workspace's files close now, not at their next request.
      await closeMemberSockets(c.env, membership.workspace.id, userId);
      const shareLinks = await sharesMadeBy(c.var.db, membership.workspace.id, userId);
      return c.json(
        { message: userId === c.var.user.id ? "You left the workspace" : "Member removed", data: { share_links: shareLinks } },
        200,
      );
    },
  )
  .get(
    "/:id/members/:userId/shares",
    doc({
      summary: "Share links a member (or former member) made on the workspace's files",
      description: "Owners only; expired links too, newest first.",
      response: listOf(memberShareDtoSchema),
      errors: [404],
    }),
    validate("param", memberParams),
    async (c) => {
      const { id, userId } = c.req.valid("param");
      const { workspace } = await requireRole(c.var.db, c.var.user.id, id, "manage");
      return c.json({ data: await sharesMadeBy(c.var.db, workspace.id, userId) }, 200);
    },
  )
  .delete(
    "/:id/members/:userId/shares",
    doc({
      summary: "Revoke every share link a member (or former member) made on the workspace's files",
      description: "Owners only. The links stop working from the next request.",
      response: z.object({ message: z.string(), data: z.object({ revoked: z.number().int() }) }),
      errors: [404],
    }),
    validate("param", memberParams),
    async (c) => {
      const { id, userId } = c.req.valid("param");
      const { workspace } = await requireRole(c.var.db, c.var.user.id, id, "manage");
      const revoked = await revokeSharesMadeBy(c.var.db, workspace.id, userId);
      return c.json({ message: `${revoked} share ${revoked === 1 ? "link" : "links"} revoked`, data: { revoked } }, 200);
    },
  )
  .post(
    "/:id/invitations",
    doc({ summary: "Invite someone by e-mail", status: 201, response: dataOf(invitationDtoSchema), errors: [404, 409, 429] }),
    validate("json", invitationCreateSchema),
    async (c) => {
      const membership = await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage");
      const deps = { db: c.var.db, config: c.var.config, mailer: createMailer(c.env, c.var.config, c.var.db) };
      return c.json({ data: await createInvitation(deps, c.var.user, membership, c.req.valid("json")) }, 201);
    },
  )
  .get(
    "/:id/invitations",
    doc({ summary: "List a workspace's open invitations", response: listOf(invitationDtoSchema), errors: [404] }),
    async (c) => {
      const { workspace } = await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage");
      return c.json({ data: await listInvitations(c.var.db, workspace.id) }, 200);
    },
  )
  .get(
    "/:id/activity",
    doc({ summary: "A workspace's activity log", response: listOf(activityDtoSchema), errors: [404] }),
    validate("query", activityQuery),
    async (c) => {
      const { workspace } = await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage");
      return c.json({ data: await listActivity(c.var.db, workspace.id, c.req.valid("query").before) }, 200);
    },
  );
