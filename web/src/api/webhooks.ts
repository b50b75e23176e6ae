import { useQuery } from "@tanstack/react-query";
import type { WebhookEvent, WebhookUpdate } from "../../../common/webhooks";
import { api, call } from "./client";

export const webhookKeys = {
  list: (workspaceId: string) => ["workspaces", workspaceId, "webhooks"] as const,
  deliveries: (id: string) => ["webhooks", id, "deliveries"] as const,
};

const hook = api.webhooks[":id"];

/** A workspace's webhooks, for its owners (docs/api.md, "Webhooks"). */
export const webhookApi = {
  list: async (workspaceId: string) => (await call(api.webhooks.$get({ query: { workspace_id: workspaceId } }))).data,
  /** The answer is the only one that carries the secret. */
  create: async (workspaceId: string, url: string, events: WebhookEvent[]) =>
    (await call(api.webhooks.$post({ json: { url, events, workspace_id: workspaceId } }), "Could not add the webhook")).data,
  update: async (id: string, change: WebhookUpdate) =>
    (await call(hook.$patch({ param: { id }, json: change }), "Could not change the webhook")).data,
  remove: async (id: string) => call(hook.$delete({ param: { id } }), "Could not delete the webhook"),
  test: async (id: string) => call(hook.test.$post({ param: { id } }), "Could not send a test event"),
  deliveries: async (id: string) => (await call(hook.deliveries.$get({ param: { id } }))).data,
};

export const useWebhooks = (workspaceId: string) =>
  useQuery({ queryKey: webhookKeys.list(workspaceId), queryFn: () => webhookApi.list(workspaceId) });
