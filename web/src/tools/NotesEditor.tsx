import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import type { TranscriptDto } from "../../../core/transcript";
import { transcriptKeys } from "../api/transcripts";
import { dispatch, run } from "../commands/commands";
import { formatBinding, SHORTCUTS } from "../commands/shortcuts";
import { useOpenSession } from "../editor/view/useSpeakers";
import { SummaryGenerator } from "./SummaryGenerator";

type Field = "summary" | "notes";

/**
 * One text of the transcript (summary or notes): trimmed on save, Ctrl/Cmd+Enter saves, its state
 * shown. A save waits in the open editor's queue (offline, across a reload) until the server has it;
 * the saved text is the transcript's details.
 */
export function NotesEditor({ transcript, field, label }: { transcript: TranscriptDto; field: Field; label: string }) {
  const id = useId();
  const session = useOpenSession(transcript.audioFileId);
  const queued = useSyncExternalStore(
    useCallback((notify) => session?.queue.subscribe(notify) ?? (() => {}), [session]),
    () => session?.details.pendingField(field),
  );
  const saving = queued !== undefined;
  // Read from the cache as it is now: a save's answer is put there in the same task the queue lets
  // go of the text, and the prop follows a little later; the gap would flash the old text.
  const details = useQueryClient().getQueryData<TranscriptDto>(transcriptKeys.transcript(transcript.audioFileId)) ?? transcript;
  const saved = (saving ? queued : details[field]) ?? "";
  const [text, setText] = useState(saved);
  const dirty = text.trim() !== saved;
  // Undo, another tab or a reload changed it: show it, unless the user has unsaved text of their own.
  const shown = useRef(saved);
  useEffect(() => {
    setText((current) => (current.trim() === shown.current ? saved : current));
    shown.current = saved;
  }, [saved]);

  function save() {
    if (!dirty || !session) return;
    session.details.setField(field, text);
    setText(text.trim());
  }

  const state = saving ? "Saving..." : dirty ? "Unsaved changes" : "Saved";
  return (
    <div className="notes-editor" data-testid={`${field}-editor`} data-tutorial={`${field}-editor`}>
      <label htmlFor={id} className="notes-label">
        {label}
      </label>
      <textarea
        id={id}
        className="notes-text"
        rows={field === "summary" ? 5 : 4}
        value={text}
        placeholder={field === "summary" ? "Write a summary of this recording" : "Notes for yourself or your team"}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          dispatch("notes", e, { notes: { save } });
        }}
      />
      <div className="notes-actions">
        <span className={`muted small notes-state${dirty ? " is-dirty" : ""}`} role="status" data-testid={`${field}-state`}>
          {state}
        </span>
        <button
          type="button"
          className="button button--small"
          disabled={!dirty || !session}
          onClick={() => run("saveNotes", { notes: { save } })}
          title={`Save (${formatBinding(SHORTCUTS.saveNotes.keys[0])})`}
        >
          Save
        </button>
      </div>
      {field === "summary" && <SummaryGenerator transcript={transcript} />}
    </div>
  );
}
