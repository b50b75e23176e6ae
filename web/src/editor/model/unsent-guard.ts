// Leaving the page while edits wait to be sent asks first: they stay stored in this
// browser, but reach the server only when another tab of the file is open or it is
// opened again (decision 035).

/** By file: a file opened again in this tab takes over what its closed editor left. */
const holders = new Map<string, () => boolean>();

function beforeUnload(event: BeforeUnloadEvent): void {
  if (![...holders.values()].some((unsent) => unsent())) return;
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = "";
}

/** Asks before the page goes while `unsent()` says the file's edits wait; the returned function stops asking. */
export function guardUnsent(file: string, unsent: () => boolean): () => void {
  if (holders.size === 0) addEventListener("beforeunload", beforeUnload);
  holders.set(file, unsent);
  return () => {
    if (holders.get(file) !== unsent) return;
    holders.delete(file);
    if (holders.size === 0) removeEventListener("beforeunload", beforeUnload);
  };
}
