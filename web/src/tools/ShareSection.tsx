import { Suspense, useState } from "react";
import type { AudioFileDto } from "../../../common/library";
import { lazyNamed } from "../lib/lazy-chunk";

const ShareDialog = lazyNamed(() => import("./ShareDialog"), "ShareDialog");

/** The tools sidebar's way to share a file by link (the dialog loads when first opened). */
export function ShareSection({ file }: { file: AudioFileDto }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="tools-section" aria-label="Share">
      <button type="button" className="button button--ghost" data-testid="tools-share" onClick={() => setOpen(true)}>
        Share link...
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog audioFileId={file.id} fileName={file.name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
