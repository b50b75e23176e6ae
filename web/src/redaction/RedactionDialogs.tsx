import { useSnapshot } from "valtio";
import type { EditorSession } from "../editor/session/editor-session";
import { FindToRedactDialog } from "./FindToRedactDialog";
import { RedactDialog } from "./RedactDialog";
import { redactionState } from "./redaction-state";

/** The open file's redaction dialogs, when one is asked for. */
export function RedactionDialogs({ session }: { session: EditorSession | null }) {
  const { draft, finder } = useSnapshot(redactionState);
  if (!session) return null;
  if (draft && draft.fileId === session.audioFileId) return <RedactDialog draft={redactionState.draft!} session={session} />;
  if (finder === session.audioFileId) return <FindToRedactDialog fileId={finder} session={session} />;
  return null;
}
