import { useSnapshot } from "valtio";
import { acceptSuggestion, declineSuggestion, vocabularySuggestions } from "./vocabulary-suggestions";

/** A quiet offer in the tools sidebar: never takes the focus from the transcript. */
export function VocabularySuggestion() {
  const { pending } = useSnapshot(vocabularySuggestions);
  const pair = pending[0];
  return (
    <div role="status" aria-live="polite">
      {pair && (
        <section className="tools-section vocabulary-suggestion" aria-label="Vocabulary suggestion" data-testid="vocabulary-suggestion">
          <p>
            You corrected “{pair.from}” to “{pair.term}” more than once. Add “{pair.term}” to your vocabulary?
          </p>
          <div className="modal-actions">
            <button type="button" className="button button--ghost" onClick={declineSuggestion}>
              No thanks
            </button>
            <button type="button" className="button button--primary" onClick={() => void acceptSuggestion()}>
              Add to vocabulary
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
