// A transcription run ended from outside (a cancel, a newer run) before it stored its
// recognition. The store remembers the file's ended run, and a store call of that run writes
// nothing: the run's own check of the file happens before its store call, so only this object,
// which takes one call at a time, can tell which came first. In the object's key-value storage,
// which commits with its SQLite transactions.
const endedRunKey = (fileId: string) => `ended-run:${fileId}`;

/**
 * Ends the file's run `run` here: "stored" when its recognition is in already (the cancel came
 * too late), else "ended", and no store call of that run writes from now on.
 */
export function endRun(storage: DurableObjectStorage, fileId: string, run: string): "stored" | "ended" {
  return storage.transactionSync(() => {
    const held = storage.sql.exec<{ run: string }>("SELECT run FROM transcripts WHERE file_id = ?", fileId).toArray()[0];
    if (held?.run === run) return "stored";
    storage.kv.put(endedRunKey(fileId), run);
    return "ended";
  });
}

/** Whether the file's run `run` was ended here (call inside the store call's transaction). */
export const runEnded = (storage: DurableObjectStorage, fileId: string, run: string): boolean =>
  storage.kv.get<string>(endedRunKey(fileId)) === run;

/** A file's deletion takes its ended run with it. */
export function forgetEndedRuns(storage: DurableObjectStorage, fileIds: readonly string[]): void {
  for (const fileId of fileIds) storage.kv.delete(endedRunKey(fileId));
}
