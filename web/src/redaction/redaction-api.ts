// The redaction endpoints (docs/api.md, Redaction), and what this tab does after one: its own
// socket echo is skipped (it carries this tab's id), so the open editor takes the new words here.
import type { QueryClient } from "@tanstack/react-query";
import type { MediaFill, RedactionDto, RedactionSuggestionDto } from "../../../common/redactions";
import { api, call } from "../api/client";
import { commentKeys } from "../comments/comments-api";
import { highlightKeys } from "../highlights/highlights-api";
import { transcriptKeys } from "../api/transcripts";
import { transcriptChanged } from "../live/transcript-events";
import { localCopies } from "../editor/open/local-copy";
import { authState } from "../auth/store";
import { REDACTION_TEXTS } from "./redaction-texts";

const ofFile = api.transcripts[":id"];

export const redactionApi = {
  one: async (fileId: string, range: { startWordId: string; endWordId: string }, label: string, media: MediaFill) =>
    call(
      ofFile.redactions.$post({
        param: { id: fileId },
        json: { start_word_id: range.startWordId, end_word_id: range.endWordId, label, media },
      }),
      REDACTION_TEXTS.failed,
    ),
  bulk: async (fileId: string, query: string, label: string, media: MediaFill): Promise<RedactionDto[]> =>
    (await call(ofFile.redactions.bulk.$post({ param: { id: fileId }, json: { query, label, media } }), REDACTION_TEXTS.failed)).data,
  suggestions: async (fileId: string): Promise<RedactionSuggestionDto[]> =>
    (await call(ofFile["redaction-suggestions"].$get({ param: { id: fileId } }), REDACTION_TEXTS.failed)).data,
};

/** After a redaction here: the editor reads the utterances named, the lists that quote words are read again, this browser's copy goes. */
export async function afterRedaction(queryClient: QueryClient, fileId: string, utteranceIds: readonly string[]): Promise<void> {
  transcriptChanged({
    type: "transcript_changed",
    file_id: fileId,
    utterance_ids: [...new Set(utteranceIds)],
    removed_utterance_ids: [],
    details_changed: true,
    client_id: null,
  });
  for (const key of [
    transcriptKeys.history(fileId),
    transcriptKeys.transcript(fileId),
    commentKeys.file(fileId),
    highlightKeys.file(fileId),
  ])
    void queryClient.invalidateQueries({ queryKey: key });
  const user = authState.user?.id;
  if (user) await localCopies()?.forget(user, fileId);
}
