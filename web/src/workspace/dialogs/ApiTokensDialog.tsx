import { useQueryClient } from "@tanstack/react-query";
import { describeError } from "../../api/errors";
import { useSubmit } from "../../lib/useSubmit";
import { useId, useState } from "react";
import { API_TOKEN_LIMITS, type ApiTokenDto } from "../../../../common/api-tokens";
import { apiTokenApi, apiTokenKeys, useApiTokens } from "../../api/api-tokens";
import { Modal } from "../../components/Modal";
import { formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toasts";
import { EXPIRY_CHOICES, ExpirySelect } from "../../components/ExpirySelect";
import { ShownOnce } from "../../components/ShownOnce";

// Tokens for scripts last from a month to for ever; a day or a week is for share links.
const TOKEN_EXPIRY = EXPIRY_CHOICES.filter((c) => c.days === null || c.days >= 30);

/** Personal API tokens for scripts: create (the secret shown once), see when each was last used, revoke. */
export function ApiTokensDialog({ onClose }: { onClose: () => void }) {
  const tokens = useApiTokens();
  const client = useQueryClient();
  const [created, setCreated] = useState<ApiTokenDto | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: apiTokenKeys.all });
  const revoke = async (token: ApiTokenDto) => {
    try {
      await apiTokenApi.revoke(token.id);
      toast(`Token "${token.name}" revoked`, "success");
      if (created?.id === token.id) setCreated(null);
    } catch (error) {
      toast(describeError(error), "error");
    }
    await refresh();
  };
  return (
    <Modal title="API tokens" onClose={onClose} wide>
      <p className="muted">
        A token lets a script use the API as you: send it as <code>Authorization: Bearer &lt;token&gt;</code>. A read token can only read.
        Tokens never sign in to the app.{" "}
        <a href="/docs/api" target="_blank" rel="noreferrer">
          API reference
        </a>
      </p>
      <NewTokenForm
        onCreated={(token) => {
          setCreated(token);
          void refresh();
        }}
      />
      {created?.token && <CreatedToken key={created.id} token={created.token} />}
      <h3>Your tokens</h3>
      {tokens.data?.length === 0 && <p className="muted">No tokens yet.</p>}
      <ul className="share-list" data-testid="api-token-list">
        {(tokens.data ?? []).map((token) => (
          <li key={token.id} className="share-row">
            <div className="share-row-head">
              <strong>{token.name}</strong>
              <code>{token.hint}…</code>
              <span>{token.scopes.includes("write") ? "Read and write" : "Read only"}</span>
              <span className="muted">Created {formatDateTime(token.created_at)}</span>
              <span className="muted">{token.last_used_at ? `Last used ${formatDateTime(token.last_used_at)}` : "Never used"}</span>
              <span className="muted">{token.expires_at ? `Expires ${formatDateTime(token.expires_at)}` : "Never expires"}</span>
            </div>
            <div>
              <button type="button" className="button button--ghost" onClick={() => void revoke(token)}>
                Revoke<span className="visually-hidden"> {token.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** The secret, shown once and whole (it wraps rather than scrolls out of sight). */
const CreatedToken = ({ token }: { token: string }) => (
  <ShownOnce value={token} what="token" label="New API token" testId="api-token-secret" wraps />
);

function NewTokenForm({ onCreated }: { onCreated: (token: ApiTokenDto) => void }) {
  const [name, setName] = useState("");
  const [write, setWrite] = useState(false);
  const [days, setDays] = useState<number | null>(90);
  const nameId = useId();
  const { busy, onSubmit } = useSubmit(async () => {
    onCreated(await apiTokenApi.create({ name, scopes: write ? ["read", "write"] : ["read"], expires_in_days: days }));
    setName("");
  });
  return (
    <form className="share-form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={nameId}>Token name</label>
        <input
          id={nameId}
          value={name}
          required
          maxLength={API_TOKEN_LIMITS.nameMaxLength}
          placeholder="e.g. nightly upload script"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={write} onChange={(e) => setWrite(e.target.checked)} />
        Allow changes (upload, edit, delete)
      </label>
      <ExpirySelect value={days} onChange={setDays} choices={TOKEN_EXPIRY} />
      <button type="submit" className="button" disabled={busy || !name.trim()}>
        {busy ? "Creating..." : "Create token"}
      </button>
    </form>
  );
}
