import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { WEBHOOK_EVENTS, type WebhookDto, type WebhookEvent, type WebhookUpdate, webhookCreateSchema } from "../../../common/webhooks";
import { describeError } from "../api/errors";
import { useWebhooks, webhookApi, webhookKeys } from "../api/webhooks";
import { formatDateTime } from "../lib/dates";
import { toast } from "../lib/toasts";
import { deliveryOutcome, EVENT_LABELS, webhookState, withEvent } from "./webhook-text";

/** An owner's webhooks of one workspace (docs/api.md, "Webhooks"): add, turn on or off, change events, test, read deliveries, delete. */
export function WebhooksSection({ workspaceId }: { workspaceId: string }) {
  const hooks = useWebhooks(workspaceId);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  return (
    <section className="webhooks" aria-label="Webhooks">
      <h4>Webhooks</h4>
      <p className="muted small">
        Tell another system when files are ready or failed, an export is done or a transcript is edited: each event is POSTed to the
        receiver as JSON, signed with the webhook's secret.
      </p>
      <NewWebhookForm workspaceId={workspaceId} onCreated={setSecret} />
      {secret && <CreatedSecret {...secret} />}
      {hooks.isPending && <p className="muted">Loading webhooks...</p>}
      {hooks.isError && <p role="alert">{describeError(hooks.error)}</p>}
      {hooks.data?.length === 0 && <p className="muted">No webhooks yet.</p>}
      <ul className="share-list" data-testid="webhook-list">
        {(hooks.data ?? []).map((hook) => (
          <WebhookRow key={hook.id} hook={hook} />
        ))}
      </ul>
    </section>
  );
}

function EventChoices({
  legend,
  events,
  onChange,
}: {
  legend: string;
  events: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
}) {
  return (
    <fieldset className="webhook-events">
      <legend>{legend}</legend>
      {WEBHOOK_EVENTS.map((event) => (
        <label key={event} className="checkbox">
          <input type="checkbox" checked={events.includes(event)} onChange={(e) => onChange(withEvent(events, event, e.target.checked))} />
          {EVENT_LABELS[event]} <code>{event}</code>
        </label>
      ))}
    </fieldset>
  );
}

function NewWebhookForm({
  workspaceId,
  onCreated,
}: {
  workspaceId: string;
  onCreated: (created: { url: string; secret: string }) => void;
}) {
  const client = useQueryClient();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const checked = webhookCreateSchema.safeParse({ url, events, workspace_id: workspaceId });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? "Check the URL and events");
    setError(null);
    setBusy(true);
    try {
      const created = await webhookApi.create(workspaceId, checked.data.url, checked.data.events);
      onCreated({ url: created.url, secret: created.secret });
      setUrl("");
      setEvents([]);
      toast("Webhook added", "success");
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
    await client.invalidateQueries({ queryKey: webhookKeys.list(workspaceId) });
  }
  return (
    <form className="webhook-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-url`}>Receiver URL</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://example.com/hooks/transcripts"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <EventChoices legend="Events to send" events={events} onChange={setEvents} />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Adding..." : "Add webhook"}
      </button>
    </form>
  );
}

/** The secret, shown once: focus moves to it so the keyboard can copy it at once. */
function CreatedSecret({ url, secret }: { url: string; secret: string }) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast("Secret copied", "success");
    } catch {
      toast("Copy the secret by hand: the browser refused", "error");
    }
  };
  return (
    <div className="share-created" data-testid="webhook-secret">
      <p>
        Copy the signing secret of <code>{url}</code> now: you will not see it again. The receiver checks each delivery's{" "}
        <code>X-Webhook-Signature</code> with it.
      </p>
      <div className="share-created-row">
        <input ref={field} readOnly value={secret} aria-label="Signing secret" onFocus={(e) => e.target.select()} />
        <button type="button" className="button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
    </div>
  );
}

function WebhookRow({ hook }: { hook: WebhookDto }) {
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
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
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
      {deliveries.isError && (
        <p className="field-error" role="alert">
          {describeError(deliveries.error)}
        </p>
      )}
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
