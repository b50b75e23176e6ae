import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import { REVIEW_LABELS, REVIEW_STATUSES, type ReviewStatus } from "../../../common/comments";
import { type AudioFileDto, FILE_SORTS, FILE_STATUSES, type FileSort, type FileStatus } from "../../../common/library";
import { formatDate } from "../lib/dates";
import {
  clickSelection,
  countLabel,
  DEFAULT_VIEW,
  EMPTY_SELECTION,
  type ListView,
  SORT_LABELS,
  selectedInView,
  toggleAll,
  visibleFiles,
} from "../lib/file-list-view";
import { openDialog } from "./dialog-state";
import { ReviewBadge } from "./ReviewBadge";
import { StatusBadge } from "./StatusBadge";
import { useCurrentWorkspace } from "./useCurrentWorkspace";
import { useSelection } from "./useSelection";

const ROW_HEIGHT = 44;
const STATUS_LABELS: Record<FileStatus, string> = { ready: "Ready", processing: "Processing", failed: "Failed" };

/**
 * A folder's files: sorted, filtered by status and review status, selectable for bulk move and delete.
 * Only the rows in view are rendered, so ten thousand files scroll as smoothly as ten.
 */
export function FilesList({ files, folderId }: { files: AudioFileDto[]; folderId: string | null }) {
  const { selectFile } = useSelection();
  const { canEdit } = useCurrentWorkspace();
  const [view, setView] = useState<ListView>(DEFAULT_VIEW);
  const [selection, setSelection] = useState(EMPTY_SELECTION);
  // Another folder starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the folder is the trigger
  useEffect(() => setSelection(EMPTY_SELECTION), [folderId]);

  const shown = useMemo(() => visibleFiles(files, folderId, view), [files, folderId, view]);
  const orderedIds = useMemo(() => shown.map((f) => f.id), [shown]);
  const selectedIds = useMemo(() => selectedInView(selection, orderedIds), [selection, orderedIds]);
  const allSelected = shown.length > 0 && selectedIds.length === shown.length;

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => orderedIds[index] ?? index,
  });

  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selectedIds.length > 0 && !allSelected;
  }, [selectedIds.length, allSelected]);

  // Stable across renders (the order is read from a ref), so rows that stay in view are not redrawn while scrolling.
  const order = useRef(orderedIds);
  order.current = orderedIds;
  const click = useCallback(
    (id: string, e: MouseEvent, fromCheckbox: boolean) =>
      setSelection((s) => clickSelection(s, order.current, id, { shift: e.shiftKey, toggle: fromCheckbox || e.ctrlKey || e.metaKey })),
    [],
  );
  const chosen = () => {
    const set = new Set(selectedIds);
    return shown.filter((f) => set.has(f.id));
  };

  return (
    <div className="files-list" data-testid="files-list">
      <div className="files-toolbar">
        <label className="files-toolbar-field">
          <span>Sort by</span>
          <select
            aria-label="Sort by"
            value={view.sort}
            onChange={(e) => {
              const sort = e.target.value as FileSort;
              // Dates newest first; names, sizes and the rest from the smallest.
              setView((v) => ({ ...v, sort, order: sort === "created" ? "desc" : "asc" }));
            }}
          >
            {FILE_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={view.order === "asc" ? "Ascending order: switch to descending" : "Descending order: switch to ascending"}
          onClick={() => setView((v) => ({ ...v, order: v.order === "asc" ? "desc" : "asc" }))}
        >
          {view.order === "asc" ? "↑ Asc" : "↓ Desc"}
        </button>
        <label className="files-toolbar-field">
          <span>Status</span>
          <select
            aria-label="Filter by status"
            value={view.status ?? ""}
            onChange={(e) => setView((v) => ({ ...v, status: (e.target.value || null) as FileStatus | null }))}
          >
            <option value="">All</option>
            {FILE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="files-toolbar-field">
          <span>Review</span>
          <select
            aria-label="Filter by review status"
            value={view.review ?? ""}
            onChange={(e) => setView((v) => ({ ...v, review: (e.target.value || null) as ReviewStatus | null }))}
          >
            <option value="">All</option>
            {REVIEW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {REVIEW_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="files-selection-bar" data-testid="selection-bar">
        <label className="files-select-all">
          <input
            ref={selectAll}
            type="checkbox"
            aria-label="Select all shown files"
            checked={allSelected}
            disabled={shown.length === 0}
            onChange={() => setSelection((s) => toggleAll(s, orderedIds))}
          />
          <span aria-live="polite">{selectedIds.length > 0 ? `${countLabel(selectedIds.length)} selected` : countLabel(shown.length)}</span>
        </label>
        {canEdit && selectedIds.length > 0 && (
          <div className="files-bulk-actions">
            <button type="button" className="button button--small" onClick={() => openDialog({ kind: "bulk-move", files: chosen() })}>
              Move to…
            </button>
            <button
              type="button"
              className="button button--small button--danger"
              onClick={() => openDialog({ kind: "bulk-delete", files: chosen() })}
            >
              Delete
            </button>
            <button type="button" className="link-button small" onClick={() => setSelection(EMPTY_SELECTION)}>
              Clear selection
            </button>
          </div>
        )}
      </div>
      {shown.length === 0 ? (
        <p className="muted small files-none">No files with this status.</p>
      ) : (
        <div
          className="files-scroll"
          ref={scroller}
          data-testid="files-scroll"
          // As tall as its rows, up to the CSS cap; a known height lets the virtualizer measure at once.
          style={{ height: `min(60vh, ${virtualizer.getTotalSize() + 2}px)` }}
        >
          <div role="list" aria-label="Files in this folder" className="files-rows" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const f = shown[item.index]!;
              return (
                <FileRow
                  key={item.key}
                  file={f}
                  position={item.index + 1}
                  total={shown.length}
                  top={item.start}
                  selected={selection.ids.has(f.id)}
                  onSelectClick={click}
                  onOpen={selectFile}
                />
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}

/** One row; memoized so a scroll redraws only the rows that come into view. */
const FileRow = memo(function FileRow({
  file: f,
  position,
  total,
  top,
  selected,
  onSelectClick,
  onOpen,
}: {
  file: AudioFileDto;
  position: number;
  total: number;
  top: number;
  selected: boolean;
  onSelectClick: (id: string, e: MouseEvent, fromCheckbox: boolean) => void;
  onOpen: (id: string) => void;
}) {
  return (
    <div
      role="listitem"
      aria-setsize={total}
      aria-posinset={position}
      className={`files-row${selected ? " is-selected" : ""}`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <input
        type="checkbox"
        className="files-row-check"
        aria-label={`Select ${f.name}`}
        checked={selected}
        onClick={(e) => onSelectClick(f.id, e, true)}
        // The click handler decides (it sees Shift); the change itself needs no handling.
        onChange={() => {}}
      />
      <button
        type="button"
        className="file-list-row"
        title={f.name}
        // Shift-click would otherwise select the page's text.
        onMouseDown={(e) => e.shiftKey && e.preventDefault()}
        onClick={(e) => (e.shiftKey || e.ctrlKey || e.metaKey ? onSelectClick(f.id, e, false) : onOpen(f.id))}
      >
        <span className="file-list-name">{f.name}</span>
        <StatusBadge status={f.status} />
        <ReviewBadge status={f.reviewStatus} />
        <span className="muted small files-row-size">{f.fileSizeDisplay}</span>
        <span className="muted small">{f.durationDisplay}</span>
        <span className="muted small files-row-date">{formatDate(f.createdAt)}</span>
      </button>
    </div>
  );
});
