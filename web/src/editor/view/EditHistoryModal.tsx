import type { HistoryType } from "../../../../core/change";
import { useEditHistory } from "../../api/transcripts";
import { useSnapshot } from "valtio";
import { authState } from "../../auth/store";
import { Modal } from "../../components/Modal";
import { run } from "../../commands/commands";
import { formatDateTime } from "../../lib/dates";
import type { EditorSession } from "../session/editor-session";

// Simple line icons (no emoji font is needed to show them).
const PATHS: Record<HistoryType, string> = {
  speaker_edited: "M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-5 6c0-2.8 2.2-4.5 5-4.5s5 1.7 5 4.5",
  notes_edited: "M3 2h7l3 3v9H3V2Zm2 5h6M5 10h6",
  summary_edited: "M2 4h12M2 8h12M2 12h8",
  other: "M11 2l3 3-8 8H3v-3l8-8Z",
};
const ICONS: Record<HistoryType, { label: string }> = {
  speaker_edited: { label: "Speaker edit" },
  notes_edited: { label: "Notes edit" },
  summary_edited: { label: "Summary edit" },
  other: { label: "Transcript edit" },
};

function HistoryIcon({ type }: { type: HistoryType }) {
  return (
    <svg className="history-icon" viewBox="0 0 16 16" width="16" height="16" role="img" aria-label={ICONS[type].label}>
      <path d={PATHS[type]} fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * docs/product.md#transcript-editor: the operations with icon, summary, time, `Current` badge and #index; Undo, Redo,
 * `N of M operations`; a line saying so when older operations were dropped (decision 031).
 */
export function EditHistoryModal({
  session,
  onClose,
  readOnly = false,
}: {
  session: EditorSession;
  onClose: () => void;
  /** A reader reads the history; undo and redo are writes. */
  readOnly?: boolean;
}) {
  const history = useEditHistory(session.audioFileId);
  const data = history.data;
  const operations = data?.operations ?? [];
  const me = useSnapshot(authState).user?.id;
  return (
    <Modal
      wide
      title="Edit History"
      onClose={onClose}
      footer={
        <>
          <span className="muted history-count" data-testid="history-count">
            {data ? `${data.currentIndex + 1} of ${operations.length} operations` : ""}
          </span>
          {!readOnly && (
            <>
              <button
                type="button"
                className="button button--ghost"
                disabled={!data?.canUndo}
                onClick={() => run("undo", { history: session.history })}
              >
                Undo
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={!data?.canRedo}
                onClick={() => run("redo", { history: session.history })}
              >
                Redo
              </button>
            </>
          )}
        </>
      }
    >
      {history.isPending ? (
        <p className="muted">Loading edit history...</p>
      ) : (
        <>
          {data?.truncated && (
            <p className="muted" data-testid="history-truncated">
              Older changes were dropped to save space.
            </p>
          )}
          {operations.length === 0 ? (
            <p className="muted">No edit history available</p>
          ) : (
            <ol className="history-list" data-testid="history-list">
              {[...operations].reverse().map((op) => (
                <li
                  key={op.index}
                  className={`history-item${op.isCurrent ? " is-current" : ""}${op.index > (data?.currentIndex ?? -1) ? " is-undone" : ""}`}
                >
                  <HistoryIcon type={op.type} />
                  <span className="history-summary">
                    {op.summary}
                    {/* Co-editors' entries say whose they are; one's own need not. */}
                    {op.author && op.author.id !== me && <span className="history-author muted"> · by {op.author.name}</span>}
                  </span>
                  <time className="history-time muted" dateTime={op.timestamp}>
                    {formatDateTime(op.timestamp)}
                  </time>
                  {op.isCurrent && <span className="badge badge--green">Current</span>}
                  <span className="history-index muted">#{op.index}</span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </Modal>
  );
}
