import { useState } from "react";
import type { AudioFileDto } from "../../../common/library";
import { describeError } from "../api/errors";
import { saveFile } from "../api/exports";
import { fileApi } from "../api/library";
import { toast } from "../lib/toasts";

/** The uploaded recording as it was stored, served as an attachment under its original filename. */
export function DownloadOriginal({ file }: { file: AudioFileDto }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="link-button small"
      data-testid="download-original"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          // A fresh link each time: the player's cached one may be close to expiry.
          const { download_url, filename } = await fileApi.download(file.id);
          saveFile(download_url, filename);
        } catch (error) {
          toast(`Failed to download file: ${describeError(error)}`, "error");
        } finally {
          setBusy(false);
        }
      }}
    >
      Download original
    </button>
  );
}
