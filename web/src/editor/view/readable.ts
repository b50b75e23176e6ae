import type { TranscriptStore } from "../model/transcript-store";

/**
 * What the read-only parts of the view (search, the playing word, autoscroll)
 * need of a transcript: its utterances now and word when they change. The
 * editor's session is one; the shared page's fixed list is another.
 */
export interface ReadableTranscript {
  store: Pick<TranscriptStore, "utterances" | "subscribeChanges">;
}
