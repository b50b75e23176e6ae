// Webhooks (docs/decisions/041-webhooks.md): a workspace tells another system when its files
// are ready or failed, an export completed or a transcript was edited. Events, limits, texts,
// input schemas and answer shapes shared by the worker and the SPA.
import * as z from "zod";
import { workspaceRefSchema } from "./workspaces";

export const WEBHOOK_EVENTS = ["file.ready", "file.failed", "export.completed", "transcript.edited"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_LIMITS = {
  perWorkspace: 10,
  urlMaxLength: 2_000,
  /** A receiver has this long to answer. */
  timeoutMs: 10_000,
  /** Consecutive failed deliveries after which a webhook turns itself off. */
  disableAfterFailures: 20,
  /** transcript.edited is sent at most once a minute per file. */
  editedEverySeconds: 60,
  /** Deliveries kept and listed per webhook. */
  deliveriesKept: 100,
  /** Bytes of a receiver's answer kept in the log. */
  errorLength: 300,
  /** Bytes of a receiver's answer read at most: the rest is cancelled unread. */
  answerReadBytes: 4 * 1024,
} as const;

/** Seconds before each retry of a failed delivery (7 attempts over about 7.5 hours); WEBHOOK_RETRY_SECONDS overrides it. */
export const DEFAULT_RETRY_SECONDS = [60, 300, 1_800, 3_600, 7_200, 14_400] as const;

export const WEBHOOK_HEADERS = { signature: "X-Webhook-Signature", id: "X-Webhook-Id" } as const;

export const WEBHOOK_MESSAGES = {
  notFound: "Webhook not found",
  urlInvalid: "url must be a valid https URL",
  urlTooLong: `url must be ${WEBHOOK_LIMITS.urlMaxLength} characters or less`,
  urlNotPublic: "url must point to a public address (no local, private or metadata addresses)",
  urlCredentials: "url cannot contain a user name or password",
  eventsRequired: `events must list at least one of ${WEBHOOK_EVENTS.join(", ")}`,
  tooMany: `A workspace can have at most ${WEBHOOK_LIMITS.perWorkspace} webhooks`,
  updateEmpty: "Send url, events or enabled",
  deleted: "Webhook deleted",
  testQueued: "Test event queued",
  disabledAfterFailures: `Turned off after ${WEBHOOK_LIMITS.disableAfterFailures} failed deliveries in a row`,
} as const;

const url = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .max(WEBHOOK_LIMITS.urlMaxLength, WEBHOOK_MESSAGES.urlTooLong)
  .pipe(z.url({ error: WEBHOOK_MESSAGES.urlInvalid }));

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventsRequired }), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .transform((list) => [...new Set(list)]);

/** POST /webhooks */
export const webhookCreateSchema = z.strictObject({ url, events, workspace_id: workspaceRefSchema });

/** PATCH /webhooks/{id}: turning one back on clears its failure count. */
export const webhookUpdateSchema = z
  .strictObject({ url: url.optional(), events: events.optional(), enabled: z.boolean().optional() })
  .refine((v) => v.url !== undefined || v.events !== undefined || v.enabled !== undefined, WEBHOOK_MESSAGES.updateEmpty);
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

export interface WebhookDto {
  id: string;
  workspace_id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  /** Failed deliveries in a row (0 after a success). */
  failure_count: number;
  disabled_reason: string | null;
  created_at: string;
}

export interface WebhookDeliveryDto {
  id: string;
  event_id: string;
  type: WebhookEvent | "webhook.test";
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  created_at: string;
}
