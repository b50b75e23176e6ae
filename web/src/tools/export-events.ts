// export_completed from the live channel, to the export buttons that wait for
// it (they then download at once instead of at their next poll). Whether this tab
// downloads the export itself decides whether the "ready to download" message is needed.
type Taker = (exportId: string) => boolean;
const takers = new Set<Taker>();
/** Exports this tab downloaded: the push may come after the button has settled, or its panel closed. */
const downloaded = new Set<string>();

/** A waiting export button; `takes` answers whether it downloads that export itself. */
export function onExportCompleted(takes: Taker): () => void {
  takers.add(takes);
  return () => takers.delete(takes);
}

export function downloadedHere(exportId: string): void {
  downloaded.add(exportId);
}

/**
 * Tells the waiting buttons an export finished. True when this tab downloads it, or already did:
 * then no message offers it again; one that finished while away (or a button that gave up) gets one.
 */
export function exportCompleted(exportId: string): boolean {
  let taken = downloaded.has(exportId);
  for (const takes of takers) if (takes(exportId)) taken = true;
  return taken;
}
