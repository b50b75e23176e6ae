// The editor sessions of the files open now, by file id, so panels outside the
// transcript view (the Speakers panel) send their edits through the same
// session and save queue as the editor.
import type { EditorSession } from "./editor-session";

const sessions = new Map<string, EditorSession>();
const listeners = new Set<() => void>();

export function registerSession(session: EditorSession): () => void {
  sessions.set(session.audioFileId, session);
  for (const l of [...listeners]) l();
  return () => {
    if (sessions.get(session.audioFileId) === session) sessions.delete(session.audioFileId);
    for (const l of [...listeners]) l();
  };
}

export const openSession = (fileId: string): EditorSession | undefined => sessions.get(fileId);

export function subscribeSessions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
