import { useQueryClient } from "@tanstack/react-query";
import type { HistoryType } from "../../../common/transcript-ops";
import { useEditHistory } from "../api/transcripts";
import { Modal } from "../components/Modal";
import type { EditorSession } from "./editor-session";
import { redo, undo } from "./history-actions";

const ICONS: Record<HistoryType, { icon: string; label: string }> = {
  speaker_edited: { icon: "👤", label: "Speaker edit" },
  notes_edited: { icon: "🗒", label: "Notes edit" },
  summary_edited: { icon: "≡", label: "Summary edit" },
  other: { icon: "✎", label: "Transcript edit" },
};

const formatTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Spec section 2: the operations with icon, summary, time, `Current` badge and #index; Undo, Redo, `N of M operations`. */
export function EditHistoryModal({ session, onClose }: { session: EditorSession; onClose: () => void }) {
  const queryClient = useQueryClient();
  const history = useEditHistory(session.audioFileId);
  const data = history.data;
  const operations = data?.operations ?? [];
  return (
    <Modal
      title="Edit History"
      onClose={onClose}
      footer={
        <>
          <span className="muted history-count" data-testid="history-count">
            {data ? `${data.currentIndex + 1} of ${operations.length} operations` : ""}
          </span>
          <button type="button" className="button button--ghost" disabled={!data?.canUndo} onClick={() => void undo(session, queryClient)}>
            Undo
          </button>
          <button type="button" className="button button--ghost" disabled={!data?.canRedo} onClick={() => void redo(session, queryClient)}>
            Redo
          </button>
        </>
      }
    >
      {history.isPending ? (
        <p className="muted">Loading edit history...</p>
      ) : operations.length === 0 ? (
        <p className="muted">No edit history available</p>
      ) : (
        <ol className="history-list" data-testid="history-list">
          {[...operations].reverse().map((op) => (
            <li key={op.index} className={`history-item${op.isCurrent ? " is-current" : ""}${op.index > (data?.currentIndex ?? -1) ? " is-undone" : ""}`}>
              <span className="history-icon" role="img" aria-label={ICONS[op.type].label}>
                {ICONS[op.type].icon}
              </span>
              <span className="history-summary">{op.summary}</span>
              <time className="history-time muted" dateTime={op.timestamp}>
                {formatTime(op.timestamp)}
              </time>
              {op.isCurrent && <span className="badge badge--green">Current</span>}
              <span className="history-index muted">#{op.index}</span>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
