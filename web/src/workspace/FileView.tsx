import type { AudioFileDto } from "../../../common/library";
import { formatLabel } from "../../../common/format";
import { MediaPlayer } from "./MediaPlayer";
import { StatusBadge } from "./StatusBadge";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

export function FileView({ file }: { file: AudioFileDto }) {
  return (
    <article className="file-view" data-testid="file-view">
      <header className="view-header">
        <h1 className="view-title" title={file.name}>{file.name}</h1>
        <div className="meta-row">
          <StatusBadge status={file.status} />
          <span>{file.fileSizeDisplay}</span>
          <span>{file.durationDisplay}</span>
          <span>{formatLabel(file.contentType)}</span>
          <span>{formatDate(file.createdAt)}</span>
        </div>
        {file.status === "failed" && file.failureReason && <p className="field-error">{file.failureReason}</p>}
      </header>
      <MediaPlayer key={file.id} file={file} />
      {file.status === "processing" && (
        <div className="card processing-card" data-testid="processing">
          <strong>Transcribing…</strong>
          <p className="muted small">The transcript will appear here when it is ready.</p>
        </div>
      )}
      {!file.hasTranscript && (
        <div className="empty-state">
          <h2>No Transcript Available</h2>
          <p className="muted">This audio file has not been transcribed yet.</p>
        </div>
      )}
    </article>
  );
}
