import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { RECORDING_LIMITS } from "../../../common/recordings";
import type { TranscriptionOptions } from "../../../common/transcription-options";
import { describeError } from "../api/errors";
import { keys, putFileInCache } from "../api/library";
import { recordingKeys, recordingsApi } from "../api/recordings";
import { authState } from "../auth/store";
import { toast } from "../lib/toasts";
import { RECORDING_TEXTS as T } from "./recording/recording-texts";
import { recordingsInThisTab } from "./recording/recording-session";

/** Recordings a closed tab or a crash left in this workspace: transcribe what was saved, or discard. */
export function UnfinishedRecordings({ workspaceId }: { workspaceId: string }) {
  const client = useQueryClient();
  const list = useQuery({ queryKey: recordingKeys.unfinished, queryFn: recordingsApi.unfinished });
  const [busy, setBusy] = useState<string | null>(null);
  const shown = (list.data ?? []).filter((r) => r.workspace_id === workspaceId && !recordingsInThisTab.has(r.id));
  if (shown.length === 0) return null;

  async function act(id: string, run: () => Promise<void>) {
    setBusy(id);
    try {
      await run();
    } catch (error) {
      toast(describeError(error), "error");
    } finally {
      setBusy(null);
      void client.invalidateQueries({ queryKey: recordingKeys.unfinished });
    }
  }

  const transcribe = (id: string, chunkCount: number) =>
    act(id, async () => {
      const defaults = authState.user?.preferences.transcription.defaults as TranscriptionOptions | undefined;
      const file = await recordingsApi.finish(id, { chunk_count: chunkCount, ...(defaults ? { transcription_options: defaults } : {}) });
      putFileInCache(client, file);
      void client.invalidateQueries({ queryKey: keys.allFiles });
      toast(T.transcribing(file.name), "success");
    });
  const discard = (id: string) =>
    act(id, async () => {
      await recordingsApi.discard(id);
      toast(T.discarded, "success");
    });

  return (
    <ul className="upload-list" aria-label="Unfinished recordings">
      {shown.map((r) => (
        <li key={r.id} className="upload-item upload-item--failed" data-testid="unfinished-recording">
          <p className="small">
            <strong>{T.unfinishedHeading}.</strong> {T.unfinishedText(r.name, (r.chunk_count * RECORDING_LIMITS.timesliceMs) / 1000)}
          </p>
          <div className="upload-actions">
            {r.chunk_count > 0 && (
              <button
                type="button"
                className="link-button small"
                disabled={busy === r.id}
                onClick={() => void transcribe(r.id, r.chunk_count)}
              >
                {T.transcribeSaved}
              </button>
            )}
            <button
              type="button"
              className="link-button small"
              disabled={busy === r.id}
              aria-label={`${T.discard} ${r.name}`}
              onClick={() => void discard(r.id)}
            >
              {T.discard}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
