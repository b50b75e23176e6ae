import type { AudioFileDto } from "../../../common/library";
import type { TranscriptionOptions } from "../../../common/transcription-options";
import { api, call } from "../api/client";

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
 * PUTs the raw bytes straight to storage, reporting progress (0..1). `contentType` is
 * the type the upload link was issued for: storage refuses any other.
 */
export function putWithProgress(url: string, file: File, contentType: string, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new Error(`S3 upload failed: ${xhr.status} ${xhr.statusText || xhr.responseText}`.trim()));
      }
    };
    xhr.onerror = () => reject(new Error("S3 upload failed: 0 Network Error"));
    xhr.send(file);
  });
}

/** The three upload steps of the spec: ask for a URL, PUT the bytes, confirm (with the transcription options, when given). */
export async function uploadFile(
  file: File,
  folderId: string | null,
  onProgress: (fraction: number) => void,
  options?: TranscriptionOptions,
): Promise<AudioFileDto> {
  const duration = await measureDuration(file);
  const { upload_url, key, content_type } = await call(
    api.audio_files["upload-url"].$post({ json: { filename: file.name, content_type: file.type, file_size: file.size } }),
  );
  await putWithProgress(upload_url, file, content_type, onProgress);
  const { data } = await call(
    api.audio_files["confirm-upload"].$post({
      json: {
        filename: file.name,
        key,
        file_size: file.size,
        content_type: file.type,
        folder_id: folderId ?? "",
        duration_seconds: duration === null ? "" : Math.round(duration),
        ...(options ? { transcription_options: options } : {}),
      },
    }),
  );
  return data;
}
