// A file's transcript (its utterances and details) read ahead of opening it, when its
// row is pointed at or focused for a moment, or pressed: the editor then starts from
// an answer already on its way (docs/decisions/030-open-at-once.md).
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import type { AudioFileDto } from "../../../common/library";
import { transcriptKeys } from "../api/transcripts";
import { authState } from "../auth/store";
import { prefetchTranscript } from "../editor/open/open-transcript";
import { prefetchFileParts } from "./lazy-views";

/** Resting this long on a row means intent: sweeping past rows (pointer or arrow keys) reads nothing. */
export const PREFETCH_INTENT_MS = 60;

export function prefetchFile(queryClient: QueryClient, file: Pick<AudioFileDto, "id" | "hasTranscript">): void {
  prefetchFileParts();
  if (!file.hasTranscript) return;
  // The details the editor's read ahead asks for are the file view's too: one request.
  const details = prefetchTranscript(authState.user?.id ?? null, file.id);
  void queryClient.prefetchQuery({ queryKey: transcriptKeys.transcript(file.id), queryFn: () => details, staleTime: Infinity });
}

/**
 * For the rows of files: `rowProps` reads ahead after a moment's rest on a row, `now`
 * at once (a press, Enter), dropping a read still waiting for its moment.
 */
export function useFilePrefetch() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(() => {
    const cancel = () => clearTimeout(timer.current);
    const now = (file: AudioFileDto) => {
      cancel();
      prefetchFile(queryClient, file);
    };
    const soon = (file: AudioFileDto) => {
      cancel();
      timer.current = setTimeout(() => prefetchFile(queryClient, file), PREFETCH_INTENT_MS);
    };
    const rowProps = (file: AudioFileDto) => ({
      onPointerEnter: () => soon(file),
      onPointerLeave: cancel,
      onFocus: () => soon(file),
      onBlur: cancel,
      onPointerDown: () => now(file),
    });
    return { rowProps, now };
  }, [queryClient]);
}
