// How webhooks and their deliveries read in the workspace dialog.
import { WEBHOOK_EVENTS, type WebhookDeliveryDto, type WebhookDto, type WebhookEvent } from "../../../common/webhooks";

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  "file.ready": "A file is transcribed",
  "file.failed": "A file failed",
  "export.completed": "An export is ready",
  "transcript.edited": "A transcript is edited",
};

/** `events` with `event` turned on or off, in the one order the API lists them. */
export function withEvent(events: readonly WebhookEvent[], event: WebhookEvent, on: boolean): WebhookEvent[] {
  return WEBHOOK_EVENTS.filter((e) => (e === event ? on : events.includes(e)));
}

/** "On", "On · 3 failed deliveries in a row", "Off · <why it turned itself off>". */
export function webhookState(hook: Pick<WebhookDto, "enabled" | "failure_count" | "disabled_reason">): string {
  const parts = [hook.enabled ? "On" : "Off"];
  if (hook.failure_count > 0) parts.push(`${hook.failure_count} failed ${hook.failure_count === 1 ? "delivery" : "deliveries"} in a row`);
  if (!hook.enabled && hook.disabled_reason) parts.push(hook.disabled_reason);
  return parts.join(" · ");
}

/** A receiver's answer: a 2xx is a success; no status is no answer (a timeout, a refused address). */
export function deliveryOutcome(d: Pick<WebhookDeliveryDto, "status_code" | "error">): { ok: boolean; text: string } {
  if (d.status_code === null) return { ok: false, text: "No answer" };
  return { ok: d.status_code >= 200 && d.status_code < 300, text: String(d.status_code) };
}
