import { useEffect, useSyncExternalStore } from "react";
import { useSnapshot } from "valtio";
import { useEditHistory } from "../../api/transcripts";
import { announce, provideStatus } from "../../lib/announcer";
import { run } from "../../commands/commands";
import { saveStatusLabel } from "../model/save-queue";
import { formatBinding, SHORTCUTS } from "../../commands/shortcuts";
import { EditHistoryModal } from "./EditHistoryModal";
import type { EditorSession } from "../model/editor-session";
import type { PlaybackController } from "../model/playback-controller";
import { closeEditHistory, historyModal } from "./history-modal";
import { LowConfidenceNavigator } from "./LowConfidenceNavigator";
import { SearchBox } from "./SearchBox";

/** Search, low-confidence review, undo/redo and the save status (docs/product.md#transcript-editor, Transcript editor). */
export function TranscriptToolbar({
  session,
  playback,
  inert = false,
  readOnly = false,
  onComment,
  onHighlight,
}: {
  session: EditorSession;
  playback: PlaybackController | null;
  /** While only the first screenful is in: shown (the text does not move when it arrives) but not usable. */
  inert?: boolean;
  /** A reader's toolbar: search and review, no replace, undo or redo. */
  readOnly?: boolean;
  /** Comment on the selected words (commenters and up). */
  onComment?: () => void;
  /** Highlight the selected words with a label (commenters and up). */
  onHighlight?: () => void;
}) {
  // Read once the editor takes edits (not while its first screenful shows), as comments are.
  const history = useEditHistory(session.audioFileId, !inert);
  const { open: showHistory } = useSnapshot(historyModal);
  // The modal belongs to the open transcript: it closes when the editor goes.
  useEffect(() => closeEditHistory, []);
  useEffect(() => {
    if (history.isError) console.error("Failed to load edit history", history.error);
  }, [history.isError, history.error]);
  return (
    <div className="transcript-toolbar" role="toolbar" aria-label="Transcript tools" inert={inert}>
      <SearchBox session={session} playback={playback} editor={readOnly ? null : session.editor} />
      <LowConfidenceNavigator session={session} />
      {onComment && (
        <button
          type="button"
          className="button button--ghost button--small"
          data-testid="add-comment"
          title={`Comment on the selected words (${formatBinding(SHORTCUTS.addComment.keys[0])})`}
          // The words stay selected: pressing the button does not take focus from the text.
          onMouseDown={(e) => e.preventDefault()}
          onClick={onComment}
        >
          Comment
        </button>
      )}
      {onHighlight && (
        <button
          type="button"
          className="button button--ghost button--small"
          data-testid="add-highlight"
          title={`Highlight the selected words (${formatBinding(SHORTCUTS.addHighlight.keys[0])})`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={onHighlight}
        >
          Highlight
        </button>
      )}
      {readOnly ? (
        <span className="save-status muted small" data-testid="read-only-status">
          Read only
        </span>
      ) : (
        <EditControls session={session} ready={!inert} />
      )}
      {showHistory && <EditHistoryModal session={session} onClose={closeEditHistory} readOnly={readOnly} />}
    </div>
  );
}

function EditControls({ session, ready }: { session: EditorSession; ready: boolean }) {
  const history = useEditHistory(session.audioFileId, ready);
  return (
    <>
      <div className="toolbar-group" role="group" aria-label="History" data-tutorial="history-buttons">
        <button
          type="button"
          className="icon-button"
          aria-label="Undo"
          title={`Undo (${formatBinding(SHORTCUTS.undo.keys[0])})`}
          disabled={!history.data?.canUndo}
          onClick={() => run("undo", { history: session.history })}
        >
          ↶
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Redo"
          title={`Redo (${formatBinding(SHORTCUTS.redo.keys[0])})`}
          disabled={!history.data?.canRedo}
          onClick={() => run("redo", { history: session.history })}
        >
          ↷
        </button>
      </div>
      <SaveStatus session={session} />
    </>
  );
}

function SaveStatus({ session }: { session: EditorSession }) {
  const status = useSyncExternalStore(
    (notify) => session.queue.subscribe(notify),
    () => session.queue.getStatus(),
  );
  const label = saveStatusLabel(status);
  // Said on demand, and by itself only when saving fails: not at every save.
  useEffect(() => provideStatus("save", () => saveStatusLabel(session.queue.getStatus())), [session]);
  const failed = status.state === "error";
  useEffect(() => {
    if (failed) announce("Save Error: your latest changes are not saved yet");
  }, [failed]);
  const icon = status.state === "synced" ? "✓" : status.state === "pending" ? "⟳" : "⚠";
  return (
    <span className={`save-status save-status--${status.state}`} data-testid="save-status" data-tutorial="save-status" title={label}>
      <span aria-hidden="true">{icon}</span> {label}
    </span>
  );
}
