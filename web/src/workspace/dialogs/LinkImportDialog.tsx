import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useSnapshot } from "valtio";
import { DEFAULT_OPTIONS, type TranscriptionOptions } from "../../../../common/transcription-options";
import { describeError } from "../../api/errors";
import { importApi } from "../../api/imports";
import { keys, putFileInCache } from "../../api/library";
import { authState } from "../../auth/store";
import { Modal } from "../../components/Modal";
import { linkImportRequest } from "../../lib/link-import";
import { draftFrom, optionsFrom } from "../../lib/options-draft";
import { toast } from "../../lib/toasts";
import { TranscriptionOptionsFields, useUserService } from "../TranscriptionOptionsFields";
import type { UploadTarget } from "../upload";

/** "Import from a link": a media URL the server fetches, transcribed like an upload into the same place. */
export function LinkImportDialog({ target, folderLabel, onClose }: { target: UploadTarget; folderLabel: string; onClose: () => void }) {
  const client = useQueryClient();
  const service = useUserService();
  const { user } = useSnapshot(authState);
  const [url, setUrl] = useState("");
  const [draft, setDraft] = useState(() =>
    draftFrom((user?.preferences.transcription.defaults as TranscriptionOptions | undefined) ?? DEFAULT_OPTIONS),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const options = optionsFrom(draft);
    if (options.error !== null) return setError(options.error);
    const request = linkImportRequest(url, target, options.options);
    if (request.error !== null) return setError(request.error);
    setError(null);
    setBusy(true);
    try {
      const file = await importApi.fromLink(request.input);
      putFileInCache(client, file);
      void client.invalidateQueries({ queryKey: keys.allFiles });
      toast(`Importing ${file.name} from the link`, "success");
      onClose();
    } catch (err) {
      // The typed link stays, so it can be corrected.
      setError(describeError(err));
      setBusy(false);
    }
  }

  return (
    <Modal title="Import from a link" onClose={onClose}>
      <form onSubmit={submit} noValidate className="form" data-testid="link-import-dialog">
        <div className="field">
          <label htmlFor={`${id}-url`}>Link to an audio or video file</label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            value={url}
            placeholder="https://example.com/interview.mp3"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setUrl(e.target.value)}
          />
          <span id={`${id}-hint`} className="muted small">
            A public https link to the file itself. It is fetched and transcribed into {folderLabel}.
          </span>
        </div>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <TranscriptionOptionsFields draft={draft} onChange={setDraft} service={service} />
        <div className="modal-actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Importing..." : "Import"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
