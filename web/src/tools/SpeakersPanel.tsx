import { useState, type KeyboardEvent } from "react";
import type { SpeakerDto } from "../../../core/transcript";
import { DETAILS_MESSAGES } from "../../../core/details-limits";
import type { EditorSession } from "../editor/session/editor-session";
import { useReadySession, useSpeakerStats } from "../editor/view/useSpeakers";
import { toast } from "../lib/toasts";
import { formatShare, speakerColorIndex } from "../editor/view/display";
import { SpeakerMergeMenu } from "./SpeakerMergeMenu";

/**
 * The Speakers list of the tools sidebar: rename inline, role, add, delete an unused one
 * (docs/product.md). The open editor's session owns the speakers; every change shows at once
 * and is saved through its queue, behind the utterance edits.
 */
export function SpeakersPanel({ fileId }: { fileId: string }) {
  const session = useReadySession(fileId);
  if (!session) {
    return (
      <section className="tools-section" aria-labelledby="speakers-title" data-testid="speakers" data-tutorial="speakers-panel">
        <h3 id="speakers-title">Speakers</h3>
        <p className="muted small">Loading speakers...</p>
      </section>
    );
  }
  return <SpeakerList session={session} />;
}

function SpeakerList({ session }: { session: EditorSession }) {
  const speakers = useSpeakerStats(session.store);
  const [editing, setEditing] = useState<string | null>(null);
  // A created speaker takes the server's id once saved: its open form stays open.
  const editingId = editing && session.details.currentSpeakerId(editing);

  function add() {
    const created = session.details.createSpeaker();
    toast(DETAILS_MESSAGES.speakerCreated(created.displayName.replace(/^Speaker /, "")), "success");
    setEditing(created.id);
  }

  function remove(speaker: SpeakerDto) {
    const refused = session.details.deleteSpeaker(speaker.id);
    if (refused) toast(refused, "error");
    else toast(DETAILS_MESSAGES.speakerDeleted(speaker.displayName.replace(/^Speaker /, "")), "success");
  }

  return (
    <section className="tools-section" aria-labelledby="speakers-title" data-testid="speakers" data-tutorial="speakers-panel">
      <div className="tools-section-head">
        <h3 id="speakers-title">Speakers</h3>
        <button type="button" className="button button--small" onClick={add}>
          + Add speaker
        </button>
      </div>
      {speakers.length === 0 ? (
        <p className="muted small">No speakers.</p>
      ) : (
        <ul className="speaker-list">
          {speakers.map((speaker, index) =>
            editingId === speaker.id ? (
              // One form at a time, kept (with what was typed) when the speaker's id changes.
              <SpeakerEditor key="speaker-editor" speaker={speaker} session={session} onDone={() => setEditing(null)} />
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
                    onClick={() => remove(speaker)}
                  >
                    ×
                  </button>
                )}
                <SpeakerMergeMenu session={session} speaker={speaker} speakers={speakers} />
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

/** Inline rename: Enter saves, Escape cancels, save disabled while the trimmed name is empty. */
function SpeakerEditor({ speaker, session, onDone }: { speaker: SpeakerDto; session: EditorSession; onDone: () => void }) {
  const [name, setName] = useState(speaker.name ?? speaker.displayName);
  const [role, setRole] = useState(speaker.role ?? "");
  const valid = name.trim().length > 0;

  function save() {
    if (!valid) return;
    const refused = session.details.updateSpeaker(speaker.id, { name: name.trim(), role: role.trim() || null });
    // The form stays open with what was typed, so the user can correct it.
    if (refused) toast(`Failed to rename speaker: ${refused}`, "error");
    else onDone();
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Enter") {
      e.preventDefault();
      save();
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onDone();
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
        <button type="button" className="button button--small" onClick={onDone}>
          Cancel
        </button>
        <button type="button" className="button button--primary button--small" disabled={!valid} onClick={save}>
          Save
        </button>
      </div>
    </li>
  );
}
