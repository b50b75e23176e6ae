import type { AudioFileDto } from "../../../common/library";
import { formatFileSize } from "../../../common/format";

type LinkImport = NonNullable<AudioFileDto["linkImport"]>;

/** A link import's download while it comes: the bytes so far (of how many, when the link said), and the link. */
export function LinkDownload({ linkImport, onCancel }: { linkImport: LinkImport; onCancel?: () => void }) {
  const { receivedBytes, totalBytes, url } = linkImport;
  const percent = totalBytes ? Math.floor(Math.min(100, (receivedBytes / totalBytes) * 100)) : null;
  return (
    <div className="card processing-card" data-testid="link-download">
      <div className="processing-head">
        <strong>Downloading from the link…</strong>
        <span className="muted small" data-testid="link-download-bytes">
          {formatFileSize(receivedBytes)}
          {totalBytes ? ` of ${formatFileSize(totalBytes)}` : " so far"}
        </span>
      </div>
      <div
        className="progress processing-progress"
        role="progressbar"
        aria-label="Download progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={`${formatFileSize(receivedBytes)} downloaded`}
      >
        <div
          className={`progress-bar${percent === null ? " progress-bar--indeterminate" : ""}`}
          style={{ width: percent === null ? undefined : `${percent}%` }}
        />
      </div>
      <p className="muted small">
        From <LinkText url={url} />. Transcription starts when the file is here.
      </p>
      {onCancel && (
        <button type="button" className="button button--ghost" data-testid="cancel-transcription" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

/** The link as text that wraps, never a link to follow from here. */
export function LinkText({ url }: { url: string }) {
  return (
    <span className="link-import-url" data-testid="link-import-url">
      {url}
    </span>
  );
}
