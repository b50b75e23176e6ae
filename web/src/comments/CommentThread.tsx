import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type Actor, mayActOn } from "../../../common/authorship";
import type { CommentDto, CommentReplyDto } from "../../../common/comments";
import { cacheThread, commentApi, uncacheComment } from "./comments-api";
import { describeError } from "../api/errors";
import { formatDateTime, formatRelative } from "../lib/dates";
import { formatTimestamp } from "../../../core/timestamps";
import type { ThreadPlace } from "./comment-marks";
import { CommentBody } from "./CommentBody";
import { CommentBox } from "./CommentBox";
import { jumpToAnchor } from "./jump";
import type { MentionCandidate } from "./mentions";

export interface ThreadRights {
  me: string;
  /** Commenters and up: reply. */
  canComment: boolean;
  /** The user as a member of the file's workspace: what they may do to whose comment is common/authorship.ts. */
  actor: Actor | null;
  members: readonly MentionCandidate[];
}

/** One thread of the Comments panel: its words (a button that goes there), the comment, its replies and what the user may do. */
export function CommentThread({
  thread,
  fileId,
  place,
  rights,
}: {
  thread: CommentDto;
  fileId: string;
  /** Where its words are in the open editor (their text as edited here). */
  place: ThreadPlace | undefined;
  rights: ThreadRights;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { anchor } = thread;
  const canResolve = rights.actor !== null && mayActOn("resolve", rights.actor, thread.author.id);

  async function resolve(resolved: boolean) {
    setBusy(true);
    setError(null);
    try {
      cacheThread(queryClient, fileId, await commentApi.update(thread.id, { resolved }));
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  }

  const reply = async (body: string, mentions: string[]) =>
    cacheThread(queryClient, fileId, await commentApi.reply(thread.id, body, mentions));

  return (
    <article
      className={`comment-thread${thread.resolved ? " is-resolved" : ""}`}
      data-testid="comment-thread"
      data-comment-id={thread.id}
      tabIndex={-1}
      aria-label={`Comment by ${thread.author.full_name}${thread.resolved ? ", resolved" : ""}`}
    >
      <button
        type="button"
        className="comment-quote"
        data-testid="comment-quote"
        title={`Go to ${formatTimestamp(anchor.start_time)}`}
        onClick={() => jumpToAnchor(fileId, anchor)}
      >
        {anchor.removed ? (
          <>
            <span className="badge badge--neutral" data-testid="comment-removed">
              Text removed
            </span>{" "}
            <s>{anchor.text}</s>
          </>
        ) : (
          <>“{place?.text ?? anchor.text}”</>
        )}
        <span className="visually-hidden"> (go to {formatTimestamp(anchor.start_time)})</span>
      </button>
      <CommentEntry comment={thread} fileId={fileId} rights={rights} />
      {thread.resolved && thread.resolved_by && (
        <p className="muted small" data-testid="comment-resolved-by">
          Resolved by {thread.resolved_by.full_name}
        </p>
      )}
      {thread.replies.length > 0 && (
        <ol className="comment-replies" aria-label="Replies">
          {thread.replies.map((r) => (
            <li key={r.id} data-testid="comment-reply">
              <CommentEntry comment={r} fileId={fileId} rights={rights} />
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p className="field-error small" role="alert">
          {error}
        </p>
      )}
      <div className="comment-thread-actions">
        {canResolve && (
          <button
            type="button"
            className="button button--small"
            data-testid={thread.resolved ? "comment-reopen" : "comment-resolve"}
            disabled={busy}
            onClick={() => void resolve(!thread.resolved)}
          >
            {thread.resolved ? "Reopen" : "Resolve"}
          </button>
        )}
      </div>
      {rights.canComment && !thread.resolved && (
        <CommentBox
          label={`Reply to ${thread.author.full_name}`}
          submitLabel="Reply"
          members={rights.members}
          selfId={rights.me}
          onSubmit={reply}
          testId="comment-reply-box"
        />
      )}
    </article>
  );
}

/** A thread's comment or a reply: author, time, text; its author edits or deletes it (deleting asks first). */
function CommentEntry({ comment, fileId, rights }: { comment: CommentDto | CommentReplyDto; fileId: string; rights: ThreadRights }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const own = rights.actor !== null && mayActOn("rewrite", rights.actor, comment.author.id);
  const edited = comment.updated_at !== comment.created_at;

  async function save(body: string, mentions: string[]) {
    cacheThread(queryClient, fileId, await commentApi.update(comment.id, { body, mentions }));
    setEditing(false);
  }

  async function remove() {
    setError(null);
    try {
      await commentApi.remove(comment.id);
      uncacheComment(queryClient, fileId, comment.id);
    } catch (e) {
      setError(describeError(e));
      setConfirming(false);
    }
  }

  return (
    <div className="comment-entry">
      <p className="comment-meta small">
        <strong>{comment.author.full_name}</strong>{" "}
        <time className="muted" dateTime={comment.created_at} title={formatDateTime(comment.created_at)}>
          {formatRelative(comment.created_at)}
        </time>
        {edited && <span className="muted"> (edited)</span>}
      </p>
      {editing ? (
        <CommentBox
          label="Edit comment"
          submitLabel="Save"
          initial={comment.body}
          initialMentions={comment.mentions.map((m) => ({ id: m.id, name: m.full_name }))}
          members={rights.members}
          selfId={rights.me}
          autoFocus
          onSubmit={save}
          onCancel={() => setEditing(false)}
          testId="comment-edit-box"
        />
      ) : (
        <CommentBody body={comment.body} mentions={comment.mentions} />
      )}
      {error && (
        <p className="field-error small" role="alert">
          {error}
        </p>
      )}
      {own && !editing && (
        <div className="comment-entry-actions">
          {confirming ? (
            <>
              <span className="small">Delete this comment?</span>
              <button
                type="button"
                className="button button--danger button--small"
                data-testid="comment-delete-confirm"
                onClick={() => void remove()}
              >
                Delete
              </button>
              <button type="button" className="button button--small" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </>
          ) : (
            <>
              <button type="button" className="link-button small" data-testid="comment-edit" onClick={() => setEditing(true)}>
                Edit
              </button>
              <button type="button" className="link-button small" data-testid="comment-delete" onClick={() => setConfirming(true)}>
                Delete
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
