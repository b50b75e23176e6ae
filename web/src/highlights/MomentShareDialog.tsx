import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { HighlightDto } from "../../../common/highlights";
import { SHARE_LIMITS } from "../../../common/shares";
import { shareKeys, useShares } from "../api/shares";
import { Modal } from "../components/Modal";
import { toast } from "../lib/toasts";
import { CreatedLink, NewShareForm } from "../tools/ShareDialog";
import { HIGHLIGHT_TEXTS } from "./highlight-texts";
import { momentUrl } from "./moment";

/**
 * "Share this moment": a new share link (its address is known only when made, so an existing one
 * cannot be reused), chosen as in the share dialog, whose address opens the shared page at the
 * highlight and plays from it. Copied to the clipboard once made.
 */
export function MomentShareDialog({ fileId, highlight, onClose }: { fileId: string; highlight: HighlightDto; onClose: () => void }) {
  const shares = useShares(fileId);
  const queryClient = useQueryClient();
  const [url, setUrl] = useState<string | null>(null);
  return (
    <Modal title={HIGHLIGHT_TEXTS.momentTitle(highlight.start_time)} onClose={onClose} wide>
      <p className="muted">{HIGHLIGHT_TEXTS.momentIntro}</p>
      <blockquote className="comment-quote-preview">“{highlight.text}”</blockquote>
      <NewShareForm
        audioFileId={fileId}
        full={(shares.data?.length ?? 0) >= SHARE_LIMITS.perFile}
        onCreated={(share) => {
          void queryClient.invalidateQueries({ queryKey: shareKeys.ofFile(fileId) });
          if (!share.url) return;
          const link = momentUrl(share.url, highlight.start_time, highlight.end_time);
          setUrl(link);
          navigator.clipboard?.writeText(link).then(
            () => toast(HIGHLIGHT_TEXTS.copied, "success"),
            () => undefined,
          );
        }}
      />
      {url && <CreatedLink url={url} label={HIGHLIGHT_TEXTS.momentLink} />}
    </Modal>
  );
}
