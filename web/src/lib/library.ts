import type { AudioFileDto, FolderDto } from "../../../common/library";

export const COMMON_ID = "common";

export interface FolderStats {
  fileCount: number;
  totalSize: number;
  transcribedCount: number;
}

/** Folder counts are computed on the client from the files (docs/api.md). */
export function folderStats(files: readonly AudioFileDto[], folderId: string | null): FolderStats {
  const inFolder = files.filter((f) => (f.folderId ?? null) === folderId);
  return {
    fileCount: inFolder.length,
    totalSize: inFolder.reduce((sum, f) => sum + f.fileSize, 0),
    transcribedCount: inFolder.filter((f) => f.hasTranscript).length,
  };
}

export interface TreeFolder {
  /** "common" for the virtual folder. */
  id: string;
  name: string;
  folder: FolderDto | null;
  files: AudioFileDto[];
}

/**
 * The sidebar tree: Common first, then folders by name. With a search term
 * only matching folders and files are kept (a folder whose name matches keeps
 * all its files).
 */
export function buildTree(folders: readonly FolderDto[], files: readonly AudioFileDto[], search: string): TreeFolder[] {
  const term = search.trim().toLowerCase();
  const nodes: TreeFolder[] = [
    { id: COMMON_ID, name: "Common", folder: null, files: files.filter((f) => !f.folderId) },
    ...folders.map((folder) => ({ id: folder.id, name: folder.name, folder, files: files.filter((f) => f.folderId === folder.id) })),
  ];
  if (!term) return nodes;
  return nodes
    .map((node) =>
      node.name.toLowerCase().includes(term) ? node : { ...node, files: node.files.filter((f) => f.name.toLowerCase().includes(term)) },
    )
    .filter((node) => node.name.toLowerCase().includes(term) || node.files.length > 0);
}

export function folderName(folders: readonly FolderDto[], folderId: string | null): string {
  return folderId ? (folders.find((f) => f.id === folderId)?.name ?? "Unknown folder") : "Common";
}

/** The sidebar tree shows at most this many files per folder; the folder view lists them all. */
export const TREE_FILES_SHOWN = 200;

/** A folder's first files for the tree, keeping the selected file in view even past the cap. */
export function treeFiles(
  files: readonly AudioFileDto[],
  selectedId: string | null,
  limit = TREE_FILES_SHOWN,
): { shown: AudioFileDto[]; hidden: number } {
  if (files.length <= limit) return { shown: [...files], hidden: 0 };
  const shown = files.slice(0, limit);
  const selected = selectedId ? files.find((f) => f.id === selectedId) : undefined;
  if (selected && !shown.includes(selected)) shown.push(selected);
  return { shown, hidden: files.length - shown.length };
}
