import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Modal } from "../components/Modal";
import type { EditorSession } from "../editor/session/editor-session";
import { toast } from "../lib/toasts";
import { DEFAULT_LABEL, LabelChoice, type LabelValue, labelOf } from "./LabelChoice";
import { afterRedaction, redactionApi } from "./redaction-api";
import { type RedactionDraft, redactionState } from "./redaction-state";
import { REDACTION_TEXTS } from "./redaction-texts";

/** The words about to be redacted, a label, and the warning that it cannot be undone. */
export function RedactDialog({ draft, session }: { draft: RedactionDraft; session: EditorSession }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState<LabelValue>(DEFAULT_LABEL);
  const [busy, setBusy] = useState(false);
  const label = labelOf(value);
  const close = () => {
    redactionState.draft = null;
  };
  async function redact() {
    if (!label) return;
    setBusy(true);
    try {
      // Unsaved edits go first: a redaction must not be overtaken by an older edit of the same words.
      await session.queue.flush();
      const ids: string[] = [];
      for (const range of draft.ranges) {
        await redactionApi.one(draft.fileId, range, label, value.media);
        const u = session.store.utterances().find((x) => x.transcriptWords.some((w) => w.id === range.startWordId));
        if (u) ids.push(u.id);
      }
      await afterRedaction(queryClient, draft.fileId, ids);
      toast(REDACTION_TEXTS.done(draft.ranges.length), "success");
      close();
    } catch (error) {
      toast(error instanceof Error ? error.message : REDACTION_TEXTS.failed, "error");
      setBusy(false);
    }
  }
  return (
    <Modal
      title={REDACTION_TEXTS.title}
      onClose={close}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={close}>
            {REDACTION_TEXTS.cancel}
          </button>
          <button type="button" className="button button--danger" disabled={!label || busy} onClick={() => void redact()}>
            {REDACTION_TEXTS.confirm}
          </button>
        </>
      }
    >
      <blockquote className="redaction-quote" data-testid="redaction-quote">
        {draft.quote}
      </blockquote>
      <LabelChoice value={value} onChange={setValue} />
      <p className="redaction-warning" role="note">
        {REDACTION_TEXTS.cannotUndo}
      </p>
    </Modal>
  );
}
