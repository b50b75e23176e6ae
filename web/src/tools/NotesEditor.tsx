import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import type { TranscriptDto } from "../../../common/transcript";
import { transcriptApi, transcriptKeys } from "../api/transcripts";
import { dispatch } from "../editor/model/commands";
import { formatBinding, SHORTCUTS } from "../editor/model/shortcuts";
import { toast } from "../lib/toasts";
import { SummaryGenerator } from "./SummaryGenerator";

type Field = "summary" | "notes";

/** One text of the transcript (summary or notes): trimmed on save, Ctrl/Cmd+Enter saves, its state shown. */
export function NotesEditor({ transcript, field, label }: { transcript: TranscriptDto; field: Field; label: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const saved = transcript[field] ?? "";
  const [text, setText] = useState(saved);
  const [saving, setSaving] = useState(false);
  const dirty = text.trim() !== saved;
  // Undo, another tab or a reload changed it: show it, unless the user has unsaved text of their own.
  const shown = useRef(saved);
  useEffect(() => {
    setText((current) => (current.trim() === shown.current ? saved : current));
    shown.current = saved;
  }, [saved]);

  async function save() {
    if (!dirty || saving) return;
    setSaving(true);
    try {
      const fresh = await transcriptApi.updateFields(transcript.audioFileId, { [field]: text.trim() || null });
      queryClient.setQueryData(transcriptKeys.transcript(transcript.audioFileId), fresh);
      void queryClient.invalidateQueries({ queryKey: transcriptKeys.history(transcript.audioFileId) });
      setText(fresh[field] ?? "");
    } catch (error) {
      toast(`Failed to save ${field}: ${error instanceof Error ? error.message : "Unknown error"}`, "error");
    } finally {
      setSaving(false);
    }
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
          dispatch("notes", e, { notes: { save: () => void save() } });
        }}
      />
      <div className="notes-actions">
        <span className={`muted small notes-state${dirty ? " is-dirty" : ""}`} role="status" data-testid={`${field}-state`}>
          {state}
        </span>
        <button
          type="button"
          className="button button--small"
          disabled={!dirty || saving}
          onClick={() => void save()}
          title={`Save (${formatBinding(SHORTCUTS.saveNotes.keys[0])})`}
        >
          Save
        </button>
      </div>
      {field === "summary" && <SummaryGenerator transcript={transcript} />}
    </div>
  );
}
