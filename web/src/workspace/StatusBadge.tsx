import type { FileStatus } from "../../../common/library";

const LABELS: Record<FileStatus, string> = { ready: "Ready", processing: "Processing", failed: "Failed" };

/** ready green, processing yellow, anything else red. */
export function StatusBadge({ status }: { status: FileStatus }) {
  const tone = status === "ready" ? "green" : status === "processing" ? "yellow" : "red";
  return (
    <span className={`badge badge--${tone}`} data-testid="status-badge">
      {LABELS[status] ?? status}
    </span>
  );
}
