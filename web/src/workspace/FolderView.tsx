import type { AudioFileDto } from "../../../common/library";
import { formatDate } from "../lib/dates";
import { formatFileSize } from "../../../common/format";
import { folderStats } from "../lib/library";
import { FilesList } from "./FilesList";

export function FolderView({
  name,
  createdAt,
  folderId,
  files,
}: {
  name: string;
  createdAt: string | null;
  folderId: string | null;
  files: AudioFileDto[];
}) {
  const stats = folderStats(files, folderId);
  const inFolder = files.filter((f) => (f.folderId ?? null) === folderId);
  return (
    <article className="folder-view" data-testid="folder-view">
      <header className="view-header">
        <h1 className="view-title">{name}</h1>
        <div className="meta-row">
          <span className="badge badge--neutral">Folder</span>
          <span>
            {stats.fileCount} {stats.fileCount === 1 ? "file" : "files"}
          </span>
          {stats.totalSize > 0 && <span>{formatFileSize(stats.totalSize)}</span>}
          {createdAt && <span>{formatDate(createdAt)}</span>}
        </div>
      </header>
      <div className="card details-card">
        <h2>Details</h2>
        <dl className="details">
          <div>
            <dt>Audio Files</dt>
            <dd data-testid="detail-files">{stats.fileCount}</dd>
          </div>
          <div>
            <dt>Total Size</dt>
            <dd data-testid="detail-size">{stats.totalSize > 0 ? formatFileSize(stats.totalSize) : "—"}</dd>
          </div>
          <div>
            <dt>Transcribed</dt>
            <dd data-testid="detail-transcribed">{stats.transcribedCount}</dd>
          </div>
        </dl>
      </div>
      {inFolder.length === 0 ? (
        <div className="empty-state">
          <h2>No audio files</h2>
          <p className="muted">Get started by uploading an audio file to this folder.</p>
        </div>
      ) : (
        <section>
          <h2 className="section-title">Files in this Folder</h2>
          <FilesList files={files} folderId={folderId} />
        </section>
      )}
    </article>
  );
}
