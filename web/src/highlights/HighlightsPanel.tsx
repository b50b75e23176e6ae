import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, Suspense, useEffect, useId, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { mayActOn } from "../../../common/authorship";
import { HIGHLIGHT_LIMITS, type HighlightDto, QUOTE_LIST_FORMATS, sameLabel } from "../../../common/highlights";
import type { AudioFileDto } from "../../../common/library";
import { formatTimestamp } from "../../../core/timestamps";
import { describeError } from "../api/errors";
import { cacheHighlight, highlightApi, highlightKeys, uncacheHighlight, useHighlightLabels, useHighlights } from "./highlights-api";
import { authState } from "../auth/store";
import { jumpToAnchor } from "../comments/jump";
import { openSession } from "../editor/session/open-sessions";
import { lazyNamed } from "../lib/lazy-chunk";
import { toast } from "../lib/toasts";
import { useCurrentWorkspace } from "../workspace/useCurrentWorkspace";
import { HIGHLIGHT_TEXTS as T } from "./highlight-texts";
import { closeHighlightPicker, type HighlightDraft, highlightsState } from "./highlights-state";

const MomentShareDialog = lazyNamed(() => import("./MomentShareDialog"), "MomentShareDialog");

/**
 * The Highlights panel of the tools sidebar: the label picker for the selected words, the file's
 * highlights in text order filtered by label (each goes to its words; its maker or an editor
 * removes it; an editor shares its moment), and the quote list's export.
 */
export function HighlightsPanel({ file }: { file: AudioFileDto }) {
  const me = useSnapshot(authState).user?.id ?? "";
  const { canComment, canEdit, role } = useCurrentWorkspace();
  const highlights = useHighlights(file.id);
  const state = useSnapshot(highlightsState);
  const draft = state.draft?.fileId === file.id ? state.draft : null;
  const [sharing, setSharing] = useState<HighlightDto | null>(null);
  const list = highlights.data ?? [];
  const labels = [...new Set(list.map((h) => h.label))];
  const filter = state.label && labels.some((l) => sameLabel(l, state.label!)) ? state.label : null;
  const shown = filter ? list.filter((h) => sameLabel(h.label, filter)) : list;

  return (
    <section className="tools-section highlights-panel" aria-labelledby="highlights-title" data-testid="highlights-panel">
      <div className="tools-section-head">
        <h3 id="highlights-title">
          {T.panelTitle} <span className="muted small">({list.length})</span>
        </h3>
      </div>
      {draft && canComment && <LabelPicker key={`${draft.startWordId}-${draft.endWordId}`} file={file} draft={draft} />}
      {labels.length > 0 && (
        <div className="comment-filters" role="group" aria-label={T.filterLabel}>
          {[null, ...labels].map((label) => (
            <button
              key={label ?? ""}
              type="button"
              className="comment-filter"
              aria-pressed={filter === label}
              data-testid="highlight-filter"
              onClick={() => (highlightsState.label = label)}
            >
              {label ?? T.all}
            </button>
          ))}
        </div>
      )}
      {highlights.isPending ? (
        <p className="muted small">Loading highlights...</p>
      ) : highlights.isError ? (
        <p className="field-error small" role="alert">
          {highlights.error.message}
        </p>
      ) : shown.length === 0 ? (
        <p className="muted small" data-testid="highlights-empty">
          {filter ? T.noneWithLabel(filter) : canComment ? T.emptyCanAdd : T.empty}
        </p>
      ) : (
        <ul className="highlight-list">
          {shown.map((h) => (
            <HighlightItem
              key={h.id}
              fileId={file.id}
              highlight={h}
              canRemove={role !== null && mayActOn("remove", { id: me, role }, h.created_by.id)}
              onShare={canEdit && !h.removed ? () => setSharing(h) : undefined}
            />
          ))}
        </ul>
      )}
      {list.length > 0 && <QuoteListExport fileId={file.id} label={filter} />}
      {sharing && (
        <Suspense fallback={null}>
          <MomentShareDialog fileId={file.id} highlight={sharing} onClose={() => setSharing(null)} />
        </Suspense>
      )}
    </section>
  );
}

