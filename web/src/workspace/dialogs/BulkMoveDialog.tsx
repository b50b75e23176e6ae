import { useState } from "react";
import type { FolderDto } from "../../../../common/library";
import { Modal } from "../../components/Modal";
import { countLabel } from "../../lib/file-list-view";

/** Where the selected files go: Common or one of the user's folders. */
export function BulkMoveDialog({
  count,
  folders,
  onMove,
  onClose,
}: {
  count: number;
  folders: FolderDto[];
  onMove: (folderId: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const [target, setTarget] = useState<string>("");
  const [busy, setBusy] = useState(false);
  return (
    <Modal title={`Move ${countLabel(count)}`} onClose={onClose}>
      <div className="form">
        <label className="field">
          <span>Destination</span>
          <select value={target} onChange={(e) => setTarget(e.target.value)} aria-label="Destination folder">
            <option value="">Common</option>
            {folders.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <div className="modal-actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onMove(target || null);
              } finally {
                setBusy(false);
                onClose();
              }
            }}
          >
            {busy ? "Moving..." : "Move"}
          </button>
        </div>
      </div>
    </Modal>
  );
}
