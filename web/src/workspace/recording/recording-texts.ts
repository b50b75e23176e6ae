// What the Record dialog and the unfinished-recording notice say.
import { formatTimestamp } from "../../../../core/timestamps";

export const RECORDING_TEXTS = {
  title: "Record",
  intro: (folder: string) =>
    `Records your microphone and transcribes it into ${folder}. The recording is saved every few seconds while you record.`,
  includeTab: "Also record a tab's audio (a call or a video playing in another tab)",
  start: "Start recording",
  starting: "Starting...",
  pause: "Pause",
  resume: "Resume",
  stop: "Stop and transcribe",
  stopping: "Saving...",
  cancel: "Cancel",
  recording: "Recording",
  paused: "Paused",
  elapsed: "Recorded",
  level: "Microphone level",
  savedUpTo: (seconds: number) => `Saved up to ${formatTimestamp(seconds)}`,
  nothingSaved: "Nothing saved yet",
  backlog: (parts: number) => `${parts} ${parts === 1 ? "part" : "parts"} waiting to be sent`,
  retrying: "Connection lost: retrying. Keep this tab open.",
  stopWaiting: "Stop waiting",
  stopWaitingText: (seconds: number) =>
    `Stop waiting to keep what is saved (up to ${formatTimestamp(seconds)}): the upload area offers to transcribe it. The rest is lost.`,
  keptSaved: (seconds: number) => `Recording kept up to ${formatTimestamp(seconds)}: transcribe it from the upload area`,
  denied:
    "Microphone access was refused. To record, allow the microphone for this site in your browser's site settings (the icon beside the address), then try again.",
  noMicrophone: "No microphone found. Connect one, then try again.",
  micBusy: "The microphone is in use by another program or could not be started.",
  noTabAudio: "The tab you chose shares no audio. Choose a tab and tick \u201cShare tab audio\u201d, or record the microphone alone.",
  unsupported: "This browser cannot record audio.",
  failed: (reason: string) => `Recording could not start: ${reason}`,
  stoppedBySend: (reason: string) => `The recording stopped: ${reason}`,
  discardTitle: "Discard this recording?",
  discardText: (seconds: number) => `The ${formatTimestamp(seconds)} recorded so far will be lost.`,
  keep: "Keep recording",
  discard: "Discard",
  transcribing: (name: string) => `Recording saved: transcribing ${name}`,
  leaveWarning: "A recording is in progress",
  unfinishedHeading: "Unfinished recording",
  unfinishedText: (name: string, seconds: number) =>
    seconds > 0
      ? `${name} was not finished. About ${formatTimestamp(seconds)} of it was saved.`
      : `${name} was not finished. Nothing of it was saved.`,
  transcribeSaved: "Transcribe what was saved",
  discarded: "Recording discarded",
} as const;
