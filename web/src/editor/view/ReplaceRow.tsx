import { useState } from "react";
import { REPLACE_LIMITS } from "../../../../core/replace-spec";
import { utteranceText } from "../../../../core/replace-match";
import { toast } from "../../lib/toasts";
import { dispatch, run } from "../../commands/commands";
import type { TranscriptEditor } from "../model/editor";
import type { PlaybackController } from "../model/playback-controller";
import type { SearchState } from "../model/search";

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "es"}`;

/**
 * The search box's replace field (docs/product.md, "Find and replace"): replace this match
 * (a word edit of its utterance) or all of them (one operation the server applies alike).
 * Match case and whole word apply to the search too, so `n of m` counts what would change.
 */
export function ReplaceRow({
  id,
  editor,
  search,
  playback,
  onReplaced,
  onOptions,
}: {
  id: string;
  editor: TranscriptEditor;
  search: SearchState;
  playback: PlaybackController | null;
  onReplaced: (from?: { utteranceId: string; offset: number }) => void;
  onOptions: () => void;
}) {
  const [value, setValue] = useState("");
  const [options, setOptions] = useState(search.options);

  function setOption(name: "matchCase" | "wholeWord", on: boolean) {
    const next = { ...options, [name]: on };
    setOptions(next);
    search.setOptions(next);
    onOptions();
  }

  function one() {
    const match = search.currentMatch;
    const u = match && editor.store.utterance(match.utteranceId);
    if (!match || !u) return;
    const text = utteranceText(u.transcriptWords);
    const next = text.slice(0, match.start) + value + text.slice(match.end);
    if (!next.trim()) {
      toast("An utterance needs at least one word: this match was kept", "error");
      return;
    }
    editor.editText(match.utteranceId, next, "local");
    onReplaced({ utteranceId: match.utteranceId, offset: match.start + value.length });
  }

  function all() {
    if (!search.active) return;
    const result = editor.replaceAll({ find: search.query, replace: value, ...options });
    if ("error" in result) {
      toast(result.error, "error");
      return;
    }
    onReplaced();
    if (result.replaced === 0 && result.left === 0) toast("Nothing to replace");
    else if (result.left === 0) toast(`Replaced ${plural(result.replaced, "match")}`, "success");
    else toast(`Replaced ${plural(result.replaced, "match")}; ${plural(result.left, "match")} kept: an utterance keeps at least one word`);
  }

  const none = !search.active || search.total === 0;
  return (
    <div className="toolbar-group replace-row" id={id}>
      <input
        type="text"
        className="search"
        placeholder="Replace with"
        aria-label="Replace with"
        maxLength={REPLACE_LIMITS.replaceMax}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          dispatch("replace", e, { replace: { one, all }, player: playback, skipSeconds: playback?.settings.keySkipSeconds });
        }}
      />
      <label className="replace-option">
        <input type="checkbox" checked={options.matchCase} onChange={(e) => setOption("matchCase", e.target.checked)} /> Match case
      </label>
      <label className="replace-option">
        <input type="checkbox" checked={options.wholeWord} onChange={(e) => setOption("wholeWord", e.target.checked)} /> Whole word
      </label>
      <button type="button" className="button button--small" disabled={none} onClick={() => run("replaceMatch", { replace: { one, all } })}>
        Replace
      </button>
      <button type="button" className="button button--small" disabled={none} onClick={() => run("replaceAll", { replace: { one, all } })}>
        Replace all
      </button>
    </div>
  );
}
