import { useState } from "react";
import type { AudioFileDto } from "../../../../common/library";
import type { WorkspaceDto } from "../../../../common/workspaces";
import { Modal } from "../../components/Modal";
import { MoveActions } from "./MoveActions";
import { switcherEntries } from "../current-workspace";

/** Where a file goes among the other workspaces the user may write in; it lands outside their folders. */
export function MoveToWorkspaceDialog({
  file,
  targets,
  onMove,
  onClose,
}: {
  file: AudioFileDto;
  /** moveTargets(): never empty when the dialog opens. */
  targets: WorkspaceDto[];
  onMove: (workspace: WorkspaceDto, name: string) => Promise<void>;
  onClose: () => void;
}) {
  const entries = switcherEntries(targets);
  const [target, setTarget] = useState(entries[0]?.id ?? "");
  const chosen = targets.find((w) => w.id === target);
  return (
    <Modal title={`Move “${file.name}” to another workspace`} onClose={onClose}>
      <div className="form">
        <label className="field">
          <span>Workspace</span>
          <select value={target} onChange={(e) => setTarget(e.target.value)} aria-label="Destination workspace">
            {entries.map((w) => (
              <option key={w.id} value={w.id}>
                {w.role ? `${w.name} (${w.role})` : w.name}
              </option>
            ))}
          </select>
        </label>
        <p className="muted small">The file goes to the workspace’s Common folder. Its members get access to it; members here lose it.</p>
        <MoveActions
          disabled={!chosen}
          onMove={async () => {
            if (chosen) await onMove(chosen, entries.find((e) => e.id === chosen.id)?.name ?? chosen.name);
          }}
          onClose={onClose}
        />
      </div>
    </Modal>
  );
}
