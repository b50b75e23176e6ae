import { useQueryClient } from "@tanstack/react-query";
import { REVIEW_LABELS, REVIEW_STATUSES } from "../../../common/comments";
import type { AudioFileDto } from "../../../common/library";
import { Menu } from "../components/Menu";
import { formatDate } from "../lib/dates";
import { setReviewStatus } from "./library-commands";
import { ReviewBadge } from "./ReviewBadge";
import { useCurrentWorkspace } from "./useCurrentWorkspace";

/**
 * The file header's review status: the badge, who approved and when, and for commenters and up
 * a menu to change it (viewers see the status only).
 */
export function ReviewControl({ file }: { file: AudioFileDto }) {
  const { canComment } = useCurrentWorkspace();
  const client = useQueryClient();
  const label = REVIEW_LABELS[file.reviewStatus];
  return (
    <span className="review-control" data-testid="review-control">
      <ReviewBadge status={file.reviewStatus} />
      {file.reviewStatus === "approved" && file.reviewedAt && (
        <span data-testid="review-approval">
          {/* The approver's account may be gone: the date still says when. */}
          {file.reviewedBy ? `by ${file.reviewedBy.fullName} ` : ""}on <time dateTime={file.reviewedAt}>{formatDate(file.reviewedAt)}</time>
        </span>
      )}
      {canComment && (
        <Menu
          label={`Review status: ${label}. Change review status`}
          triggerClassName="link-button small"
          trigger="Review…"
          items={REVIEW_STATUSES.map((status) => ({
            label: REVIEW_LABELS[status],
            checked: status === file.reviewStatus,
            onSelect: () => {
              if (status !== file.reviewStatus) void setReviewStatus(client, file, status);
            },
          }))}
        />
      )}
    </span>
  );
}
