import { useState } from "react";
import type { AudioFileDto, FolderDto } from "../../../../common/library";
import { Modal } from "../../components/Modal";

/** Where files go: Common or one of the user's folders. `from` is where they are now, if all in one place. */
export function MoveToFolderDialog({
  title,
  from,
  folders,
  onMove,
  onClose,
}: {
  title: string;
  /** The folder they are in ("" for Common); Move stays disabled until another is chosen. Undefined: any choice moves. */
  from?: string;
  folders: FolderDto[];
  onMove: (folderId: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const [target, setTarget] = useState<string>(from ?? "");
  const [busy, setBusy] = useState(false);
  return (
    <Modal title={title} onClose={onClose}>
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
            disabled={busy || target === from}
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

export function MoveDialog({
  file,
  ...rest
}: {
  file: AudioFileDto;
  folders: FolderDto[];
  onMove: (folderId: string | null) => Promise<void>;
  onClose: () => void;
}) {
  return <MoveToFolderDialog title={`Move “${file.name}”`} from={file.folderId ?? ""} {...rest} />;
}
