// What the redaction dialogs show: the words about to be redacted, or the finder of one file.
import { proxy } from "valtio";

export interface RedactionDraft {
  fileId: string;
  /** Word ranges, one per utterance the selection covers. */
  ranges: { startWordId: string; endWordId: string }[];
  quote: string;
}

export const redactionState = proxy({
  draft: null as RedactionDraft | null,
  /** The file whose "Find what to redact" list is open. */
  finder: null as string | null,
});
