import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { AudioFileDto } from "../../../../common/library";
import { describeError } from "../../api/errors";
import { fileApi, keys, putFileInCache } from "../../api/library";
import { Modal } from "../../components/Modal";
import { draftFrom, optionsFrom } from "../../lib/options-draft";
import { toast } from "../../lib/toasts";
import { TranscriptionOptionsFields, useUserService } from "../TranscriptionOptionsFields";

/** "Re-transcribe…": the file's options, editable, then a new transcription with them. */
export function RetranscribeDialog({ file, onClose }: { file: AudioFileDto; onClose: () => void }) {
  const client = useQueryClient();
  const service = useUserService();
  const [draft, setDraft] = useState(() => draftFrom(file.transcriptionOptions));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const result = optionsFrom(draft);
    if (result.error !== null) return setError(result.error);
    setBusy(true);
    try {
      const updated = await fileApi.retranscribe(file.id, result.options);
      putFileInCache(client, { ...updated, hasTranscript: updated.hasTranscript || file.hasTranscript });
      void client.invalidateQueries({ queryKey: keys.files, exact: true });
      toast(`Transcribing ${file.name} again`, "success");
      onClose();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Re-transcribe" onClose={onClose}>
      <form onSubmit={submit} noValidate className="form" data-testid="retranscribe-dialog">
        <p>
          <strong>{file.name}</strong> is transcribed again{service ? ` by ${service.label}` : ""} with these options.
          {file.hasTranscript && " The new transcript replaces the current one."}
        </p>
        <TranscriptionOptionsFields draft={draft} onChange={setDraft} service={service} />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Starting..." : "Re-transcribe"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
