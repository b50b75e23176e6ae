import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { formatTimestamp } from "../../../../core/timestamps";
import type { TranscriptionOptions } from "../../../../common/transcription-options";
import { describeError } from "../../api/errors";
import { keys, putFileInCache } from "../../api/library";
import { recordingKeys, recordingsApi } from "../../api/recordings";
import { authState } from "../../auth/store";
import { Modal } from "../../components/Modal";
import { guardUnsent } from "../../editor/model/unsent-guard";
import { toast } from "../../lib/toasts";
import {
  canRecord,
  canRecordTab,
  describeInputError,
  levelOf,
  openAudioInput,
  preferredMimeType,
  serverType,
} from "../recording/audio-input";
import type { SenderState } from "../recording/chunk-sender";
import { RECORDING_TEXTS as T } from "../recording/recording-texts";
import { RecordingSession, recordingsInThisTab } from "../recording/recording-session";
import type { UploadTarget } from "../upload";

type Phase = "ready" | "starting" | "recording" | "paused" | "confirm-discard" | "stopping" | "stopped";

/** "Recording 2026-11-28 14.05", in the user's own time. */
function defaultName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `Recording ${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}.${pad(now.getMinutes())}`;
}

/**
 * "Record": the microphone (and a tab's audio where the browser can) recorded and sent in chunks
 * while recording; Stop transcribes it into the same place as an upload, Cancel discards it.
 */
