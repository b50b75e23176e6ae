import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { CommentCreate, CommentDto, CommentUpdate, MentionDto } from "../../../common/comments";
import { withoutComment, withThread } from "./thread-list";
import { api, call } from "../api/client";

export const commentKeys = {
  /** Everything cached about comments (read again after a reconnect). */
  all: ["comments"] as const,
  /** One file's threads, in text order (docs/api.md, Comments). */
  file: (audioFileId: string) => ["comments", audioFileId] as const,
  /** Unresolved threads mentioning the user. */
  mentions: ["comments", "mentions"] as const,
};

const one = api.comments[":id"];

export const commentApi = {
  list: async (audioFileId: string): Promise<CommentDto[]> =>
    (await call(api.transcripts[":id"].comments.$get({ param: { id: audioFileId } }), "Failed to load comments")).data,
  create: async (audioFileId: string, input: CommentCreate): Promise<CommentDto> =>
    (await call(api.transcripts[":id"].comments.$post({ param: { id: audioFileId }, json: input }), "Failed to add the comment")).data,
  reply: async (threadId: string, body: string, mentions: string[]): Promise<CommentDto> =>
    (await call(one.replies.$post({ param: { id: threadId }, json: { body, mentions } }), "Failed to reply")).data,
  update: async (id: string, change: CommentUpdate): Promise<CommentDto> =>
    (await call(one.$patch({ param: { id }, json: change }), "Failed to change the comment")).data,
  remove: async (id: string) => call(one.$delete({ param: { id } }), "Failed to delete the comment"),
  mentions: async (): Promise<{ data: MentionDto[]; total: number }> => {
    const answer = await call(api.comments.mentions.$get());
    return { data: answer.data, total: answer.meta.total };
  },
};

export function useComments(audioFileId: string, enabled = true) {
  return useQuery({
    queryKey: commentKeys.file(audioFileId),
    queryFn: () => commentApi.list(audioFileId),
    enabled,
    // Kept fresh by the socket's comments_changed (and read again on reconnect).
    staleTime: Infinity,
  });
}

/** The count shown in the top bar: read on focus and every minute besides the socket's news. */
export const MENTIONS_REFRESH_MS = 60_000;

export function useMentions() {
  return useQuery({
    queryKey: commentKeys.mentions,
    queryFn: commentApi.mentions,
    refetchInterval: MENTIONS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** A call's answer into the file's cached threads (the socket's echo of it is then skipped). */
export function cacheThread(queryClient: QueryClient, audioFileId: string, thread: CommentDto): void {
  queryClient.setQueryData<CommentDto[]>(commentKeys.file(audioFileId), (list) => withThread(list ?? [], thread));
}

export function uncacheComment(queryClient: QueryClient, audioFileId: string, id: string): void {
  queryClient.setQueryData<CommentDto[]>(commentKeys.file(audioFileId), (list) => withoutComment(list ?? [], id));
}
