import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AudioFileDto } from "../../../common/library";
import { keys, putFileInCache } from "../api/library";
import { api, call } from "../api/client";
import { describeError } from "../api/errors";
import { toast } from "../lib/toasts";
import { LinkText } from "./LinkDownload";

/** A failed file: why, and a way to send it back to transcription (a failed link import: the link, and Retry to fetch it again). */
export function FailedCard({ file, canRetry }: { file: AudioFileDto; canRetry: boolean }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: async () => (await call(api.audio_files[":id"].retranscribe.$post({ param: { id: file.id }, json: {} }))).data,
    onSuccess: (updated) => {
      putFileInCache(queryClient, { ...updated, hasTranscript: updated.hasTranscript || file.hasTranscript });
      void queryClient.invalidateQueries({ queryKey: keys.allFiles });
    },
    onError: (error) =>
      toast(`${file.linkImport ? "The import" : "Transcription"} could not be restarted: ${describeError(error)}`, "error"),
  });

  // An import that failed before its file came: the download failed, not a transcription.
  const link = file.fileSize === 0 ? file.linkImport : null;
  return (
    <div className="card failed-card" data-testid="failed">
      <strong>{link ? "Download from the link failed" : "Transcription failed"}</strong>
      <p className="failure-reason" data-testid="failure-reason">
        {file.failureReason || (link ? "The file could not be fetched from the link." : "The file could not be transcribed.")}
      </p>
      {link && (
        <p className="muted small">
          Link: <LinkText url={link.url} />
        </p>
      )}
      {canRetry && (
        <button type="button" className="button button--primary" disabled={retry.isPending} onClick={() => retry.mutate()}>
          {retry.isPending ? "Starting..." : link ? "Retry" : "Transcribe again"}
        </button>
      )}
    </div>
  );
}
