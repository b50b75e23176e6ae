import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { useSnapshot } from "valtio";
import type { AudioFileDto } from "../../../common/library";
import { cacheThread, commentApi, useComments } from "./comments-api";
import { workspaceApi, workspaceKeys } from "../api/workspaces";
import { authState } from "../auth/store";
import { openSession } from "../editor/session/open-sessions";
import { useCurrentWorkspace } from "../workspace/useCurrentWorkspace";
import { CommentBox } from "./CommentBox";
import { closeComposer, COMMENT_PARAM, commentsState, showThread } from "./comments-state";
import { CommentThread, type ThreadRights } from "./CommentThread";
import { subscribeMarks, threadPlaces } from "./marks-view";
import type { MentionCandidate } from "./mentions";
import { FILTER_LABELS, filterCounts, filterThreads, THREAD_FILTERS } from "./thread-list";

/**
 * The Comments panel of the tools sidebar (docs/product.md#comments): the file's threads in text
 * order, filtered, the comment being written on the selected words, and each thread's replies
 * and actions as the user's role allows.
 */
export function CommentsPanel({ file }: { file: AudioFileDto }) {
  const me = useSnapshot(authState).user?.id ?? "";
  const { canComment, role } = useCurrentWorkspace();
  const comments = useComments(file.id);
  const state = useSnapshot(commentsState);
  const draft = state.draft?.fileId === file.id ? state.draft : null;
  const places = useSyncExternalStore(subscribeMarks, () => threadPlaces(file.id));
  // A team's members can be mentioned; in a personal workspace there is nobody else.
  const team = file.workspaceId !== me;
  const members = useQuery({
    queryKey: workspaceKeys.members(file.workspaceId),
    queryFn: () => workspaceApi.members(file.workspaceId),
    enabled: team && canComment,
    staleTime: 60_000,
  });
  const candidates = useMemo<MentionCandidate[]>(
    () => (members.data ?? []).map((m) => ({ id: m.user_id, name: m.full_name, email: m.email })),
    [members.data],
  );
  const rights: ThreadRights = { me, canComment, actor: role ? { id: me, role } : null, members: candidates };
  const queryClient = useQueryClient();

  // A thread's link opens the panel on it.
  const [params, setParams] = useSearchParams();
  const linked = params.get(COMMENT_PARAM);
  useEffect(() => {
    if (!linked) return;
    showThread(linked);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(COMMENT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [linked, setParams]);

  // The thread asked for (a marker, a link) in the list shown, scrolled to and focused once drawn.
  const threads = comments.data ?? [];
  const [toFocus, setToFocus] = useState<string | null>(null);
  const focus = state.focus;
  useEffect(() => {
    if (!focus) return;
    const thread = threads.find((t) => t.id === focus.threadId);
    if (!thread) return;
    if (!filterThreads([thread], commentsState.filter, me).length) commentsState.filter = thread.resolved ? "resolved" : "open";
    setToFocus(thread.id);
    commentsState.focus = null;
  }, [focus, threads, me]);
  useEffect(() => {
    if (!toFocus) return;
    const el = document.querySelector<HTMLElement>(`[data-comment-id="${CSS.escape(toFocus)}"]`);
    if (!el) return;
    el.scrollIntoView({ block: "nearest" });
    el.focus();
    setToFocus(null);
  });

  async function create(body: string, mentions: string[]) {
    if (!draft) return;
    // Words typed here a moment ago are the server's once their save is through.
    const queue = openSession(file.id)?.queue;
    if (queue?.hasUnsent()) await queue.flush();
    const thread = await commentApi.create(file.id, {
      start_word_id: draft.startWordId,
      end_word_id: draft.endWordId,
      body,
      mentions,
    });
    cacheThread(queryClient, file.id, thread);
    closeComposer();
    commentsState.filter = "open";
    showThread(thread.id);
  }

  const counts = filterCounts(threads, me);
  const shown = filterThreads(threads, state.filter, me);
  return (
    <section className="tools-section comments-panel" aria-labelledby="comments-title" data-testid="comments-panel">
      <div className="tools-section-head">
        <h3 id="comments-title">
          Comments{" "}
          <span className="muted small" data-testid="comments-open-count">
            ({counts.open} open)
          </span>
        </h3>
      </div>
      {draft && (
        <div className="comment-composer" data-testid="comment-composer">
          <blockquote className="comment-quote-preview">“{draft.quote}”</blockquote>
          <CommentBox
            key={`${draft.startWordId}-${draft.endWordId}`}
            label="Comment on the selected words"
            submitLabel="Comment"
            members={candidates}
            selfId={me}
            autoFocus
            onSubmit={create}
            onCancel={closeComposer}
            testId="comment-new"
          />
        </div>
      )}
      <div className="comment-filters" role="group" aria-label="Show comments">
        {THREAD_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className="comment-filter"
            aria-pressed={state.filter === f}
            data-testid={`comment-filter-${f}`}
            onClick={() => (commentsState.filter = f)}
          >
            {FILTER_LABELS[f]} <span className="comment-filter-count">{counts[f]}</span>
          </button>
        ))}
      </div>
      {comments.isPending ? (
        <p className="muted small">Loading comments...</p>
      ) : comments.isError ? (
        <p className="field-error small" role="alert">
          {comments.error.message}
        </p>
      ) : shown.length === 0 ? (
        <p className="muted small" data-testid="comments-empty">
          {threads.length === 0
            ? canComment
              ? "No comments yet. Select words in the transcript and press Comment."
              : "No comments yet."
            : `No ${FILTER_LABELS[state.filter].toLowerCase()} comments.`}
        </p>
      ) : (
        <div className="comment-list">
          {shown.map((thread) => (
            <CommentThread key={thread.id} thread={thread} fileId={file.id} place={places.get(thread.id)} rights={rights} />
          ))}
        </div>
      )}
    </section>
  );
}
