import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { WebhookDto, WebhookEvent, WebhookUpdate } from "../../../common/webhooks";
import { describeError } from "../api/errors";
import { webhookApi, webhookKeys } from "../api/webhooks";
import { formatDateTime } from "../lib/dates";
import { toast } from "../lib/toasts";
import { deliveryOutcome, webhookState } from "./webhook-text";
import { EventChoices } from "./WebhookEventChoices";
import { FieldError } from "../components/Alert";

/** One webhook: its state, on/off, events, a test event, its deliveries and deletion. */
export function WebhookRow({ hook }: { hook: WebhookDto }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [events, setEvents] = useState<WebhookEvent[]>(hook.events);
  const [busy, setBusy] = useState(false);
  // The switch shows the asked state at once; the list's answer replaces it (or puts it back on an error).
  const [switching, setSwitching] = useState<boolean | null>(null);
  const run = async (action: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await action();
      setError(null);
      if (done) toast(done, "success");
      return true;
    } catch (err) {
      setError(describeError(err));
      return false;
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: webhookKeys.list(hook.workspace_id) });
    }
  };
  const update = (change: WebhookUpdate, done: string) => run(() => webhookApi.update(hook.id, change), done);
  const saveEvents = async () => {
    if (events.length === 0) return setError("Choose at least one event");
    if (await update({ events }, "Webhook events saved")) setEditing(false);
  };
  return (
    <li className="share-row" data-testid="webhook">
      <div className="share-row-head">
        <code className="webhook-url">{hook.url}</code>
        <span data-testid="webhook-state">{webhookState(hook)}</span>
        <span className="muted">{hook.events.join(", ")}</span>
        <span className="muted">Added {formatDateTime(hook.created_at)}</span>
      </div>
      {editing ? (
        <div className="webhook-edit">
          <EventChoices legend={`Events sent to ${hook.url}`} events={events} onChange={setEvents} />
          <button type="button" className="button" disabled={busy} onClick={() => void saveEvents()}>
            Save events
          </button>{" "}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setEditing(false);
              setEvents(hook.events);
            }}
          >
            Cancel
          </button>
        </div>
      ) : null}
      <div className="share-row-options">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={switching ?? hook.enabled}
            disabled={busy}
            onChange={(e) => {
              const enabled = e.target.checked;
              setSwitching(enabled);
              void update({ enabled }, enabled ? "Webhook turned on" : "Webhook turned off").finally(() => setSwitching(null));
            }}
          />
          Enabled<span className="visually-hidden"> for {hook.url}</span>
        </label>
        {!editing && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setEvents(hook.events);
              setEditing(true);
            }}
          >
            Edit events<span className="visually-hidden"> of {hook.url}</span>
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => void run(() => webhookApi.test(hook.id), "Test event sent: refresh the deliveries to see the answer")}
        >
          Send test event<span className="visually-hidden"> to {hook.url}</span>
        </button>
        {!confirming && (
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            Delete...<span className="visually-hidden"> the webhook to {hook.url}</span>
          </button>
        )}
      </div>
      {confirming && (
        <div className="workspace-delete" role="group" aria-label="Delete webhook">
          <p>Delete the webhook to {hook.url}? Nothing more is sent to it and its deliveries are forgotten.</p>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => void run(() => webhookApi.remove(hook.id), "Webhook deleted")}
          >
            Yes, delete
          </button>{" "}
          <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
      <FieldError>{error}</FieldError>
      <Deliveries hook={hook} />
    </li>
  );
}

function Deliveries({ hook }: { hook: WebhookDto }) {
  const [open, setOpen] = useState(false);
  const deliveries = useQuery({
    queryKey: webhookKeys.deliveries(hook.id),
    queryFn: () => webhookApi.deliveries(hook.id),
    enabled: open,
    staleTime: 0,
  });
  return (
    <details className="webhook-deliveries" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Deliveries</summary>
      <button type="button" className="button button--small" disabled={deliveries.isFetching} onClick={() => void deliveries.refetch()}>
        {deliveries.isFetching ? "Refreshing..." : "Refresh"}
        <span className="visually-hidden"> the deliveries to {hook.url}</span>
      </button>
      <FieldError>{deliveries.isError && describeError(deliveries.error)}</FieldError>
      {deliveries.data?.length === 0 && <p className="muted">No deliveries yet.</p>}
      {!!deliveries.data?.length && (
        <div className="webhook-log-scroll">
          <table className="webhook-log">
            <caption className="visually-hidden">Deliveries to {hook.url}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Attempt</th>
                <th scope="col">Status</th>
                <th scope="col">Duration</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.map((d) => {
                const outcome = deliveryOutcome(d);
                return (
                  <tr key={d.id}>
                    <td>
                      <time dateTime={d.created_at}>{formatDateTime(d.created_at)}</time>
                    </td>
                    <td>
                      <code>{d.type}</code>
                    </td>
                    <td>{d.attempt}</td>
                    <td className={outcome.ok ? "webhook-ok" : "webhook-failed"}>{outcome.text}</td>
                    <td>{d.duration_ms} ms</td>
                    <td>{d.error ?? ""}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
