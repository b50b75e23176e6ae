import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { HighlightCreate, HighlightDto, HighlightLabelDto, QuoteListFormat } from "../../../common/highlights";
import { HIGHLIGHT_TEXTS } from "./highlight-texts";
import { ApiRequestError, messageFromBody } from "../api/errors";
import { api, call } from "../api/client";
import { saveFile } from "../api/exports";

export const highlightKeys = {
  /** Everything cached about highlights (read again after a reconnect). */
  all: ["highlights"] as const,
  /** One file's highlights, in text order (docs/api.md, Highlights). */
  file: (audioFileId: string) => ["highlights", audioFileId] as const,
  /** A workspace's labels: the defaults, then its own. */
  labels: (workspaceId: string) => ["highlights", "labels", workspaceId] as const,
};

const ofFile = api.transcripts[":id"].highlights;

export const highlightApi = {
  list: async (audioFileId: string): Promise<HighlightDto[]> =>
    (await call(ofFile.$get({ param: { id: audioFileId }, query: {} }), HIGHLIGHT_TEXTS.loadFailed)).data,
  create: async (audioFileId: string, input: HighlightCreate): Promise<HighlightDto> =>
    (await call(ofFile.$post({ param: { id: audioFileId }, json: input }), HIGHLIGHT_TEXTS.createFailed)).data,
  remove: async (id: string) => call(api.highlights[":id"].$delete({ param: { id } }), HIGHLIGHT_TEXTS.removeFailed),
  labels: async (workspaceId: string): Promise<HighlightLabelDto[]> =>
    (await call(api.workspaces[":id"].highlight_labels.$get({ param: { id: workspaceId } }))).data,
  /** Downloads the quote list (the answer is an attachment; the token goes in a header, so it is fetched here). */
  exportQuotes: async (audioFileId: string, format: QuoteListFormat, label?: string): Promise<void> => {
    const response = await ofFile.export.$get({ param: { id: audioFileId }, query: { format, ...(label ? { label } : {}) } });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      throw new ApiRequestError(messageFromBody(body) ?? HIGHLIGHT_TEXTS.exportFailed, response.status);
    }
    const name = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get("content-disposition") ?? "")?.[1];
    const link = URL.createObjectURL(await response.blob());
    saveFile(link, name ? decodeURIComponent(name) : `highlights.${format}`);
    setTimeout(() => URL.revokeObjectURL(link), 60_000);
  },
};

export function useHighlights(audioFileId: string, enabled = true) {
  return useQuery({
    queryKey: highlightKeys.file(audioFileId),
    queryFn: () => highlightApi.list(audioFileId),
    enabled,
    // Kept fresh by the socket's highlights_changed (and read again on reconnect).
    staleTime: Infinity,
  });
}

export function useHighlightLabels(workspaceId: string, enabled = true) {
  return useQuery({
    queryKey: highlightKeys.labels(workspaceId),
    queryFn: () => highlightApi.labels(workspaceId),
    enabled: enabled && !!workspaceId,
    staleTime: 60_000,
  });
}

/** A call's answer into the file's cached list, placed by its time (the socket's echo of it is then skipped). */
export function cacheHighlight(queryClient: QueryClient, audioFileId: string, made: HighlightDto): void {
  queryClient.setQueryData<HighlightDto[]>(highlightKeys.file(audioFileId), (list = []) => {
    const others = list.filter((h) => h.id !== made.id);
    const at = others.findIndex((h) => h.start_time > made.start_time);
    return at < 0 ? [...others, made] : [...others.slice(0, at), made, ...others.slice(at)];
  });
}

export function uncacheHighlight(queryClient: QueryClient, audioFileId: string, id: string): void {
  queryClient.setQueryData<HighlightDto[]>(highlightKeys.file(audioFileId), (list) => (list ?? []).filter((h) => h.id !== id));
}
