import { useQuery } from "@tanstack/react-query";
import type { WorkspaceRole } from "../../../common/workspaces";
import { api, call } from "./client";

export const workspaceKeys = {
  all: ["workspaces"] as const,
  members: (id: string) => ["workspaces", id, "members"] as const,
  invitations: (id: string) => ["workspaces", id, "invitations"] as const,
  activity: (id: string) => ["workspaces", id, "activity"] as const,
};

const ws = api.workspaces[":id"];

/** Workspaces, members, invitations and the log (docs/api.md, "Workspaces"). */
export const workspaceApi = {
  list: async () => (await call(api.workspaces.$get())).data,
  create: async (name: string) => (await call(api.workspaces.$post({ json: { name } }), "Could not create the workspace")).data,
  rename: async (id: string, name: string) =>
    (await call(ws.$patch({ param: { id }, json: { name } }), "Could not rename the workspace")).data,
  remove: async (id: string) => call(ws.$delete({ param: { id } }), "Could not delete the workspace"),
  members: async (id: string) => (await call(ws.members.$get({ param: { id } }))).data,
  changeRole: async (id: string, userId: string, role: WorkspaceRole) =>
    (await call(ws.members[":userId"].$patch({ param: { id, userId }, json: { role } }), "Could not change the role")).data,
  /** The answer lists the share links the member made on the workspace's files. */
  removeMember: async (id: string, userId: string) =>
    (await call(ws.members[":userId"].$delete({ param: { id, userId } }), "Could not remove the member")).data,
  revokeMemberShares: async (id: string, userId: string) =>
    (await call(ws.members[":userId"].shares.$delete({ param: { id, userId } }), "Could not revoke the share links")).data,
  invite: async (id: string, email: string, role: WorkspaceRole) =>
    (await call(ws.invitations.$post({ param: { id }, json: { email, role } }), "Could not send the invitation")).data,
  invitations: async (id: string) => (await call(ws.invitations.$get({ param: { id } }))).data,
  resend: async (invitationId: string) =>
    (await call(api.invitations[":id"].resend.$post({ param: { id: invitationId } }), "Could not resend the invitation")).data,
  revoke: async (invitationId: string) =>
    call(api.invitations[":id"].$delete({ param: { id: invitationId } }), "Could not revoke the invitation"),
  preview: async (token: string) => (await call(api.invitations.preview.$post({ json: { token } }), "Could not read the invitation")).data,
  accept: async (token: string) => (await call(api.invitations.accept.$post({ json: { token } }), "Could not accept the invitation")).data,
  activity: async (id: string) => (await call(ws.activity.$get({ param: { id }, query: {} }))).data,
};

export const useWorkspaces = () => useQuery({ queryKey: workspaceKeys.all, queryFn: workspaceApi.list });