function HighlightItem({
  fileId,
  highlight: h,
  canRemove,
  onShare,
}: {
  fileId: string;
  highlight: HighlightDto;
  canRemove: boolean;
  onShare: (() => void) | undefined;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    try {
      await highlightApi.remove(h.id);
      uncacheHighlight(queryClient, fileId, h.id);
      toast(T.deleted, "success");
    } catch (error) {
      toast(describeError(error), "error");
      setBusy(false);
    }
  }
  return (
    <li className={`highlight-item${h.removed ? " is-removed" : ""}`} data-testid="highlight-item" data-highlight-id={h.id}>
      <button
        type="button"
        className="highlight-jump"
        aria-label={T.jumpLabel(h.text, h.start_time)}
        onClick={() => jumpToAnchor(fileId, h)}
      >
        <span className="highlight-label">{h.label}</span>
        <span className="highlight-quote">“{h.text}”</span>
        <span className="muted small">
          {h.speaker} · {formatTimestamp(h.start_time)}
          {h.removed ? ` · ${T.removed}` : ""}
        </span>
      </button>
      {(onShare || canRemove) && (
        <div className="highlight-actions">
          {onShare && (
            <button type="button" className="button button--ghost button--small" aria-label={T.shareMomentLabel(h.text)} onClick={onShare}>
              {T.shareMoment}
            </button>
          )}
          {canRemove && (
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={T.removeLabel(h.text)}
              disabled={busy}
              onClick={() => void remove()}
            >
              {T.remove}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** The labels to pick from for the selected words, and a field for a new one. */
function LabelPicker({ file, draft }: { file: AudioFileDto; draft: HighlightDraft }) {
  const queryClient = useQueryClient();
  const labels = useHighlightLabels(file.workspaceId);
  const [custom, setCustom] = useState("");
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const first = useRef<HTMLButtonElement>(null);
  const ready = !!labels.data;
  // Keyboard users land on the first label: Enter picks it, Tab moves on, Escape cancels.
  useEffect(() => {
    if (ready) first.current?.focus();
  }, [ready]);

  async function pick(label: string) {
    if (!label.trim() || busy) return;
    setBusy(true);
    try {
      // Words typed here a moment ago are the server's once their save is through.
      const queue = openSession(file.id)?.queue;
      if (queue?.hasUnsent()) await queue.flush();
      const made = await highlightApi.create(file.id, { start_word_id: draft.startWordId, end_word_id: draft.endWordId, label });
      cacheHighlight(queryClient, file.id, made);
      void queryClient.invalidateQueries({ queryKey: highlightKeys.labels(file.workspaceId) });
      closeHighlightPicker();
      toast(T.added(made.label), "success");
    } catch (error) {
      toast(describeError(error), "error");
    } finally {
      setBusy(false);
    }
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void pick(custom);
  };
  return (
    <div
      className="comment-composer highlight-picker"
      role="group"
      aria-label={T.pickerLabel}
      data-testid="highlight-picker"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          closeHighlightPicker();
        }
      }}
    >
      <blockquote className="comment-quote-preview">“{draft.quote}”</blockquote>
      <p className="small">{T.pickerLabel}</p>
      <div className="comment-filters">
        {(labels.data ?? []).map((l, i) => (
          <button
            key={l.label}
            ref={i === 0 ? first : undefined}
            type="button"
            className="comment-filter"
            disabled={busy}
            data-testid="highlight-label-choice"
            onClick={() => void pick(l.label)}
          >
            {l.label}
          </button>
        ))}
      </div>
      <form className="highlight-new-label" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="small">
          {T.newLabel}
        </label>
        <input
          id={inputId}
          value={custom}
          maxLength={HIGHLIGHT_LIMITS.labelMaxLength}
          placeholder={T.newLabelPlaceholder}
          onChange={(e) => setCustom(e.target.value)}
        />
        <button type="submit" className="button button--small" disabled={busy || !custom.trim()}>
          {T.add}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={closeHighlightPicker}>
          {T.cancel}
        </button>
      </form>
    </div>
  );
}

/** The quote list of the highlights shown (one label's, or all grouped by label). */
function QuoteListExport({ fileId, label }: { fileId: string; label: string | null }) {
  const [busy, setBusy] = useState(false);
  async function save(format: (typeof QUOTE_LIST_FORMATS)[number]) {
    setBusy(true);
    try {
      await highlightApi.exportQuotes(fileId, format, label ?? undefined);
    } catch (error) {
      toast(describeError(error), "error");
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="highlight-export" role="group" aria-label={T.exportLegend}>
      <span className="small muted">{T.exportLegend}</span>
      {QUOTE_LIST_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="button button--ghost button--small"
          aria-label={T.exportAs(format)}
          data-testid={`highlights-export-${format}`}
          disabled={busy}
          onClick={() => void save(format)}
        >
          {format.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
