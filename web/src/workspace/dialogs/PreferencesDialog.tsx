import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSnapshot } from "valtio";
import { keys, useServiceConfiguration } from "../../api/library";
import { authState } from "../../auth/store";
import { Modal } from "../../components/Modal";
import { tutorials } from "../../tutorials/tutorials";
import { savePreferences } from "../ui-state";

export function PreferencesDialog({ onClose }: { onClose: () => void }) {
  const { user } = useSnapshot(authState);
  const config = useServiceConfiguration();
  const queryClient = useQueryClient();
  const prefs = user?.preferences;
  const [service, setService] = useState(prefs?.transcription_service ?? "");
  const [metaColumn, setMetaColumn] = useState(prefs?.transcript.utterance_meta_column ?? false);
  const [busy, setBusy] = useState(false);
  const features = config.data?.features;
  const available = config.data?.transcription.all_services.filter((s) => s.available) ?? [];

  async function save() {
    setBusy(true);
    const ok = await savePreferences(
      {
        ...(features?.service_selection ? { transcription_service: service || null } : {}),
        ...(features?.utterance_meta_column ? { transcript: { utterance_meta_column: metaColumn } } : {}),
      },
      "Failed to save preferences",
    );
    setBusy(false);
    if (!ok) return;
    // Whether uploads will be transcribed follows the chosen service.
    if (features?.service_selection) void queryClient.invalidateQueries({ queryKey: keys.configuration });
    onClose();
  }

  return (
    <Modal title="User Preferences" onClose={onClose}>
      <div className="form">
        {features?.service_selection && (
          <div className="field">
            <span id="service-label">Transcription service</span>
            {config.isPending ? (
              <span className="muted">Loading services...</span>
            ) : config.isError ? (
              <span className="field-error">Failed to load service configuration</span>
            ) : available.length === 0 ? (
              <span className="muted">No transcription services available</span>
            ) : (
              <select value={service} onChange={(e) => setService(e.target.value)} aria-labelledby="service-label">
                <option value="">Default ({config.data?.transcription.active_service_name})</option>
                {available.map((s) => (
                  <option key={s.name} value={s.name}>
                    {s.label}
                  </option>
                ))}
              </select>
            )}
          </div>
        )}
        {features?.utterance_meta_column && (
          <label className="checkbox">
            <input type="checkbox" checked={metaColumn} onChange={(e) => setMetaColumn(e.target.checked)} />
            Use column layout for utterance metadata
          </label>
        )}
        {features?.debug && (
          <button type="button" className="button button--ghost" onClick={() => tutorials.reset()}>
            Reset All Tutorials
          </button>
        )}
        {!features?.service_selection && !features?.utterance_meta_column && !features?.debug && (
          <p className="muted">Theme and sidebar layout are saved automatically as you change them.</p>
        )}
        <div className="modal-actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={save} disabled={busy}>
            {busy ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </div>
    </Modal>
  );
}
