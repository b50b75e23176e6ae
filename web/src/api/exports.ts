import type { ExportFormat, ExportOptions } from "../../../common/exports";
import { api, call } from "./client";

export const exportApi = {
  /** `language`: a completed translation's, else the transcript itself. */
  request: async (audioFileId: string, format: ExportFormat, options: ExportOptions, language: string | null = null) =>
    (
      await call(
        api.transcripts[":id"]["request-export"].$post({
          param: { id: audioFileId },
          json: { format, options, ...(language ? { language } : {}) },
        }),
      )
    ).data,
  get: async (id: string) => (await call(api.exports[":id"].$get({ param: { id } }))).data,
  download: async (id: string) => call(api.exports[":id"].download.$get({ param: { id } })),
};

/** Starts the browser's download of a link (the answer is served as an attachment). */
export function saveFile(url: string, filename: string): void {
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
}
