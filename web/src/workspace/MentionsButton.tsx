import { useNavigate } from "react-router";
import { useMentions } from "../comments/comments-api";
import { COMMENT_PARAM } from "../comments/comments-state";
import { Menu } from "../components/Menu";
import { formatRelative } from "../lib/dates";
import { useCurrentWorkspace } from "./useCurrentWorkspace";

/**
 * The top bar's count of unresolved threads mentioning the user, and their list: each opens its
 * file in its workspace with the thread shown in the Comments panel.
 */
export function MentionsButton() {
  const mentions = useMentions();
  const navigate = useNavigate();
  const { pathIn } = useCurrentWorkspace();
  const total = mentions.data?.total ?? 0;
  const list = mentions.data?.data ?? [];
  const label = total === 1 ? "Mentions: 1 open thread mentions you" : `Mentions: ${total} open threads mention you`;
  return (
    <span className="mentions-button" data-testid="mentions">
      <Menu
        label={label}
        triggerClassName="icon-button mentions-trigger"
        triggerTitle="Mentions of you in comments"
        trigger={
          <>
            <span aria-hidden="true">@</span>
            {total > 0 && (
              <span className="mentions-count" aria-hidden="true" data-testid="mentions-count">
                {total > 99 ? "99+" : total}
              </span>
            )}
          </>
        }
        items={
          list.length
            ? list.map((m) => ({
                key: m.comment_id,
                label: `${m.file_name} · ${formatRelative(m.created_at)}`,
                onSelect: () => navigate(pathIn(`/dashboard/file/${m.audio_file_id}?${COMMENT_PARAM}=${m.comment_id}`, m.workspace_id)),
              }))
            : [{ label: "No open threads mention you", onSelect: () => {}, disabled: true }]
        }
      />
    </span>
  );
}
