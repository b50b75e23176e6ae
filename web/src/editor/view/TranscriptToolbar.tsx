import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { CommentIcon, HighlightIcon } from "../../components/Icons";
import { Menu, type MenuItem } from "../../components/Menu";
import { useSnapshot } from "valtio";
import { useEditHistory } from "../../api/transcripts";
import { announce, provideStatus } from "../../lib/announcer";
import { run } from "../../commands/commands";
import { saveStatusLabel } from "../model/save-queue";
import { formatBinding, SHORTCUTS } from "../../commands/shortcuts";
import { EditHistoryModal } from "./EditHistoryModal";
import type { EditorSession } from "../session/editor-session";
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
  const toolbar = useRef<HTMLDivElement>(null);
  const size = useToolbarSize(toolbar);
  const commentTitle = `Comment on the selected words (${formatBinding(SHORTCUTS.addComment.keys[0])})`;
  const highlightTitle = `Highlight the selected words (${formatBinding(SHORTCUTS.addHighlight.keys[0])})`;
  // A phone's width: the word actions and undo/redo go into one menu, so the rest stays on one row.
  const menuItems = size === "narrow" ? narrowActions(session, history.data, readOnly, onComment, onHighlight) : [];
  return (
    <div
      ref={toolbar}
      className={`transcript-toolbar transcript-toolbar--${size}`}
      role="toolbar"
      aria-label="Transcript tools"
      inert={inert}
      data-size={size}
    >
      <SearchBox session={session} playback={playback} editor={readOnly ? null : session.editor} />
      <LowConfidenceNavigator session={session} />
      {menuItems.length > 0 && <Menu label="More editing actions" items={menuItems} triggerClassName="icon-button" />}
      {onComment && size !== "narrow" && (
        <button
          type="button"
          className="button button--ghost button--small toolbar-action"
          data-testid="add-comment"
          title={commentTitle}
          // The words stay selected: pressing the button does not take focus from the text.
          onMouseDown={(e) => e.preventDefault()}
          onClick={onComment}
        >
          <CommentIcon /> <span className="toolbar-label">Comment</span>
        </button>
      )}
      {onHighlight && size !== "narrow" && (
        <button
          type="button"
          className="button button--ghost button--small toolbar-action"
          data-testid="add-highlight"
          title={highlightTitle}
          onMouseDown={(e) => e.preventDefault()}
          onClick={onHighlight}
        >
          <HighlightIcon /> <span className="toolbar-label">Highlight</span>
        </button>
      )}
      {readOnly ? (
        <span className="save-status muted small" data-testid="read-only-status">
          Read only
        </span>
      ) : (
        <EditControls session={session} ready={!inert} buttons={size !== "narrow"} />
      )}
      {showHistory && <EditHistoryModal session={session} onClose={closeEditHistory} readOnly={readOnly} />}
    </div>
  );
}

type ToolbarSize = "wide" | "compact" | "narrow";

/**
 * How much room the toolbar has: wide shows every label; compact keeps the buttons but shows
 * their icons (the words stay their names and tooltips); narrow (a phone) also folds the word
 * actions into a menu. So it stays one row instead of wrapping.
 */
function useToolbarSize(ref: React.RefObject<HTMLDivElement | null>): ToolbarSize {
  const [size, setSize] = useState<ToolbarSize>("wide");
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver !== "function") return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      setSize(width >= 640 ? "wide" : width >= 400 ? "compact" : "narrow");
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

function narrowActions(
  session: EditorSession,
  history: { canUndo: boolean; canRedo: boolean } | undefined,
  readOnly: boolean,
  onComment?: () => void,
  onHighlight?: () => void,
): MenuItem[] {
  const items: MenuItem[] = [];
  if (onComment) items.push({ label: "Comment on the selected words", onSelect: onComment });
  if (onHighlight) items.push({ label: "Highlight the selected words", onSelect: onHighlight });
  if (!readOnly) {
    items.push({ label: "Undo", disabled: !history?.canUndo, onSelect: () => run("undo", { history: session.history }) });
    items.push({ label: "Redo", disabled: !history?.canRedo, onSelect: () => run("redo", { history: session.history }) });
  }
  return items;
}

function EditControls({ session, ready, buttons }: { session: EditorSession; ready: boolean; buttons: boolean }) {
  const history = useEditHistory(session.audioFileId, ready);
  if (!buttons) return <SaveStatus session={session} />;
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
      <span aria-hidden="true">{icon}</span> <span className="toolbar-label">{label}</span>
    </span>
  );
}
