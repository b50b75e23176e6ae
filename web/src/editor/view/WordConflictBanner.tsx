import { useCallback, useSyncExternalStore } from "react";
import type { TranscriptEditor } from "../model/editor";

const quoted = (text: string | null) => (text === null ? "(removed)" : `«${text}»`);

/**
 * At an utterance whose word save met someone else's change to the same words (decision 052):
 * both texts, and the choice. The utterance shows theirs meanwhile; Use mine saves the person's.
 */
export function WordConflictBanner({ editor, utteranceId }: { editor: TranscriptEditor; utteranceId: string }) {
  const conflicts = editor.conflicts;
  const conflict = useSyncExternalStore(
    useCallback((notify) => conflicts.subscribe(utteranceId, notify), [conflicts, utteranceId]),
    () => conflicts.get(utteranceId),
  );
  if (!conflict) return null;
  const several = conflict.words.length > 1;
  return (
    <div className="alert alert--info word-conflict" role="group" aria-label="Edit conflict" data-testid="word-conflict">
      <p className="word-conflict-text">{several ? "Someone else changed these words:" : "Someone else changed this word:"}</p>
      <ul className="word-conflict-words">
        {conflict.words.map((w) => (
          <li key={w.id} data-testid="word-conflict-word">
            theirs <strong>{quoted(w.theirs)}</strong> / yours <strong>{quoted(w.yours)}</strong>
          </li>
        ))}
      </ul>
      <div className="word-conflict-actions">
        <button type="button" className="button button--small" onClick={() => editor.keepTheirs(utteranceId)}>
          Keep theirs
        </button>
        <button type="button" className="button button--small" onClick={() => editor.takeMine(utteranceId)}>
          Use mine
        </button>
      </div>
    </div>
  );
}
