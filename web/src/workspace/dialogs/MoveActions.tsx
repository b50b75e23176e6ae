import { useState } from "react";

/** A move dialog's Cancel and Move: Move waits for the move, then the dialog closes whether it went or not (the caller says why). */
export function MoveActions({ disabled, onMove, onClose }: { disabled: boolean; onMove: () => Promise<void>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="modal-actions">
      <button type="button" className="button button--ghost" onClick={onClose}>
        Cancel
      </button>
      <button
        type="button"
        className="button button--primary"
        disabled={busy || disabled}
        onClick={async () => {
          setBusy(true);
          try {
            await onMove();
          } finally {
            setBusy(false);
            onClose();
          }
        }}
      >
        {busy ? "Moving..." : "Move"}
      </button>
    </div>
  );
}
