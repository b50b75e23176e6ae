import { useQueryClient } from "@tanstack/react-query";
import { useState, type KeyboardEvent } from "react";
import type { SpeakerDto, TranscriptDto } from "../../../common/transcript";
import { DETAILS_MESSAGES } from "../../../common/transcript-details";
import { transcriptApi, transcriptKeys } from "../api/transcripts";
import { toast } from "../lib/toasts";
import { formatShare, speakerColorIndex } from "../editor/view/display";
import { SpeakerMergeMenu } from "./SpeakerMergeMenu";

/** The Speakers list of the tools sidebar: rename inline, role, add, delete an unused one (docs/product.md). */
export function SpeakersPanel({ transcript }: { transcript: TranscriptDto }) {
  const queryClient = useQueryClient();
  const fileId = transcript.audioFileId;
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Every card, the details and the history follow a change.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: transcriptKeys.transcript(fileId) });
    void queryClient.invalidateQueries({ queryKey: transcriptKeys.history(fileId) });
  };

  async function add() {
    setBusy(true);
    try {
      const created = await transcriptApi.createSpeaker(fileId);
      toast(DETAILS_MESSAGES.speakerCreated(created.displayName.replace(/^Speaker /, "")), "success");
      refresh();
      setEditing(created.id);
    } catch {
      toast(DETAILS_MESSAGES.speakerCreateFailed, "error");
    } finally {
      setBusy(false);
    }
  }

  async function remove(speaker: SpeakerDto) {
    try {
      await transcriptApi.deleteSpeaker(fileId, speaker.id);
      toast(DETAILS_MESSAGES.speakerDeleted(speaker.displayName.replace(/^Speaker /, "")), "success");
      refresh();
    } catch (error) {
      const message =
        error instanceof Error && error.message === DETAILS_MESSAGES.speakerHasUtterances
          ? error.message
          : DETAILS_MESSAGES.speakerDeleteFailed;
      toast(message, "error");
    }
  }

  return (
    <section className="tools-section" aria-labelledby="speakers-title" data-testid="speakers" data-tutorial="speakers-panel">
      <div className="tools-section-head">
        <h3 id="speakers-title">Speakers</h3>
        <button type="button" className="button button--small" onClick={() => void add()} disabled={busy}>
          + Add speaker
        </button>
      </div>
      {transcript.speakers.length === 0 ? (
        <p className="muted small">No speakers.</p>
      ) : (
        <ul className="speaker-list">
          {transcript.speakers.map((speaker, index) =>
            editing === speaker.id ? (
              <SpeakerEditor
                key={speaker.id}
                speaker={speaker}
                onDone={(saved) => {
                  setEditing(null);
                  if (saved) refresh();
                }}
                fileId={fileId}
              />
            ) : (
              <li key={speaker.id} className="speaker-row" data-testid="speaker-row">
                <span className={`speaker-dot speaker-color-${speakerColorIndex(index)}`} aria-hidden="true" />
                <button type="button" className="speaker-name speaker-name-button" title="Rename" onClick={() => setEditing(speaker.id)}>
                  {speaker.displayName}
                  {speaker.role && <span className="muted small"> · {speaker.role}</span>}
                </button>
                <span className="muted small">
                  {speaker.utteranceCount} {speaker.utteranceCount === 1 ? "utterance" : "utterances"} ·{" "}
                  {formatShare(speaker.speakingPercentage)}
                </span>
                {speaker.utteranceCount === 0 && (
                  <button
                    type="button"
                    className="icon-button speaker-delete"
                    aria-label={`Delete ${speaker.displayName}`}
                    onClick={() => void remove(speaker)}
                  >
                    ×
                  </button>
                )}
                <SpeakerMergeMenu fileId={fileId} speaker={speaker} speakers={transcript.speakers} />
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

/** Inline rename: Enter saves, Escape cancels, save disabled while the trimmed name is empty. */
function SpeakerEditor({ speaker, fileId, onDone }: { speaker: SpeakerDto; fileId: string; onDone: (saved: boolean) => void }) {
  const [name, setName] = useState(speaker.name ?? speaker.displayName);
  const [role, setRole] = useState(speaker.role ?? "");
  const [saving, setSaving] = useState(false);
  const valid = name.trim().length > 0;

  async function save() {
    if (!valid || saving) return;
    setSaving(true);
    try {
      await transcriptApi.updateSpeaker(fileId, speaker.id, { name: name.trim(), role: role.trim() || null });
      onDone(true);
    } catch (error) {
      // The form stays open with what was typed, so the user can try again.
      console.error("Failed to update speaker", error);
      toast(`Failed to rename speaker: ${error instanceof Error ? error.message : "Unknown error"}`, "error");
      setSaving(false);
    }
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Enter") {
      e.preventDefault();
      void save();
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onDone(false);
    }
  };

  return (
    <li className="speaker-edit" data-testid="speaker-editor">
      <input
        className="search"
        aria-label="Speaker name"
        value={name}
        // biome-ignore lint/a11y/noAutofocus: the row appears because the user asked to edit this name
        autoFocus
        onChange={(e) => setName(e.target.value)}
        onKeyDown={onKeyDown}
        maxLength={255}
      />
      <input
        className="search"
        aria-label="Role (optional)"
        placeholder="Role (optional)"
        value={role}
        onChange={(e) => setRole(e.target.value)}
        onKeyDown={onKeyDown}
        maxLength={255}
      />
      <div className="speaker-edit-actions">
        <button type="button" className="button button--small" onClick={() => onDone(false)}>
          Cancel
        </button>
        <button type="button" className="button button--primary button--small" disabled={!valid || saving} onClick={() => void save()}>
          Save
        </button>
      </div>
    </li>
  );
}
