import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { useSnapshot } from "valtio";
import { MB } from "../../../common/format";
import { checkUpload, checkUploadFallback, DISPLAY_MAX_FILE_SIZE_WITHOUT_CONFIG, isMediaLike } from "../../../common/upload-rules";
import { putFileInCache, useServiceConfiguration } from "../api/library";
import { describeError } from "../api/errors";
import { toast } from "../lib/toasts";
import { authState } from "../auth/store";
import { NoServiceNotice } from "./NoServiceNotice";
import { LinkImportDialog } from "./dialogs/LinkImportDialog";
import { RecordDialog } from "./dialogs/RecordDialog";
import { UnfinishedRecordings } from "./UnfinishedRecordings";
import { UploadOptions } from "./UploadOptions";
import { cancelUpload, isAbort, storedFraction } from "./multipart-upload";
import { fingerprintOf } from "./resume-store";
import { partsTransport, type UploadTarget, uploadFile, uploadResumeStore } from "./upload";
import { UploadQueue } from "./upload-queue";

// One queue per workspace cache: uploads keep going while the user moves between folders.
// Each file keeps the workspace it was dropped in, whichever one is shown when it finishes.
const queues = new WeakMap<QueryClient, UploadQueue<UploadTarget>>();

function useUploadQueue(): UploadQueue<UploadTarget> {
  const queryClient = useQueryClient();
  let queue = queues.get(queryClient);
  if (!queue) {
    queue = new UploadQueue<UploadTarget>({
      // Each upload takes the options saved when it starts (the Options step saves them as the user's defaults).
      upload: (file, target, onProgress, signal) =>
        uploadFile(file, target, onProgress, authState.user?.preferences.transcription.defaults, signal),
      uploaded: (file, name) => {
        putFileInCache(queryClient, file);
        toast(`Successfully uploaded ${name}`, "success");
      },
      failed: (_name, reason) => toast(`Upload failed: ${reason}`, "error"),
      describe: describeError,
      isCancel: isAbort,
      fingerprint: fingerprintOf,
      resumable: async () =>
        (await uploadResumeStore().all()).map((r) => ({
          fingerprint: r.fingerprint,
          name: r.name,
          size: r.size,
          progress: storedFraction(r),
        })),
      discard: async (fingerprint) => {
        const record = await uploadResumeStore().get(fingerprint);
        if (record) await cancelUpload(partsTransport, uploadResumeStore(), record);
      },
    });
    void queue.loadResumable();
    queues.set(queryClient, queue);
  }
  return queue;
}

/**
 * The drop zone and the uploads in flight. `canUpload` false (a viewer's workspace) hides the drop
 * zone; uploads started elsewhere stay listed, and leaving the page still warns about them.
 */
