import { describe, expect, it } from "vitest";
import type { AudioFileDto } from "../../common/library";
import type { FileStatusChangedEvent } from "../../common/live-messages";
import { applyFileStatusChanged, type FileEventEffects } from "../../web/src/live/file-events";

function recorder(selected: string | null) {
  const calls: string[] = [];
  const effects: FileEventEffects = {
    toast: (message, type) => calls.push(`toast ${type} ${message}`),
    patchFile: (id, patch) => calls.push(`patch ${id} ${patch.status} ${patch.hasTranscript} ${patch.name}`),
    refreshFiles: () => calls.push("refresh files"),
    reloadTranscript: (id) => calls.push(`reload transcript ${id}`),
    selectFile: (id) => calls.push(`select ${id}`),
    selectedFileId: () => selected,
  };
  return { calls, effects };
}

const change = (status: FileStatusChangedEvent["file"]["status"], hasTranscript: boolean, message: string): FileStatusChangedEvent => ({
  type: "file_status_changed",
  file_id: "f1",
  file: { status, has_transcript: hasTranscript, name: "talk.mp3" },
  message,
});

describe("file status changes", () => {
  it("ready with a transcript: success toast, refresh, transcript reload, selection", () => {
    const { calls, effects } = recorder("other");
    applyFileStatusChanged(change("ready", true, "Transcription completed"), effects);
    expect(calls).toEqual([
      "toast success talk.mp3: Transcription completed",
      "patch f1 ready true talk.mp3",
      "refresh files",
      "reload transcript f1",
      "select f1",
    ]);
  });

  it("a download's progress updates the file without a toast", () => {
    const { calls, effects } = recorder("f1");
    applyFileStatusChanged({ ...change("processing", false, "Downloading from the link"), quiet: true }, effects);
    expect(calls).toEqual(["patch f1 processing false talk.mp3", "refresh files"]);
  });

  it("keeps a teammate's file quiet: no toast, no jump to it, but the list and transcript follow", () => {
    const { calls, effects } = recorder("other");
    effects.currentUserId = () => "me";
    const teammate = { ...change("ready", true, "Transcription completed"), audio_file: { id: "f1", uploadedBy: "them" } as AudioFileDto };
    effects.replaceFile = (file) => calls.push(`replace ${file.id}`);
    applyFileStatusChanged(teammate, effects);
    expect(calls).toEqual(["replace f1", "reload transcript f1"]);
    // The same event for one's own upload toasts and selects.
    const own = recorder("other");
    own.effects.currentUserId = () => "me";
    own.effects.replaceFile = (file) => own.calls.push(`replace ${file.id}`);
    applyFileStatusChanged({ ...teammate, audio_file: { id: "f1", uploadedBy: "me" } as AudioFileDto }, own.effects);
    expect(own.calls).toEqual(["toast success talk.mp3: Transcription completed", "replace f1", "reload transcript f1", "select f1"]);
  });

  it("does not navigate when the ready file is already open", () => {
    const { calls, effects } = recorder("f1");
    applyFileStatusChanged(change("ready", true, "Transcription completed"), effects);
    expect(calls).toContain("reload transcript f1");
    expect(calls.some((c) => c.startsWith("select"))).toBe(false);
  });

  it("selects a ready file even when nothing is selected", () => {
    const { calls, effects } = recorder(null);
    applyFileStatusChanged(change("ready", false, "Done"), effects);
    expect(calls).toContain("select f1");
    expect(calls.some((c) => c.startsWith("reload"))).toBe(false);
  });

  it("failed: error toast and refresh, no selection", () => {
    const { calls, effects } = recorder("other");
    applyFileStatusChanged(change("failed", false, "Transcription failed: bad audio"), effects);
    expect(calls).toEqual(["toast error talk.mp3: Transcription failed: bad audio", "patch f1 failed false talk.mp3", "refresh files"]);
  });

  it("processing: info toast", () => {
    const { calls, effects } = recorder("f1");
    applyFileStatusChanged(change("processing", false, "Transcription started"), effects);
    expect(calls[0]).toBe("toast info talk.mp3: Transcription started");
    expect(calls).not.toContain("select f1");
  });
});

describe("file status changes carrying the whole file", () => {
  it("put the pushed file in place instead of refetching every file", () => {
    const { calls, effects } = recorder("f1");
    const replaced: string[] = [];
    effects.replaceFile = (file) => replaced.push(`${file.id} ${file.status} ${file.job?.attempt ?? "-"}`);
    const audioFile = { id: "f1", status: "processing", job: { attempt: 2, retrying: true, error: "HTTP 503", retryAt: null } } as never;
    applyFileStatusChanged({ ...change("processing", false, "Retrying (attempt 2): HTTP 503"), audio_file: audioFile }, effects);
    expect(replaced).toEqual(["f1 processing 2"]);
    expect(calls).toEqual(["toast info talk.mp3: Retrying (attempt 2): HTTP 503"]);
  });
});
