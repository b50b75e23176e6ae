import { useState, type ReactNode } from "react";
import { Modal } from "../../components/Modal";

export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal title={props.title} onClose={props.onClose}>
      <div className="confirm-text">{props.children}</div>
      <div className="modal-actions">
        <button type="button" className="button button--ghost" onClick={props.onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await props.onConfirm();
            } finally {
              setBusy(false);
              props.onClose();
            }
          }}
        >
          {busy ? (props.busyLabel ?? "Deleting...") : props.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
