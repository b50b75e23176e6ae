import { useState } from "react";
import type { AudioFileDto, FolderDto } from "../../../../common/library";
import { Modal } from "../../components/Modal";
import { MoveActions } from "./MoveActions";

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
        <MoveActions disabled={target === from} onMove={() => onMove(target || null)} onClose={onClose} />
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
