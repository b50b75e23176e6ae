// The folder view's file list as plain functions: which files it shows, in
// which order, and what a click does to the selection (checkbox, Shift-click
// ranges, Ctrl/Cmd-click). The component only renders what these answer.
import type { ReviewStatus } from "../../../common/comments";
import type { AudioFileDto, FileSort, FileStatus, SortOrder } from "../../../common/library";

export interface ListView {
  sort: FileSort;
  order: SortOrder;
  /** null: every status. */
  status: FileStatus | null;
  /** null: every review status. */
  review: ReviewStatus | null;
}

export const DEFAULT_VIEW: ListView = { sort: "created", order: "desc", status: null, review: null };

export const SORT_LABELS: Record<FileSort, string> = {
  name: "Name",
  created: "Date",
  duration: "Duration",
  size: "Size",
  status: "Status",
};

const byName = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

function compare(a: AudioFileDto, b: AudioFileDto, sort: FileSort): number {
  switch (sort) {
    case "name":
      return byName.compare(a.name, b.name);
    case "created":
      return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
    case "duration":
      // Not measured sorts as the shortest, as the server does.
      return (a.durationSeconds ?? -1) - (b.durationSeconds ?? -1);
    case "size":
      return a.fileSize - b.fileSize;
    case "status":
      return a.status < b.status ? -1 : a.status > b.status ? 1 : 0;
  }
}

/** The files of one folder (null = Common) with the view's filter and order; ties by name, then id, so the order is stable. */
export function visibleFiles(files: readonly AudioFileDto[], folderId: string | null, view: ListView): AudioFileDto[] {
  const sign = view.order === "asc" ? 1 : -1;
  return files
    .filter(
      (f) =>
        (f.folderId ?? null) === folderId &&
        (view.status === null || f.status === view.status) &&
        (view.review === null || f.reviewStatus === view.review),
    )
    .sort((a, b) => sign * compare(a, b, view.sort) || byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export interface Selection {
  ids: ReadonlySet<string>;
  /** Where the next Shift-click range starts. */
  anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export interface ClickKeys {
  shift: boolean;
  /** Ctrl on Windows and Linux, Cmd on macOS; a checkbox click counts as this too. */
  toggle: boolean;
}

/**
 * A click on a row's checkbox or, with a modifier, on the row. Shift selects the range from the
 * anchor to the row (added to what is selected); toggle adds or removes one row and moves the anchor.
 */
export function clickSelection(selection: Selection, orderedIds: readonly string[], id: string, keys: ClickKeys): Selection {
  const anchorIndex = selection.anchor === null ? -1 : orderedIds.indexOf(selection.anchor);
  const index = orderedIds.indexOf(id);
  if (index === -1) return selection;
  if (keys.shift && anchorIndex !== -1) {
    const [from, to] = anchorIndex <= index ? [anchorIndex, index] : [index, anchorIndex];
    const ids = new Set(selection.ids);
    for (const rangeId of orderedIds.slice(from, to + 1)) ids.add(rangeId);
    return { ids, anchor: selection.anchor };
  }
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** Selected ids still shown (a file deleted, moved away or filtered out is no longer selected), in list order. */
export function selectedInView(selection: Selection, orderedIds: readonly string[]): string[] {
  return orderedIds.filter((id) => selection.ids.has(id));
}

/** The header checkbox: all shown files selected, or none. */
export function toggleAll(selection: Selection, orderedIds: readonly string[]): Selection {
  const all = orderedIds.length > 0 && orderedIds.every((id) => selection.ids.has(id));
  return all ? EMPTY_SELECTION : { ids: new Set(orderedIds), anchor: selection.anchor };
}

export const countLabel = (n: number) => `${n} ${n === 1 ? "file" : "files"}`;
