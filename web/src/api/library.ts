import { useQuery, type QueryClient } from "@tanstack/react-query";
import { noteRedactions } from "../lib/redacted-files";
import type { ReviewStatus } from "../../../common/comments";
import type { AudioFileDto, FolderDto } from "../../../common/library";
import type { TranscriptionOptions } from "../../../common/transcription-options";
import { api, call } from "./client";
import { withFile } from "./file-list";

// A workspace's lists are cached under its id, so switching never shows another workspace's files.
export const keys = {
  configuration: ["service-configuration"] as const,
  /** Every workspace's folder list (a prefix). */
  allFolders: ["folders"] as const,
  folders: (workspaceId: string) => ["folders", workspaceId] as const,
  /** Every workspace's file list (a prefix). */
  allFiles: ["file-list"] as const,
  files: (workspaceId: string) => ["file-list", workspaceId] as const,
  file: (id: string) => ["audio-files", id] as const,
  download: (id: string) => ["audio-files", id, "download"] as const,
};

export function useServiceConfiguration() {
  return useQuery({
    queryKey: keys.configuration,
    queryFn: () => call(api.service.configuration.$get(), "Failed to load service configuration"),
    staleTime: 5 * 60_000,
  });
}

export function useFolders(workspaceId: string) {
  return useQuery({
    queryKey: keys.folders(workspaceId),
    queryFn: async () => (await call(api.folders.$get({ query: { workspace_id: workspaceId } }))).data,
  });
}

/** Files per request when loading the whole library: each answer stays small however many files there are. */
const LIBRARY_PAGE = 1000;

/** Every file of a workspace, newest first, read page by page: folders and counts are derived from this one list. */
export async function loadAllFiles(workspaceId: string): Promise<AudioFileDto[]> {
  const files: AudioFileDto[] = [];
  let cursor: string | undefined;
  do {
    const query = { workspace_id: workspaceId, limit: String(LIBRARY_PAGE), ...(cursor ? { cursor } : {}) };
    const page = await call(api.audio_files.$get({ query }));
    files.push(...page.data);
    // Asked with a limit, the answer is a page and carries the next cursor.
    cursor = (page as { next_cursor?: string | null }).next_cursor ?? undefined;
  } while (cursor);
  noteRedactions(files);
  return files;
}

export function useAudioFiles(workspaceId: string) {
  return useQuery({ queryKey: keys.files(workspaceId), queryFn: () => loadAllFiles(workspaceId) });
}

export const fileApi = {
  get: async (id: string) => (await call(api.audio_files[":id"].$get({ param: { id } }))).data,
  rename: async (id: string, name: string) =>
    (await call(api.audio_files[":id"].$put({ param: { id }, json: { audio_file: { name } } }))).data,
  move: async (id: string, folderId: string | null) =>
    (await call(api.audio_files[":id"].$put({ param: { id }, json: { audio_file: { folder_id: folderId ?? "" } } }))).data,
  /** Into another workspace, outside any folder there. */
  moveToWorkspace: async (id: string, workspaceId: string) =>
    (
      await call(
        api.audio_files[":id"].$put({ param: { id }, json: { audio_file: { workspace_id: workspaceId } } }),
        "Could not move the file",
      )
    ).data,
  /** Commenters and up; the answer carries who approved and when. */
  setReviewStatus: async (id: string, status: ReviewStatus) =>
    (await call(api.audio_files[":id"].$patch({ param: { id }, json: { review_status: status } }), "Could not change the review status"))
      .data,
  remove: (id: string) => call(api.audio_files[":id"].$delete({ param: { id } })),
  cancelTranscription: async (id: string) => (await call(api.audio_files[":id"].cancel.$post({ param: { id } }))).data,
  bulkDelete: (ids: string[], workspaceId: string) =>
    call(api.audio_files["bulk-delete"].$post({ json: { ids, workspace_id: workspaceId } })),
  bulkMove: async (ids: string[], folderId: string | null, workspaceId: string) =>
    (await call(api.audio_files["bulk-move"].$post({ json: { ids, folder_id: folderId ?? "", workspace_id: workspaceId } }))).data,
  download: (id: string) => call(api.audio_files[":id"].download.$get({ param: { id } })),
  retranscribe: async (id: string, options: TranscriptionOptions, discardCorrections = false) =>
    (
      await call(
        api.audio_files[":id"].retranscribe.$post({
          param: { id },
          json: { transcription_options: options, ...(discardCorrections ? { discard_corrections: true } : {}) },
        }),
      )
    ).data,
  /** How many corrected utterances a re-transcription keeps. */
  corrections: async (id: string) => (await call(api.audio_files[":id"].corrections.$get({ param: { id } }))).data,
};

export const folderApi = {
  create: async (name: string, workspaceId: string) =>
    (await call(api.folders.$post({ json: { folder: { name }, workspace_id: workspaceId } }))).data,
  rename: async (id: string, name: string) => (await call(api.folders[":id"].$put({ param: { id }, json: { folder: { name } } }))).data,
  remove: (id: string) => call(api.folders[":id"].$delete({ param: { id } })),
};

/** The workspace a file or folder belongs to (the server names it in every answer). */
export const workspaceOf = (item: AudioFileDto | FolderDto): string => item.workspaceId;

/** Puts a file into its workspace's cached list (newest copy wins); `ifListed`: only when that list is already cached. */
export function putFileInCache(client: QueryClient, file: AudioFileDto, ifListed = false): void {
  client.setQueryData<AudioFileDto[]>(keys.files(workspaceOf(file)), (files) =>
    files ? withFile(files, file) : ifListed ? files : [file],
  );
}

/** Changes the cached copies of a file in whichever workspace's list holds it. */
export function updateCachedFile(client: QueryClient, id: string, update: (file: AudioFileDto) => AudioFileDto): void {
  client.setQueriesData<AudioFileDto[]>({ queryKey: keys.allFiles }, (files) => files?.map((f) => (f.id === id ? update(f) : f)));
}

/** Many changed files at once (a bulk move): one pass over each cached list, newest copy wins. */
export function putFilesInCache(client: QueryClient, changed: readonly AudioFileDto[]): void {
  const byId = new Map(changed.map((f) => [f.id, f]));
  client.setQueriesData<AudioFileDto[]>({ queryKey: keys.allFiles }, (files) =>
    files?.map((f) => {
      const next = byId.get(f.id);
      return next && next.updatedAt >= f.updatedAt ? next : f;
    }),
  );
}

export function dropFilesFromCache(client: QueryClient, predicate: (file: AudioFileDto) => boolean): void {
  client.setQueriesData<AudioFileDto[]>({ queryKey: keys.allFiles }, (files) => files?.filter((f) => !predicate(f)));
}

export function putFolderInCache(client: QueryClient, folder: FolderDto): void {
  client.setQueryData<FolderDto[]>(keys.folders(workspaceOf(folder)), (folders = []) =>
    (folders.some((f) => f.id === folder.id) ? folders.map((f) => (f.id === folder.id ? folder : f)) : [...folders, folder]).sort((a, b) =>
      a.name.localeCompare(b.name, undefined, { sensitivity: "base" }),
    ),
  );
}

export function dropFolderFromCache(client: QueryClient, folder: FolderDto): void {
  client.setQueryData<FolderDto[]>(keys.folders(workspaceOf(folder)), (list = []) => list.filter((f) => f.id !== folder.id));
}