export function RecordDialog({ target, folderLabel, onClose }: { target: UploadTarget; folderLabel: string; onClose: () => void }) {
  const client = useQueryClient();
  const id = useId();
  const [phase, setPhase] = useState<Phase>("ready");
  const [error, setError] = useState<string | null>(null);
  const [includeTab, setIncludeTab] = useState(false);
  const [sender, setSender] = useState<SenderState | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const session = useRef<RecordingSession | null>(null);
  const recordingId = useRef<string | null>(null);
  /** The user stopped waiting for the last chunks: a late answer of the stop changes nothing. */
  const abandoned = useRef(false);
  const meter = useRef<HTMLDivElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const live = phase === "recording" || phase === "paused" || phase === "confirm-discard";

  // Start is where the keyboard begins (the dialog itself would focus the first field).
  useEffect(() => startButton.current?.focus(), []);
  useEffect(() => {
    if (phase === "recording" || phase === "paused") stopButton.current?.focus();
    if (phase === "confirm-discard") keepButton.current?.focus();
  }, [phase]);

  // Leaving the page asks first while chunks are still being recorded or sent.
  useEffect(() => (live || phase === "stopping" ? guardUnsent("recording", () => true) : undefined), [live, phase]);

  // The clock, a few times a second, and the level meter once a frame (written straight to the element).
  useEffect(() => {
    if (!live) return;
    const tick = setInterval(() => setElapsed(session.current?.elapsedMs() ?? 0), 250);
    const analyser = session.current?.input.analyser;
    const samples = new Float32Array(analyser?.fftSize ?? 0);
    let frame = 0;
    const draw = () => {
      if (analyser && meter.current) {
        analyser.getFloatTimeDomainData(samples);
        const level = session.current?.paused ? 0 : levelOf(samples);
        meter.current.setAttribute("aria-valuenow", String(level));
        (meter.current.firstElementChild as HTMLElement | null)?.style.setProperty("width", `${level}%`);
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => {
      clearInterval(tick);
      cancelAnimationFrame(frame);
    };
  }, [live]);

  // A dialog closed any other way (the page changes) leaves nothing recording.
  useEffect(
    () => () => {
      session.current?.discard();
      if (recordingId.current) recordingsInThisTab.delete(recordingId.current);
    },
    [],
  );

  async function start() {
    if (phase !== "ready") return;
    setError(null);
    setPhase("starting");
    let input: Awaited<ReturnType<typeof openAudioInput>>;
    try {
      if (!canRecord()) throw new Error(T.unsupported);
      input = await openAudioInput(includeTab);
    } catch (err) {
      setError(err instanceof Error && err.message === T.unsupported ? T.unsupported : describeInputError(err));
      setPhase("ready");
      return;
    }
    try {
      const preferred = preferredMimeType();
      const recorder = new MediaRecorder(input.stream, preferred ? { mimeType: preferred } : undefined);
      const type = serverType(recorder);
      if (!type) throw new Error(T.unsupported);
      const recording = await recordingsApi.start({
        mime_type: type,
        name: defaultName(),
        workspace_id: target.workspaceId,
        folder_id: target.folderId,
      });
      recordingId.current = recording.id;
      recordingsInThisTab.add(recording.id);
      const next = new RecordingSession(
        input,
        recorder,
        (n, chunk, signal) => recordingsApi.sendChunk(recording.id, n, chunk, signal),
        (state) => {
          setSender(state);
          if (state.refused) {
            setError(T.stoppedBySend(state.refused));
            setPhase("stopped");
          }
        },
      );
      session.current = next;
      next.start();
      setPhase("recording");
    } catch (err) {
      input.close();
      setError(describeError(err));
      setPhase("ready");
    }
  }

  async function stop() {
    const current = session.current;
    const recording = recordingId.current;
    if (!current || !recording) return;
    setPhase("stopping");
    try {
      const count = await current.stop();
      if (abandoned.current) return;
      const defaults = authState.user?.preferences.transcription.defaults as TranscriptionOptions | undefined;
      const file = await recordingsApi.finish(recording, { chunk_count: count, ...(defaults ? { transcription_options: defaults } : {}) });
      session.current = null;
      putFileInCache(client, file);
      void client.invalidateQueries({ queryKey: keys.allFiles });
      toast(T.transcribing(file.name), "success");
      onClose();
    } catch (err) {
      if (abandoned.current) return;
      // What was sent stays on the server: the upload area offers to transcribe it.
      setError(describeError(err));
      setPhase("stopped");
    }
  }

  async function discard() {
    session.current?.discard();
    session.current = null;
    const recording = recordingId.current;
    onClose();
    if (recording) {
      try {
        await recordingsApi.discard(recording);
        toast(T.discarded, "success");
      } catch (err) {
        toast(describeError(err), "error");
      }
    }
  }

  /** Saving cannot finish (no connection): keep what the server has, offered by the upload area. */
  function stopWaiting() {
    abandoned.current = true;
    const kept = session.current?.savedSeconds() ?? 0;
    session.current?.discard();
    session.current = null;
    void client.invalidateQueries({ queryKey: recordingKeys.unfinished });
    toast(T.keptSaved(kept));
    onClose();
  }

  function close() {
    if (phase === "confirm-discard") return setPhase(session.current?.paused ? "paused" : "recording");
    if (live) return setPhase("confirm-discard");
    if (phase === "stopping") return;
    if (phase === "stopped") void client.invalidateQueries({ queryKey: recordingKeys.unfinished });
    onClose();
  }

  const saved = session.current?.savedSeconds() ?? 0;
  const backlog = sender ? sender.recorded - sender.sent : 0;

  return (
    <Modal title={T.title} onClose={close}>
      <div className="form record-dialog" data-testid="record-dialog">
        {phase === "ready" || phase === "starting" ? (
          <>
            <p className="muted small">{T.intro(folderLabel)}</p>
            {canRecordTab() && (
              <label className="checkbox">
                <input type="checkbox" checked={includeTab} onChange={(e) => setIncludeTab(e.target.checked)} />
                {T.includeTab}
              </label>
            )}
          </>
        ) : (
          <div className="record-status" aria-live="off">
            <p className="record-clock">
              <span className="small muted">{phase === "paused" ? T.paused : T.elapsed}</span>{" "}
              <time data-testid="record-elapsed">{formatTimestamp(elapsed / 1000)}</time>
            </p>
            <div
              ref={meter}
              className="record-meter"
              role="meter"
              aria-label={T.level}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={0}
              data-testid="record-meter"
            >
              <div className="record-meter-bar" />
            </div>
            <p className="small muted" id={`${id}-saved`} data-testid="record-saved">
              {saved > 0 ? T.savedUpTo(saved) : T.nothingSaved}
              {backlog > 1 && ` · ${T.backlog(backlog - 1)}`}
            </p>
            {sender?.retrying && (
              <p className="small field-error" role="status">
                {T.retrying}
              </p>
            )}
            {sender?.retrying && phase === "stopping" && (
              <p className="small muted" id={`${id}-stop-waiting`}>
                {T.stopWaitingText(saved)}
              </p>
            )}
          </div>
        )}
        {error && (
          <p className="field-error" role="alert" id={`${id}-error`}>
            {error}
          </p>
        )}
        {phase === "confirm-discard" ? (
          <div className="confirm-text" role="group" aria-labelledby={`${id}-discard`}>
            <p id={`${id}-discard`}>
              <strong>{T.discardTitle}</strong> {T.discardText(elapsed / 1000)}
            </p>
            <div className="modal-actions">
              <button ref={keepButton} type="button" className="button button--ghost" onClick={close}>
                {T.keep}
              </button>
              <button type="button" className="button button--danger" onClick={() => void discard()}>
                {T.discard}
              </button>
            </div>
          </div>
        ) : (
          <div className="modal-actions">
            {phase === "stopping" && sender?.retrying ? (
              <button type="button" className="button button--ghost" aria-describedby={`${id}-stop-waiting`} onClick={stopWaiting}>
                {T.stopWaiting}
              </button>
            ) : (
              <button type="button" className="button button--ghost" onClick={close} disabled={phase === "stopping"}>
                {phase === "stopped" ? "Close" : T.cancel}
              </button>
            )}
            {(phase === "recording" || phase === "paused") && (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  if (phase === "paused") session.current?.resume();
                  else session.current?.pause();
                  setPhase(phase === "paused" ? "recording" : "paused");
                }}
              >
                {phase === "paused" ? T.resume : T.pause}
              </button>
            )}
            {phase === "ready" || phase === "starting" ? (
              <button ref={startButton} type="button" className="button button--primary" disabled={phase === "starting"} onClick={start}>
                {phase === "starting" ? T.starting : T.start}
              </button>
            ) : phase !== "stopped" ? (
              <button
                ref={stopButton}
                type="button"
                className="button button--primary"
                disabled={phase === "stopping"}
                aria-describedby={`${id}-saved`}
                onClick={stop}
              >
                {phase === "stopping" ? T.stopping : T.stop}
              </button>
            ) : null}
          </div>
        )}
      </div>
    </Modal>
  );
}
