import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { authState } from "../auth/store";
import type { AudioFileDto } from "../../../common/library";
import { formatDate } from "../lib/dates";
import { PlaybackController } from "../editor/model/playback-controller";
import { formatLabel } from "../../../common/format";
import { TranscriptView } from "../editor/view/TranscriptView";
import { tutorials } from "../tutorials/tutorials";
import { openDialog } from "./dialog-state";
import { DownloadOriginal } from "./DownloadOriginal";
import { FailedCard } from "./FailedCard";
import { LinkDownload } from "./LinkDownload";
import { MediaPlayer } from "./MediaPlayer";
import { ProcessingProgress } from "./ProcessingProgress";
import { ReviewControl } from "./ReviewControl";
import { StatusBadge } from "./StatusBadge";
import { useCurrentWorkspace } from "./useCurrentWorkspace";
import { useFileSocket } from "../live/useFileSocket";
import { PresenceBar } from "./PresenceBar";
import { registerPlayback } from "../chapters/playback-link";

export function FileView({ file }: { file: AudioFileDto }) {
  // One playback controller per open file, shared by the player and the transcript.
  const [playback, setPlayback] = useState<PlaybackController | null>(null);
  // A viewer or commenter reads, plays and exports: the transcript is read-only, nothing restarts.
  const { canEdit, canComment } = useCurrentWorkspace();
  // A team's file: its changes and the people in it come on its own socket while it is open.
  useFileSocket(file);
  // docs/product.md#tutorials-and-shortcuts: the media-player tutorial, 1 s after a file without a transcript opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening another file starts the delay again
  useEffect(() => {
    if (!file.hasTranscript) tutorials.fileWithoutTranscriptOpened();
    return () => tutorials.cancelPending();
  }, [file.id, file.hasTranscript]);
  useEffect(() => {
    const controller = new PlaybackController();
    setPlayback(controller);
    const unregister = registerPlayback(file.id, controller);
    return () => {
      unregister();
      controller.dispose();
    };
  }, [file.id]);
  // A link import still downloading (its bytes are not here yet).
  const downloading = file.fileSize === 0 ? file.linkImport : null;
  // The keys' step, the backstep and pause-while-typing follow the user's preferences.
  const prefs = useSnapshot(authState).user?.preferences.playback;
  useEffect(() => {
    if (!playback || !prefs) return;
    playback.settings = {
      keySkipSeconds: prefs.skip_seconds,
      backstepSeconds: prefs.backstep_seconds,
      pauseWhileTyping: prefs.pause_while_typing,
      typingResumeMs: prefs.typing_resume_ms,
    };
  }, [playback, prefs]);
  return (
    <article className="file-view" data-testid="file-view">
      <header className="view-header">
        <h1 className="view-title" title={file.name}>
          {file.name}
        </h1>
        <PresenceBar fileId={file.id} />
        <div className="meta-row">
          <StatusBadge status={file.status} />
          <ReviewControl file={file} />
          <span>{file.fileSizeDisplay}</span>
          <span>{file.durationDisplay}</span>
          <span>{formatLabel(file.contentType)}</span>
          <span>{formatDate(file.createdAt)}</span>
          <DownloadOriginal file={file} />
          {canEdit && file.status !== "processing" && (
            <button
              type="button"
              className="link-button small"
              data-testid="retranscribe-open"
              onClick={() => openDialog({ kind: "retranscribe", file })}
            >
              Re-transcribe…
            </button>
          )}
        </div>
        {/* Inside the header: the article's own children stay the same from render to render. */}
        {file.transcriptionNotices.length > 0 && (
          <div className="alert alert--info small" role="note" data-testid="option-notices">
            <strong>Not every transcription option could be used:</strong>
            <ul>
              {file.transcriptionNotices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          </div>
        )}
      </header>
      {/* A link import has no media until its download is done: no player until then, not even a stale one. */}
      {file.fileSize > 0 && <MediaPlayer key={file.id} file={file} playback={playback} />}
      {file.status === "processing" && downloading && (
        <LinkDownload linkImport={downloading} onCancel={canEdit ? () => openDialog({ kind: "cancel-transcription", file }) : undefined} />
      )}
      {file.status === "processing" && !downloading && (
        <ProcessingProgress
          estimation={file.processingEstimation}
          job={file.job}
          onCancel={canEdit ? () => openDialog({ kind: "cancel-transcription", file }) : undefined}
        />
      )}
      {file.status === "failed" && <FailedCard file={file} canRetry={canEdit} />}
      {file.hasTranscript ? (
        <TranscriptView key={file.id} fileId={file.id} playback={playback} readOnly={!canEdit} canComment={canComment} />
      ) : (
        <div className="empty-state">
          <h2>No Transcript Available</h2>
          <p className="muted">This audio file has not been transcribed yet.</p>
        </div>
      )}
    </article>
  );
}
