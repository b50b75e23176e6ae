// "Add 'MoveFlow' to your vocabulary?": the pairs the correction tracker finds become
// quiet offers in the tools sidebar, one at a time. Accepted terms go to the personal
// vocabulary; declined pairs are remembered in this browser and not offered again.
import { proxy } from "valtio";
import type { Change } from "../../../core/change";
import { OPTION_LIMITS } from "../../../common/transcription-options";
import { authState } from "../auth/store";
import { CorrectionTracker, type CorrectionPair } from "../lib/correction-pairs";
import { toast } from "../lib/toasts";
import { savePreferences } from "./ui-state";

export const vocabularySuggestions = proxy<{ pending: CorrectionPair[] }>({ pending: [] });

const declinedKey = () => `vocabulary-declined:${authState.user?.id ?? ""}`;

function declined(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(declinedKey()) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

const vocabulary = () => authState.user?.preferences.transcription.vocabulary ?? [];
const known = (term: string) => vocabulary().some((t) => t.toLocaleLowerCase() === term.toLocaleLowerCase());

// One tracker per page load: corrections count across the files opened in it.
const tracker = new CorrectionTracker((pair) => known(pair.term) || declined().has(pair.key));

export function recordCorrections(change: Change): void {
  const found = tracker.record(change);
  if (found.length) vocabularySuggestions.pending.push(...found);
}

const dropFirst = () => {
  vocabularySuggestions.pending.shift();
};

export async function acceptSuggestion(): Promise<void> {
  const pair = vocabularySuggestions.pending[0];
  if (!pair) return;
  if (vocabulary().length >= OPTION_LIMITS.personalMaxTerms) {
    toast(`Your vocabulary is full (${OPTION_LIMITS.personalMaxTerms} terms); remove some in Preferences`, "error");
    return;
  }
  const ok = await savePreferences({ transcription: { vocabulary: [...vocabulary(), pair.term] } }, "Failed to save your vocabulary");
  if (!ok) return;
  dropFirst();
  toast(`Added "${pair.term}" to your vocabulary`, "success");
}

export function declineSuggestion(): void {
  const pair = vocabularySuggestions.pending[0];
  if (!pair) return;
  const keys = declined();
  keys.add(pair.key);
  localStorage.setItem(declinedKey(), JSON.stringify([...keys]));
  dropFirst();
}
