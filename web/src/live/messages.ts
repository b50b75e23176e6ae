import type { FileStatusChangedEvent } from "../../../common/transcript";

const STATUSES = new Set(["processing", "ready", "failed"]);

/** The messages the app acts on; heartbeats, greetings and unknown shapes give null. */
export type LiveMessage = FileStatusChangedEvent;

export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== "string" || data === "pong" || data[0] !== "{") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  return isFileStatusChanged(value) ? value : null;
}

function isFileStatusChanged(value: unknown): value is FileStatusChangedEvent {
  if (!value || typeof value !== "object") return false;
  const event = value as Partial<FileStatusChangedEvent>;
  const file = event.file as Partial<FileStatusChangedEvent["file"]> | undefined;
  return (
    event.type === "file_status_changed" &&
    typeof event.file_id === "string" &&
    typeof event.message === "string" &&
    !!file &&
    typeof file === "object" &&
    typeof file.name === "string" &&
    typeof file.has_transcript === "boolean" &&
    STATUSES.has(file.status as string)
  );
}
