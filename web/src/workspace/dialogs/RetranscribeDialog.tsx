import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { AudioFileDto } from "../../../../common/library";
import { describeError } from "../../api/errors";
import { fileApi, keys, putFileInCache } from "../../api/library";
import { Modal } from "../../components/Modal";
import { draftFrom, optionsFrom } from "../../lib/options-draft";
import { toast } from "../../lib/toasts";
import { TranscriptionOptionsFields, useUserService } from "../TranscriptionOptionsFields";
import { FieldError } from "../../components/Alert";

/** "Re-transcribe…": the file's options, editable, then a new transcription with them. */
export function RetranscribeDialog({ file, onClose }: { file: AudioFileDto; onClose: () => void }) {
  const client = useQueryClient();
  const service = useUserService();
  const [draft, setDraft] = useState(() => draftFrom(file.transcriptionOptions));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [discard, setDiscard] = useState(false);
  // Asked fresh each time: corrections made since the last look count too.
  const corrections = useQuery({
    queryKey: [...keys.file(file.id), "corrections"],
    queryFn: () => fileApi.corrections(file.id),
    enabled: file.hasTranscript,
    staleTime: 0,
  });
  const kept = corrections.data?.corrected_utterances ?? 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const result = optionsFrom(draft);
    if (result.error !== null) return setError(result.error);
    setBusy(true);
    try {
      const updated = await fileApi.retranscribe(file.id, result.options, discard);
      putFileInCache(client, { ...updated, hasTranscript: updated.hasTranscript || file.hasTranscript });
      void client.invalidateQueries({ queryKey: keys.allFiles });
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
          {file.hasTranscript && kept === 0 && " The new transcript replaces the current one."}
        </p>
        {file.hasTranscript && kept > 0 && (
          <div data-testid="retranscribe-corrections">
            <p>{discard ? correctionsDropped(kept) : correctionsKept(kept)}</p>
            <label className="checkbox">
              <input type="checkbox" checked={discard} onChange={(e) => setDiscard(e.target.checked)} />
              Discard my corrections
            </label>
          </div>
        )}
        <TranscriptionOptionsFields draft={draft} onChange={setDraft} service={service} />
        <FieldError>{error}</FieldError>
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

const utterancesText = (n: number) => `${n} corrected utterance${n === 1 ? "" : "s"}`;
const correctionsKept = (n: number) =>
  `Your ${utterancesText(n)} will be kept; the new transcription replaces only what you never edited. Undo brings the current transcript back.`;
const correctionsDropped = (n: number) =>
  `The new transcript replaces everything, including your ${utterancesText(n)}. Undo brings the current transcript back.`;