export function UploadArea({
  workspaceId,
  folderId,
  folderLabel,
  canUpload,
}: {
  workspaceId: string;
  folderId: string | null;
  folderLabel: string;
  canUpload: boolean;
}) {
  const queue = useUploadQueue();
  const config = useServiceConfiguration();
  const { items, resumable } = useSnapshot(queue.state);
  useUploadGuards(queue);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [importing, setImporting] = useState(false);
  const [recording, setRecording] = useState(false);

  const maxBytes = config.data?.file_constraints.max_file_size ?? DISPLAY_MAX_FILE_SIZE_WITHOUT_CONFIG;
  const accept = config.data?.file_constraints.supported_formats.join(",") ?? "audio/*,video/*";

  function validate(file: File): string | null {
    const candidate = { name: file.name, type: file.type, size: file.size };
    if (config.data) return checkUpload(candidate, config.data);
    if (config.isError) return checkUploadFallback(candidate);
    return checkUpload(candidate, null);
  }

  function handle(files: FileList | File[], dropped: boolean) {
    const list = [...files];
    const accepted = dropped ? list.filter((f) => isMediaLike(f)) : list;
    const rejected = dropped ? list.filter((f) => !isMediaLike(f)) : [];
    if (rejected.length) toast(`File(s) ${rejected.map((f) => f.name).join(", ")} are not supported`, "error");
    void queue.add(accepted, { workspaceId, folderId }, validate);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    handle(e.dataTransfer.files, true);
  }

  return (
    <section className="upload" aria-label="Upload">
      {canUpload ? (
        <>
          <div
            className={`dropzone${dragging ? " is-dragging" : ""}`}
            role="button"
            tabIndex={0}
            data-testid="upload-area"
            data-tutorial="upload-area"
            onClick={() => input.current?.click()}
            onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && input.current?.click()}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <strong>Upload audio or video</strong>
            <span className="muted small">Click or drop files · max {Math.round(maxBytes / MB)} MB</span>
            <span className="muted small">To: {folderLabel}</span>
            <input
              ref={input}
              type="file"
              multiple
              accept={accept}
              hidden
              data-testid="upload-input"
              onChange={(e) => {
                if (e.target.files) handle(e.target.files, false);
                e.target.value = "";
              }}
            />
          </div>
          {importing && (
            <LinkImportDialog target={{ workspaceId, folderId }} folderLabel={folderLabel} onClose={() => setImporting(false)} />
          )}
          {recording && <RecordDialog target={{ workspaceId, folderId }} folderLabel={folderLabel} onClose={() => setRecording(false)} />}
          {/* In the options' row: the sidebar keeps its height for the tree on short windows. */}
          <UploadOptions
            actions={
              <>
                <button type="button" className="link-button small upload-import" onClick={() => setImporting(true)}>
                  Import from a link
                </button>
                <button type="button" className="link-button small upload-record" onClick={() => setRecording(true)}>
                  Record
                </button>
              </>
            }
          />
          <NoServiceNotice compact />
          <UnfinishedRecordings workspaceId={workspaceId} />
        </>
      ) : (
        <p className="muted small" data-testid="read-only-note">
          Your role in this workspace lets you open, play, search and export files, not change them.
        </p>
      )}
      {canUpload && resumable.length > 0 && (
        <ul className="upload-list" aria-label="Interrupted uploads">
          {resumable.map((r) => (
            <li key={r.fingerprint} className="upload-item upload-item--failed" data-testid="resumable-upload">
              <div className="upload-item-head">
                <span className="upload-name" title={r.name}>
                  {r.name}
                </span>
                <span className="small">{Math.round(r.progress * 100)}%</span>
              </div>
              <p className="small muted">Interrupted. Choose the same file again to resume.</p>
              <div className="upload-actions">
                <button type="button" className="link-button small" onClick={() => input.current?.click()}>
                  Choose file
                </button>
                <button
                  type="button"
                  className="link-button small"
                  aria-label={`Cancel upload of ${r.name}`}
                  onClick={() =>
                    void queue.discard(r.fingerprint).catch((error) => toast(`Upload failed: ${describeError(error)}`, "error"))
                  }
                >
                  Cancel
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <ul className="upload-list">
          {items.map((item) => (
            <li key={item.id} className={`upload-item upload-item--${item.state}`} data-testid="upload-item">
              <div className="upload-item-head">
                <span className="upload-name" title={item.name}>
                  {item.name}
                </span>
                <span className="small">
                  {item.state === "failed" ? "Failed" : item.state === "waiting" ? "Waiting" : `${Math.round(item.progress * 100)}%`}
                </span>
              </div>
              <div
                className="progress"
                role="progressbar"
                aria-label={`Uploading ${item.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(item.progress * 100)}
              >
                <div className="progress-bar" style={{ width: `${item.progress * 100}%` }} />
              </div>
              {item.state === "uploading" && item.rate && (
                <p className="small muted" data-testid="upload-rate">
                  {item.rate}
                </p>
              )}
              {item.error && <p className="field-error">{item.error}</p>}
              <div className="upload-actions">
                {item.state === "failed" && (
                  <button
                    type="button"
                    className="link-button small"
                    aria-label={`Retry upload of ${item.name}`}
                    onClick={() => queue.retry(item.id)}
                  >
                    Retry
                  </button>
                )}
                {(item.state === "waiting" || item.state === "uploading") && (
                  <button
                    type="button"
                    className="link-button small"
                    aria-label={`Cancel upload of ${item.name}`}
                    onClick={() => queue.cancel(item.id)}
                  >
                    Cancel
                  </button>
                )}
                {item.state === "failed" && (
                  <button type="button" className="link-button small" onClick={() => queue.dismiss(item.id)}>
                    Dismiss
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** While files are sending: a warning before the page is left, and a retry when the connection comes back. */
function useUploadGuards(queue: UploadQueue<UploadTarget>) {
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!queue.busy) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = "";
    };
    const online = () => queue.retryFailed();
    window.addEventListener("beforeunload", beforeUnload);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      window.removeEventListener("online", online);
    };
  }, [queue]);
}
