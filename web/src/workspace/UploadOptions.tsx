import { type ReactNode, useId, useState } from "react";
import { useSnapshot } from "valtio";
import { DEFAULT_OPTIONS, type TranscriptionOptions } from "../../../common/transcription-options";
import { languageName } from "../../../common/languages";
import { authState } from "../auth/store";
import { describeSpeakerHint, draftFrom, optionsFrom } from "../lib/options-draft";
import { toast } from "../lib/toasts";
import { TranscriptionOptionsFields, useUserService } from "./TranscriptionOptionsFields";
import { savePreferences } from "./ui-state";
import { FieldError } from "../components/Alert";

export function summarizeOptions(o: TranscriptionOptions): string {
  const terms = o.vocabulary.length === 1 ? "1 term" : `${o.vocabulary.length} terms`;
  return `${o.language ? languageName(o.language) : "Language detected"} · ${terms} · Speakers: ${describeSpeakerHint(o.speakers).toLowerCase()}`;
}

/** The upload area's optional Options step: saved as the user's defaults, used by every later upload. */
export function UploadOptions({ actions }: { actions?: ReactNode }) {
  const { user } = useSnapshot(authState);
  const saved = (user?.preferences.transcription.defaults as TranscriptionOptions | undefined) ?? DEFAULT_OPTIONS;
  const service = useUserService();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(() => draftFrom(saved));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const panelId = useId();

  async function save() {
    const result = optionsFrom(draft);
    if (result.error !== null) return setError(result.error);
    setError(null);
    setBusy(true);
    const ok = await savePreferences({ transcription: { defaults: result.options } }, "Failed to save transcription options");
    setBusy(false);
    if (!ok) return;
    toast("Transcription options saved for your uploads", "success");
    setOpen(false);
  }

  return (
    <div className="upload-options">
      <div className="upload-options-head">
        <span className="muted small" data-testid="upload-options-summary">
          {summarizeOptions(saved)}
        </span>
        {actions}
        <button
          type="button"
          className="link-button small"
          aria-expanded={open}
          aria-controls={panelId}
          data-testid="upload-options-toggle"
          onClick={() => {
            if (!open) setDraft(draftFrom(saved));
            setOpen(!open);
          }}
        >
          Options
        </button>
      </div>
      {open && (
        <section id={panelId} className="card upload-options-panel" aria-label="Transcription options">
          <TranscriptionOptionsFields draft={draft} onChange={setDraft} service={service} />
          <FieldError>{error}</FieldError>
          <div className="modal-actions">
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="button" className="button button--primary" disabled={busy} onClick={save}>
              {busy ? "Saving..." : "Save options"}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
