import type { AudioFileDto } from "../../../common/library";
import type { TranscriptionOptions } from "../../../common/transcription-options";
import { MULTIPART_THRESHOLD } from "../../../common/multipart";
import { api, call } from "../api/client";
import {
  abortError,
  backoffMs,
  PART_ATTEMPTS,
  PARTS_IN_FLIGHT,
  type PartsDeps,
  type PartsTransport,
  statusOf,
  TransferError,
  uploadInParts,
} from "./multipart-upload";
import { idbResumeStore, memoryResumeStore, type ResumeStore } from "./resume-store";

export const DURATION_PROBE_TIMEOUT_MS = 10_000;

/** Reads the media duration in the browser; null when it cannot within 10 s. */
export function measureDuration(file: File, timeoutMs = DURATION_PROBE_TIMEOUT_MS): Promise<number | null> {
  return new Promise((resolve) => {
    const element = document.createElement(file.type.startsWith("video/") ? "video" : "audio");
    const url = URL.createObjectURL(file);
    let settled = false;
    const finish = (value: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      element.removeAttribute("src");
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    element.preload = "metadata";
    element.onloadedmetadata = () => finish(Number.isFinite(element.duration) ? element.duration : null);
    element.onerror = () => finish(null);
    element.src = url;
  });
}

/**
 * PUTs raw bytes straight to storage with XHR (fetch reports no upload progress), reporting
 * the bytes sent. Resolves with the response's ETag; a refusal or a lost connection rejects
 * with its status (0 for the network), a cancel with an AbortError.
 */
export function putBytes(
  url: string,
  body: Blob,
  headers: Record<string, string>,
  onProgress: (loadedBytes: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => signal?.removeEventListener("abort", onAbort);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(body.size);
        resolve(xhr.getResponseHeader("ETag") ?? "");
      } else {
        reject(new TransferError(xhr.status, `S3 upload failed: ${xhr.status} ${xhr.statusText || xhr.responseText}`.trim()));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new TransferError(0, "S3 upload failed: 0 Network Error"));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(body);
  });
}

/**
 * PUTs the raw bytes straight to storage, reporting progress (0..1). `contentType` is
 * the type the upload link was issued for: storage refuses any other.
 */
export async function putWithProgress(
  url: string,
  file: File,
  contentType: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  await putBytes(url, file, { "Content-Type": contentType }, (loaded) => onProgress(file.size ? loaded / file.size : 1), signal);
}

/** The parts API over the typed client; part bodies go straight to storage. */
export const partsTransport: PartsTransport = {
  create: async (file) =>
    (await call(api.uploads.$post({ json: { filename: file.name, content_type: file.type, file_size: file.size } }))).data,
  async status(uploadId) {
    try {
      return (await call(api.uploads[":id"].$get({ param: { id: uploadId } }))).data;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  },
  links: async (uploadId, partNumbers) =>
    (await call(api.uploads[":id"].parts.$post({ param: { id: uploadId }, json: { part_numbers: partNumbers } }))).data,
  // Parts carry no Content-Type: the object's type was fixed when the upload was created.
  put: (url, body, onProgress, signal) => putBytes(url, body, {}, onProgress, signal),
  complete: async (uploadId, parts) => (await call(api.uploads[":id"].complete.$post({ param: { id: uploadId }, json: { parts } }))).data,
  abort: async (uploadId) => {
    await call(api.uploads[":id"].$delete({ param: { id: uploadId } }));
  },
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });

let resumeStore: ResumeStore | null = null;
/** IndexedDB when the browser has it, else a memory that does not survive a reload. */
export function uploadResumeStore(): ResumeStore {
  resumeStore ??= typeof indexedDB === "undefined" ? memoryResumeStore() : idbResumeStore();
  return resumeStore;
}

/** Where a file goes: a workspace, and a folder of it or none. */
export interface UploadTarget {
  workspaceId: string;
  folderId: string | null;
}

export const partsDeps = (workspaceId?: string): PartsDeps => ({
  // A new upload is created in the workspace it is for (its quota counts there).
  transport: workspaceId
    ? {
        ...partsTransport,
        create: async (file) =>
          (
            await call(
              api.uploads.$post({
                json: { filename: file.name, content_type: file.type, file_size: file.size, workspace_id: workspaceId },
              }),
            )
          ).data,
      }
    : partsTransport,
  store: uploadResumeStore(),
  options: { partsInFlight: PARTS_IN_FLIGHT, attempts: PART_ATTEMPTS, backoffMs, sleep },
  now: () => Date.now(),
});

/**
 * The upload steps of the spec: ask for a URL, PUT the bytes, confirm (with the
 * transcription options, when given). A large file goes in parts instead of the one
 * PUT, and is then confirmed the same way.
 */
export async function uploadFile(
  file: File,
  { workspaceId, folderId }: UploadTarget,
  onProgress: (fraction: number) => void,
  options?: TranscriptionOptions,
  signal: AbortSignal = new AbortController().signal,
): Promise<AudioFileDto> {
  const duration = await measureDuration(file);
  const confirm = async ({ key }: { key: string }) => {
    const { data } = await call(
      api.audio_files["confirm-upload"].$post({
        json: {
          filename: file.name,
          key,
          file_size: file.size,
          content_type: file.type,
          folder_id: folderId ?? "",
          workspace_id: workspaceId,
          duration_seconds: duration === null ? "" : Math.round(duration),
          ...(options ? { transcription_options: options } : {}),
        },
      }),
    );
    return data;
  };
  if (file.size > MULTIPART_THRESHOLD) {
    return uploadInParts(file, folderId, partsDeps(workspaceId), (loaded) => onProgress(loaded / file.size), signal, confirm);
  }
  const { upload_url, key, content_type } = await call(
    api.audio_files["upload-url"].$post({
      json: { filename: file.name, content_type: file.type, file_size: file.size, workspace_id: workspaceId },
    }),
  );
  await putWithProgress(upload_url, file, content_type, onProgress, signal);
  if (signal.aborted) throw abortError();
  return confirm({ key });
}
