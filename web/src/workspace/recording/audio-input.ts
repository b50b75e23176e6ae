// The sound a recording takes: the microphone, and where the browser allows, a tab's audio mixed
// in with WebAudio; an analyser on the same sound drives the level meter.
import { recordingType } from "../../../../common/recordings";
import { RECORDING_TEXTS } from "./recording-texts";

export interface AudioInput {
  /** What MediaRecorder records. */
  stream: MediaStream;
  analyser: AnalyserNode;
  /** Stops every track (the browser's recording indicator goes) and the audio graph. */
  close(): void;
}

/** A refusal worded for the user already. */
class InputProblem extends Error {}

export const canRecord = () => typeof MediaRecorder !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
export const canRecordTab = () => typeof navigator.mediaDevices?.getDisplayMedia === "function";

/** What MediaRecorder should give, in the order we prefer; undefined leaves it to the browser. */
export function preferredMimeType(): string | undefined {
  return ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/webm", "audio/mp4"].find((t) => MediaRecorder.isTypeSupported(t));
}

/** The recorder's type as the server takes it, or null when the browser gives something else. */
export const serverType = (recorder: MediaRecorder) => recordingType(recorder.mimeType);

export async function openAudioInput(includeTab: boolean): Promise<AudioInput> {
  const mic = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  let tab: MediaStream | null = null;
  if (includeTab) {
    try {
      // Browsers share a tab's audio only with its picture: the picture is not recorded.
      tab = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
    } catch (error) {
      for (const track of mic.getTracks()) track.stop();
      if (error instanceof DOMException && error.name === "NotAllowedError") throw new InputProblem(RECORDING_TEXTS.noTabAudio);
      throw error;
    }
    if (tab.getAudioTracks().length === 0) {
      for (const track of [...mic.getTracks(), ...tab.getTracks()]) track.stop();
      throw new InputProblem(RECORDING_TEXTS.noTabAudio);
    }
  }
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  const micSource = context.createMediaStreamSource(mic);
  micSource.connect(analyser);
  let stream = mic;
  if (tab) {
    const mixed = context.createMediaStreamDestination();
    const tabSource = context.createMediaStreamSource(new MediaStream(tab.getAudioTracks()));
    for (const source of [micSource, tabSource]) source.connect(mixed);
    tabSource.connect(analyser);
    stream = mixed.stream;
  }
  return {
    stream,
    analyser,
    close() {
      for (const track of [...mic.getTracks(), ...(tab?.getTracks() ?? [])]) track.stop();
      void context.close().catch(() => undefined);
    },
  };
}

/** The text for a failure to open the microphone. */
export function describeInputError(error: unknown): string {
  if (error instanceof InputProblem) return error.message;
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return RECORDING_TEXTS.denied;
  if (name === "NotFoundError" || name === "OverconstrainedError") return RECORDING_TEXTS.noMicrophone;
  if (name === "NotReadableError" || name === "AbortError") return RECORDING_TEXTS.micBusy;
  return RECORDING_TEXTS.failed(error instanceof Error ? error.message : String(error));
}

/** The loudness of the samples as 0–100: −60 dB (or less) is 0, full scale is 100. */
export function levelOf(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  const db = rms > 0 ? 20 * Math.log10(rms) : -Infinity;
  return Math.round(Math.min(100, Math.max(0, ((db + 60) / 60) * 100)));
}
