import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AudioFileDto } from "../../../common/library";
import { keys, putFileInCache } from "../api/library";
import { api, call } from "../api/client";
import { describeError } from "../api/errors";
import { toast } from "../lib/toasts";

/** A failed file: why, and a way to send it back to transcription. */
export function FailedCard({ file, canRetry }: { file: AudioFileDto; canRetry: boolean }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: async () => (await call(api.audio_files[":id"].retranscribe.$post({ param: { id: file.id }, json: {} }))).data,
    onSuccess: (updated) => {
      putFileInCache(queryClient, { ...updated, hasTranscript: updated.hasTranscript || file.hasTranscript });
      void queryClient.invalidateQueries({ queryKey: keys.allFiles });
    },
    onError: (error) => toast(`Transcription could not be restarted: ${describeError(error)}`, "error"),
  });

  return (
    <div className="card failed-card" data-testid="failed">
      <strong>Transcription failed</strong>
      <p className="failure-reason" data-testid="failure-reason">
        {file.failureReason || "The file could not be transcribed."}
      </p>
      {canRetry && (
        <button type="button" className="button button--primary" disabled={retry.isPending} onClick={() => retry.mutate()}>
          {retry.isPending ? "Starting..." : "Transcribe again"}
        </button>
      )}
    </div>
  );
}
