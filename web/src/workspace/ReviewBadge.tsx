import { REVIEW_LABELS, type ReviewStatus } from "../../../common/comments";

const TONES: Record<ReviewStatus, string> = { draft: "neutral", in_review: "blue", approved: "green" };

/** A file's review status: draft grey, in review blue, approved green. */
export function ReviewBadge({ status }: { status: ReviewStatus }) {
  return (
    <span className={`badge badge--${TONES[status] ?? "neutral"}`} data-testid="review-badge">
      {REVIEW_LABELS[status] ?? status}
    </span>
  );
}
