import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { RedactionSuggestionDto } from "../../../common/redactions";
import { Modal } from "../components/Modal";
import type { EditorSession } from "../editor/session/editor-session";
import { toast } from "../lib/toasts";
import { DEFAULT_LABEL, LabelChoice, type LabelValue, labelOf } from "./LabelChoice";
import { afterRedaction, redactionApi } from "./redaction-api";
import { redactionState } from "./redaction-state";
import { REDACTION_TEXTS } from "./redaction-texts";

const suggestionsKey = (fileId: string) => ["redaction-suggestions", fileId] as const;

/** Likely personal data in the transcript with counts, each with "Redact all"; or a typed term. */
export function FindToRedactDialog({ fileId, session }: { fileId: string; session: EditorSession }) {
  const queryClient = useQueryClient();
  const suggestions = useQuery({ queryKey: suggestionsKey(fileId), queryFn: () => redactionApi.suggestions(fileId), staleTime: 0 });
  const [value, setValue] = useState<LabelValue>(DEFAULT_LABEL);
  const [term, setTerm] = useState("");
  const [busy, setBusy] = useState(false);
  const label = labelOf(value);
  const close = () => {
    redactionState.finder = null;
  };

  async function redactAll(query: string) {
    if (!label) return;
    setBusy(true);
    try {
      await session.queue.flush();
      const made = await redactionApi.bulk(fileId, query, label, value.media);
      await afterRedaction(
        queryClient,
        fileId,
        made.map((r) => r.utterance_id),
      );
      toast(REDACTION_TEXTS.done(made.length), "success");
      setTerm("");
      await queryClient.invalidateQueries({ queryKey: suggestionsKey(fileId) });
    } catch (error) {
      toast(error instanceof Error ? error.message : REDACTION_TEXTS.failed, "error");
    } finally {
      setBusy(false);
    }
  }

  const list: RedactionSuggestionDto[] = suggestions.data ?? [];
  return (
    <Modal title={REDACTION_TEXTS.findTitle} onClose={close} wide>
      <LabelChoice value={value} onChange={setValue} />
      {suggestions.isPending ? (
        <p className="muted" role="status">
          {REDACTION_TEXTS.loading}
        </p>
      ) : list.length === 0 ? (
        <p className="muted">{REDACTION_TEXTS.none}</p>
      ) : (
        <ul className="redaction-suggestions" aria-label={REDACTION_TEXTS.findTitle}>
          {list.map((s) => (
            <li key={`${s.kind} ${s.text}`} data-testid="redaction-suggestion">
              <span className="redaction-kind">{REDACTION_TEXTS.kinds[s.kind] ?? s.kind}</span> <strong>{s.text}</strong>{" "}
              <span className="muted">×{s.count}</span>{" "}
              <button type="button" className="button button--small" disabled={!label || busy} onClick={() => void redactAll(s.text)}>
                {REDACTION_TEXTS.confirmAll(s.count)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="redaction-term"
        onSubmit={(e) => {
          e.preventDefault();
          if (term.trim().length >= 2) void redactAll(term.trim());
        }}
      >
        <label>
          {REDACTION_TEXTS.term}{" "}
          <input type="text" value={term} placeholder={REDACTION_TEXTS.termPlaceholder} onChange={(e) => setTerm(e.target.value)} />
        </label>
        <button type="submit" className="button button--small" disabled={!label || busy || term.trim().length < 2}>
          {REDACTION_TEXTS.confirm}
        </button>
      </form>
      <p className="redaction-warning" role="note">
        {REDACTION_TEXTS.cannotUndo}
      </p>
    </Modal>
  );
}
