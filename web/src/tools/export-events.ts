// export_completed from the live channel, to the export buttons that wait for
// it (they then download at once instead of at their next poll).
type Listener = (exportId: string) => void;
const listeners = new Set<Listener>();

export function onExportCompleted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function exportCompleted(exportId: string): void {
  for (const listener of listeners) listener(exportId);
}
