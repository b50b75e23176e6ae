import { useQueryClient } from "@tanstack/react-query";
import { describeError } from "../api/errors";
import { useSubmit } from "../lib/useSubmit";
import { useId, useState } from "react";
import { SHARE_LIMITS, type ShareDto } from "../../../common/shares";
import { shareApi, shareKeys, useShares } from "../api/shares";
import { Modal } from "../components/Modal";
import { formatDateTime } from "../lib/dates";
import { toast } from "../lib/toasts";
import { EXPIRY_CHOICES, ExpirySelect } from "../components/ExpirySelect";
import { ShownOnce } from "../components/ShownOnce";

type Included = Pick<ShareDto, "include_media" | "include_summary" | "include_notes" | "show_owner_name">;
const INCLUDE_LABELS: Record<keyof Included, string> = {
  include_media: "Recording (player)",
  include_summary: "Summary",
  include_notes: "Notes",
  show_owner_name: "My name",
};
const INCLUDE_KEYS = Object.keys(INCLUDE_LABELS) as (keyof Included)[];

/** The owner's share links of one file: create one (its address is shown once), change what each includes, revoke. */
export function ShareDialog({ audioFileId, fileName, onClose }: { audioFileId: string; fileName: string; onClose: () => void }) {
  const shares = useShares(audioFileId);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: shareKeys.ofFile(audioFileId) });
  const [created, setCreated] = useState<ShareDto | null>(null);
  const list = shares.data ?? [];
  return (
    <Modal title={`Share “${fileName}”`} onClose={onClose} wide>
      <p className="muted">
        Anyone with a link can read the transcript as it is now, without an account. Create one link per recipient; revoke a link to end it
        at once.
      </p>
      <NewShareForm
        audioFileId={audioFileId}
        full={list.length >= SHARE_LIMITS.perFile}
        onCreated={(share) => {
          setCreated(share);
          void refresh();
        }}
      />
      {created?.url && <CreatedLink url={created.url} />}
      <h3>Links</h3>
      {shares.isPending && <p className="muted">Loading links...</p>}
      {shares.isError && <p className="muted">{describeError(shares.error)}</p>}
      {shares.data && list.length === 0 && <p className="muted">No links yet.</p>}
      <ul className="share-list" data-testid="share-list">
        {list.map((share) => (
          <ShareRow key={share.id} share={share} onChanged={refresh} />
        ))}
      </ul>
    </Modal>
  );
}

export function NewShareForm({
  audioFileId,
  full,
  onCreated,
}: {
  audioFileId: string;
  full: boolean;
  onCreated: (share: ShareDto) => void;
}) {
  const [included, setIncluded] = useState<Included>({
    include_media: true,
    include_summary: false,
    include_notes: false,
    show_owner_name: false,
  });
  const [days, setDays] = useState<number | null>(30);
  const [label, setLabel] = useState("");
  const labelId = useId();
  const { busy, onSubmit } = useSubmit(async () => {
    onCreated(await shareApi.create(audioFileId, { ...included, expires_in_days: days, label: label.trim() || null }));
    setLabel("");
  });
  return (
    <form className="share-form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={labelId}>For (optional)</label>
        <input
          id={labelId}
          value={label}
          maxLength={SHARE_LIMITS.labelMaxLength}
          placeholder="e.g. the editor"
          onChange={(e) => setLabel(e.target.value)}
        />
      </div>
      <fieldset className="export-include">
        <legend>Include</legend>
        {INCLUDE_KEYS.map((key) => (
          <label key={key} className="checkbox">
            <input type="checkbox" checked={included[key]} onChange={(e) => setIncluded({ ...included, [key]: e.target.checked })} />
            {INCLUDE_LABELS[key]}
          </label>
        ))}
      </fieldset>
      <ExpirySelect value={days} onChange={setDays} />
      <button type="submit" className="button" disabled={busy || full} data-testid="share-create">
        {full ? `At most ${SHARE_LIMITS.perFile} links` : busy ? "Creating..." : "Create link"}
      </button>
    </form>
  );
}

export const CreatedLink = ({ url, label = "New share link" }: { url: string; label?: string }) => (
  <ShownOnce value={url} what="link" label={label} testId="share-url" />
);

function ShareRow({ share, onChanged }: { share: ShareDto; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const expired = share.expires_at !== null && Date.parse(share.expires_at) <= Date.now();
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      onChanged();
    } catch (error) {
      toast(describeError(error), "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="share-row" data-testid="share-row">
      <div className="share-row-head">
        <strong>{share.label ?? "Link"}</strong>
        <span className="muted">
          Created {formatDateTime(share.created_at)} ·{" "}
          {share.expires_at ? `${expired ? "Expired" : "Expires"} ${formatDateTime(share.expires_at)}` : "Never expires"}
        </span>
        <span className="muted" data-testid="share-views">
          {share.views} {share.views === 1 ? "view" : "views"}
          {share.last_viewed_at ? ` · last viewed ${formatDateTime(share.last_viewed_at)}` : ""}
        </span>
      </div>
      <div className="share-row-options">
        {INCLUDE_KEYS.map((key) => (
          <label key={key} className="checkbox">
            <input
              type="checkbox"
              checked={share[key]}
              disabled={busy}
              onChange={(e) => void run(() => shareApi.update(share.id, { [key]: e.target.checked }))}
            />
            {INCLUDE_LABELS[key]}
          </label>
        ))}
        <select
          aria-label="Change expiry"
          value="keep"
          disabled={busy}
          onChange={(e) =>
            void run(() => shareApi.update(share.id, { expires_in_days: e.target.value === "" ? null : Number(e.target.value) }))
          }
        >
          <option value="keep" disabled>
            Change expiry…
          </option>
          {EXPIRY_CHOICES.map((c) => (
            <option key={c.label} value={c.days ?? ""}>
              {c.days === null ? "Never expire" : c.label.replace("In", "Expire in")}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          data-testid="share-revoke"
          onClick={() => void run(() => shareApi.revoke(share.id))}
        >
          Revoke
        </button>
      </div>
    </li>
  );
}
