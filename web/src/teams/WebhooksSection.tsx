import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type WebhookEvent, webhookCreateSchema } from "../../../common/webhooks";
import { describeError } from "../api/errors";
import { useWebhooks, webhookApi, webhookKeys } from "../api/webhooks";
import { toast } from "../lib/toasts";
import { EventChoices } from "./WebhookEventChoices";
import { WebhookRow } from "./WebhookRow";

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
