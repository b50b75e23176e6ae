import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { COMMENT_LIMITS } from "../../../common/comments";
import { describeError } from "../api/errors";
import { insertMention, matchMembers, type MentionCandidate, mentionedIds, mentionQuery } from "./mentions";

/**
 * A comment's text box: `@` offers the workspace's members in a list the keys move through
 * (↑ ↓, Enter or Tab to pick, Escape to close); Ctrl/Cmd+Enter sends. An error from the server
 * is shown under it and what was typed stays.
 */
export function CommentBox({
  label,
  submitLabel,
  initial = "",
  initialMentions = [],
  members,
  selfId,
  autoFocus = false,
  onSubmit,
  onCancel,
  testId,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  /** The people the text being edited mentions already (kept while still named in it). */
  initialMentions?: readonly MentionCandidate[];
  /** Who may be mentioned (none in a personal workspace). */
  members: readonly MentionCandidate[];
  selfId: string;
  autoFocus?: boolean;
  /** Sends the text and the ids of the people mentioned in it; a throw is shown as the error. */
  onSubmit: (body: string, mentions: string[]) => Promise<void>;
  onCancel?: () => void;
  testId?: string;
}) {
  const [text, setText] = useState(initial);
  const [caret, setCaret] = useState(initial.length);
  const [picked, setPicked] = useState<MentionCandidate[]>([...initialMentions]);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const listId = `${id}-mentions`;
  const errorId = `${id}-error`;

  // After the render that shows it (a menu that opened it gives focus back first).
  useEffect(() => {
    if (!autoFocus) return;
    const el = field.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, [autoFocus]);

  const query = members.length ? mentionQuery(text, caret) : null;
  const options = query && query.start !== closedAt ? matchMembers(members, query.query, selfId) : [];
  const open = options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);

  function pick(member: MentionCandidate) {
    if (!query) return;
    const next = insertMention(text, query.start, caret, member.name);
    setText(next.text);
    setCaret(next.caret);
    setPicked((list) => (list.some((p) => p.id === member.id) ? list : [...list, member]));
    setActive(0);
    requestAnimationFrame(() => field.current?.setSelectionRange(next.caret, next.caret));
  }

  async function submit() {
    if (busy || !text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(text, mentionedIds(text, picked));
      setText("");
      setCaret(0);
      setPicked([]);
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.nativeEvent.isComposing) return;
    if (open && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
    } else if (open && (e.key === "Enter" || e.key === "Tab") && !e.shiftKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      pick(options[activeIndex]!);
    } else if (open && e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      setClosedAt(query?.start ?? null);
    } else if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    } else if (e.key === "Escape" && onCancel) {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    }
  }

  const note = (el: HTMLTextAreaElement) => setCaret(el.selectionStart ?? el.value.length);
  return (
    <div className="comment-box" data-testid={testId}>
      <div className="comment-box-field">
        <textarea
          ref={field}
          className="comment-textarea"
          aria-label={label}
          value={text}
          rows={2}
          maxLength={COMMENT_LIMITS.bodyMaxLength}
          readOnly={busy}
          aria-autocomplete={members.length ? "list" : undefined}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            note(e.target);
            setActive(0);
            if (closedAt !== null && mentionQuery(e.target.value, e.target.selectionStart ?? 0)?.start !== closedAt) setClosedAt(null);
          }}
          onSelect={(e) => note(e.currentTarget)}
          onKeyDown={onKeyDown}
          onBlur={() => setClosedAt(query?.start ?? null)}
          onFocus={() => setClosedAt(null)}
        />
        {open && (
          <div className="mention-list" id={listId} role="listbox" aria-label="Mention a member" data-testid="mention-list">
            {options.map((m, i) => (
              <div
                key={m.id}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === activeIndex}
                className={i === activeIndex ? "mention-option is-active" : "mention-option"}
                // Picked with the pointer without the box losing focus.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(m);
                }}
              >
                {m.name}
                {m.email && <span className="muted small"> {m.email}</span>}
              </div>
            ))}
          </div>
        )}
      </div>
      {error && (
        <p className="field-error small" id={errorId} role="alert" data-testid="comment-error">
          {error}
        </p>
      )}
      <div className="comment-box-actions">
        {onCancel && (
          <button type="button" className="button button--small" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        )}
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => void submit()}
          disabled={busy || !text.trim()}
        >
          {submitLabel}
        </button>
      </div>
    </div>
  );
}
