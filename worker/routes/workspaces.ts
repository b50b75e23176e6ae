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
import { closeMemberSockets } from "../live/member-sockets";
import { createWorkspace, deleteWorkspace, listWorkspaces, renameWorkspace, toWorkspaceDto } from "../workspaces/workspaces";
import { z } from "zod";

const activityQuery = z.object({ before: z.coerce.number().int().positive().optional() });

/** Workspaces, their members, invitations and log. A workspace the caller is not in is 404, a role without the right 403. */
export const workspaceRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => c.json({ data: await listWorkspaces(c.var.db, c.var.user.id) }, 200))
  .post("/", validate("json", workspaceNameSchema), async (c) => {
    return c.json({ data: await createWorkspace(c.var.db, c.var.user, c.req.valid("json").name) }, 201);
  })
  .get("/:id", async (c) => {
    const { workspace, role } = await membershipOf(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: toWorkspaceDto(workspace, role) }, 200);
  })
  .patch("/:id", validate("json", workspaceNameSchema), async (c) => {
    const membership = await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage");
    return c.json({ data: await renameWorkspace(c.var.db, c.var.user, membership, c.req.valid("json").name) }, 200);
  })
  .delete("/:id", async (c) => {
    await deleteWorkspace(c.env, c.var.db, await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage"));
    return c.json({ message: "Workspace deleted" }, 200);
  })
  .get("/:id/members", async (c) => {
    const { workspace } = await membershipOf(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: await listMembers(c.var.db, workspace.id) }, 200);
  })
  .patch("/:id/members/:userId", validate("json", memberUpdateSchema), async (c) => {
    const membership = await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage");
    const member = await changeRole(c.var.db, c.var.user, membership, c.req.param("userId"), c.req.valid("json").role);
    return c.json({ data: member }, 200);
  })
  .delete("/:id/members/:userId", async (c) => {
    const userId = c.req.param("userId");
    // Anyone may leave; removing someone else is an owner's act.
    const membership =
      userId === c.var.user.id
        ? await membershipOf(c.var.db, c.var.user.id, c.req.param("id"))
        : await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage");
    await removeMember(c.var.db, c.var.user, membership, userId);
    // Their file sockets on the workspace's files close now, not at their next request.
    await closeMemberSockets(c.env, membership.workspace.id, userId);
    return c.json({ message: userId === c.var.user.id ? "You left the workspace" : "Member removed" }, 200);
  })
  .post("/:id/invitations", validate("json", invitationCreateSchema), async (c) => {
    const membership = await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage");
    const deps = { db: c.var.db, config: c.var.config, mailer: createMailer(c.env, c.var.config, c.var.db) };
    return c.json({ data: await createInvitation(deps, c.var.user, membership, c.req.valid("json")) }, 201);
  })
  .get("/:id/invitations", async (c) => {
    const { workspace } = await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage");
    return c.json({ data: await listInvitations(c.var.db, workspace.id) }, 200);
  })
  .get("/:id/activity", validate("query", activityQuery), async (c) => {
    const { workspace } = await requireRole(c.var.db, c.var.user.id, c.req.param("id"), "manage");
    return c.json({ data: await listActivity(c.var.db, workspace.id, c.req.valid("query").before) }, 200);
  });
