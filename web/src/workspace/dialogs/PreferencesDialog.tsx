import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSnapshot } from "valtio";
import { keys, useServiceConfiguration } from "../../api/library";
import { authState } from "../../auth/store";
import { Modal } from "../../components/Modal";
import { tutorials } from "../../tutorials/tutorials";
import {
  DEFAULT_OPTIONS,
  OPTION_LIMITS,
  personalVocabularySchema,
  type TranscriptionOptions,
} from "../../../../common/transcription-options";
import { draftFrom, optionsFrom, splitTerms } from "../../lib/options-draft";
import { TranscriptionOptionsFields, useUserService } from "../TranscriptionOptionsFields";
import { savePreferences } from "../ui-state";
import { openDialog } from "../dialog-state";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { NotificationFields } from "./NotificationFields";
import { DEFAULT_PREFERENCES, PLAYBACK_LIMITS, type Preferences } from "../../../../common/preferences";
import { FieldError } from "../../components/Alert";

type PlaybackPreferences = Preferences["playback"];

/** A number kept within its limits; an empty or partial entry keeps the last valid value (the field shows what is typed). */
function clamp(raw: string, min: number, max: number, fallback: number): number {
  const n = Number(raw);
  return raw.trim() === "" || !Number.isFinite(n) ? fallback : Math.min(max, Math.max(min, n));
}

/** The playback keys' step, the backstep on resume and pause-while-typing (docs/product.md#tutorials-and-shortcuts). */
function PlaybackFields({ value, onChange }: { value: PlaybackPreferences; onChange: (next: PlaybackPreferences) => void }) {
  const L = PLAYBACK_LIMITS;
  return (
    <fieldset className="field preferences-playback">
      <legend>Playback from the keyboard</legend>
      <label className="field">
        <span>Back and forward keys step (seconds)</span>
        <input
          type="number"
          min={L.skipSeconds.min}
          max={L.skipSeconds.max}
          step={1}
          defaultValue={value.skip_seconds}
          onChange={(e) =>
            onChange({ ...value, skip_seconds: clamp(e.target.value, L.skipSeconds.min, L.skipSeconds.max, value.skip_seconds) })
          }
        />
      </label>
      <label className="field">
        <span>Rewind on resume (seconds, 0 is off)</span>
        <input
          type="number"
          min={L.backstepSeconds.min}
          max={L.backstepSeconds.max}
          step={0.5}
          defaultValue={value.backstep_seconds}
          onChange={(e) =>
            onChange({
              ...value,
              backstep_seconds: clamp(e.target.value, L.backstepSeconds.min, L.backstepSeconds.max, value.backstep_seconds),
            })
          }
        />
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={value.pause_while_typing}
          onChange={(e) => onChange({ ...value, pause_while_typing: e.target.checked })}
        />
        Pause while typing in the transcript
      </label>
      <label className="field">
        <span>Resume after typing stops for (seconds)</span>
        <input
          type="number"
          min={L.typingResumeMs.min / 1000}
          max={L.typingResumeMs.max / 1000}
          step={0.1}
          disabled={!value.pause_while_typing}
          defaultValue={value.typing_resume_ms / 1000}
          onChange={(e) =>
            onChange({
              ...value,
              typing_resume_ms: Math.round(
                1000 * clamp(e.target.value, L.typingResumeMs.min / 1000, L.typingResumeMs.max / 1000, value.typing_resume_ms / 1000),
              ),
            })
          }
        />
      </label>
    </fieldset>
  );
}

export function PreferencesDialog({ onClose }: { onClose: () => void }) {
  const { user } = useSnapshot(authState);
  const config = useServiceConfiguration();
  const queryClient = useQueryClient();
  const prefs = user?.preferences;
  const [service, setService] = useState(prefs?.transcription_service ?? "");
  const [metaColumn, setMetaColumn] = useState(prefs?.transcript.utterance_meta_column ?? false);
  const [playback, setPlayback] = useState(prefs?.playback ?? DEFAULT_PREFERENCES.playback);
  const [emailWhenDone, setEmailWhenDone] = useState(
    prefs?.notifications?.email_when_done ?? DEFAULT_PREFERENCES.notifications.email_when_done,
  );
  const [busy, setBusy] = useState(false);
  const userService = useUserService();
  const [vocabulary, setVocabulary] = useState((prefs?.transcription.vocabulary ?? []).join("\n"));
  const [defaults, setDefaults] = useState(() => draftFrom((prefs?.transcription.defaults as TranscriptionOptions) ?? DEFAULT_OPTIONS));
  const [error, setError] = useState<string | null>(null);
  const features = config.data?.features;
  const available = config.data?.transcription.all_services.filter((s) => s.available) ?? [];

  async function save() {
    const personal = personalVocabularySchema.safeParse(splitTerms(vocabulary));
    const chosen = optionsFrom(defaults);
    if (!personal.success) return setError(personal.error.issues[0]?.message ?? "Invalid vocabulary");
    if (chosen.error !== null) return setError(chosen.error);
    setError(null);
    setBusy(true);
    const ok = await savePreferences(
      {
        ...(features?.service_selection ? { transcription_service: service || null } : {}),
        ...(features?.utterance_meta_column ? { transcript: { utterance_meta_column: metaColumn } } : {}),
        playback,
        notifications: { email_when_done: emailWhenDone },
        transcription: { vocabulary: personal.data, defaults: chosen.options },
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
        <PlaybackFields value={playback} onChange={setPlayback} />
        <NotificationFields value={emailWhenDone} onChange={setEmailWhenDone} />
        {features?.debug && (
          <button type="button" className="button button--ghost" onClick={() => tutorials.reset()}>
            Reset All Tutorials
          </button>
        )}
        <div className="field">
          <label htmlFor="personal-vocabulary">My vocabulary</label>
          <textarea
            id="personal-vocabulary"
            rows={4}
            value={vocabulary}
            onChange={(e) => setVocabulary(e.target.value)}
            aria-describedby="personal-vocabulary-hint"
          />
          <span id="personal-vocabulary-hint" className="muted small">
            Sent with every file after its own terms, one per line (up to {OPTION_LIMITS.personalMaxTerms}).
          </span>
        </div>
        <h3 className="small">Options for new uploads</h3>
        <TranscriptionOptionsFields draft={defaults} onChange={setDefaults} service={userService} />
        <FieldError>{error}</FieldError>
        <p className="muted small">Theme and sidebar layout are saved automatically as you change them.</p>
        <ChangePasswordForm />
        <p className="small">
          <button type="button" className="button button--ghost" onClick={() => openDialog({ kind: "api-tokens" })}>
            API tokens for scripts...
          </button>
        </p>
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
