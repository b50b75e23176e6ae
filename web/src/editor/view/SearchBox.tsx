import { useEffect, useId, useRef, useState } from "react";
import { SearchState, type SearchMatch } from "../model/search";
import type { TranscriptEditor } from "../model/editor";
import { ReplaceRow } from "./ReplaceRow";
import { dispatch, run } from "../../commands/commands";
import type { PlaybackController } from "../model/playback-controller";
import type { ReadableTranscript } from "./readable";
import { onWordsRedrawn, textPosition, utteranceElements } from "./word-dom";

// Edits change the text: matches are found again once typing pauses.
const RESEARCH_AFTER_EDIT_MS = 300;

const highlightsSupported = () => typeof CSS !== "undefined" && "highlights" in CSS && typeof Highlight !== "undefined";

/**
 * A static range: a live one would be updated by the browser on every DOM change, so
 * thousands of them make redrawing thousands of texts (replace all) quadratic. Edits
 * repaint the highlights anyway, and a redrawn text's old nodes are no longer shown.
 */
function rangeFor(match: SearchMatch): StaticRange | null {
  const el = utteranceElements.get(match.utteranceId);
  if (!el) return null;
  const start = textPosition(el, match.start);
  const end = textPosition(el, match.end);
  if (!start || !end) return null;
  return new StaticRange({ startContainer: start.node, startOffset: start.offset, endContainer: end.node, endOffset: end.offset });
}

/** Every match highlighted with the CSS Custom Highlight API: no DOM changes, no React render. */
function paint(search: SearchState) {
  if (!highlightsSupported()) return;
  const all = new Highlight();
  const current = new Highlight();
  search.matches.forEach((match, i) => {
    const range = rangeFor(match);
    if (range) (i === search.current ? current : all).add(range);
  });
  CSS.highlights.set("search-match", all);
  CSS.highlights.set("search-current", current);
}

function clearPaint() {
  if (!highlightsSupported()) return;
  CSS.highlights.delete("search-match");
  CSS.highlights.delete("search-current");
}

/** Brings a match into view, even thousands of utterances away (off-screen cards are laid out on the way). */
function reveal(match: SearchMatch | null) {
  if (!match) return;
  const card = utteranceElements.get(match.utteranceId)?.closest("li");
  if (!card) return;
  card.scrollIntoView({ block: "center" });
  // Cards skipped by content-visibility get their real size once near: aim again.
  requestAnimationFrame(() => card.scrollIntoView({ block: "center" }));
}

export function SearchBox({
  session,
  playback = null,
  editor = null,
}: {
  session: ReadableTranscript;
  playback?: PlaybackController | null;
  /** With an editor the box also replaces (the shared page has none). */
  editor?: TranscriptEditor | null;
}) {
  const search = useRef(new SearchState(session.store.utterances())).current;
  const [label, setLabel] = useState("");
  const [query, setQuery] = useState("");
  const [replacing, setReplacing] = useState(false);
  const replaceId = useId();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = session.store.subscribeChanges(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        search.setUtterances(session.store.utterances(), true);
        if (search.active) paint(search);
        setLabel(search.label);
      }, RESEARCH_AFTER_EDIT_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
      clearPaint();
    };
  }, [session, search]);

  // A text drawn again in full (pointed at, focused) has new text nodes: highlight again in the next frame.
  useEffect(() => {
    let frame = 0;
    const off = onWordsRedrawn(() => {
      if (!search.active || frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (search.active) paint(search);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      off();
    };
  }, [search]);

  function find(q: string) {
    setQuery(q);
    search.setUtterances(session.store.utterances());
    search.setQuery(q);
    setLabel(search.label);
    if (!search.active) {
      clearPaint();
      return;
    }
    paint(search);
    reveal(search.currentMatch);
  }

  /** After a replacement: the matches now, the current one the first at or after `from`. */
  function refresh(from?: { utteranceId: string; offset: number }) {
    search.setUtterances(session.store.utterances(), true);
    if (from && editor) search.seekAfter((id) => editor.store.indexOf(id), from.utteranceId, from.offset);
    setLabel(search.label);
    if (search.active) paint(search);
    else clearPaint();
    reveal(search.currentMatch);
  }

  function step(direction: 1 | -1) {
    if (!search.active || !search.total) return;
    const match = direction > 0 ? search.next() : search.prev();
    setLabel(search.label);
    paint(search);
    reveal(match);
  }

  return (
    <div className="toolbar-group search-box" role="search">
      <input
        type="search"
        className="search"
        placeholder="Search transcript"
        data-tutorial="transcript-search"
        aria-label="Search transcript"
        value={query}
        onChange={(e) => find(e.target.value)}
        onKeyDown={(e) => {
          dispatch("search", e, { search: { step }, player: playback, skipSeconds: playback?.settings.keySkipSeconds });
        }}
      />
      <span className="search-count" data-testid="search-count" aria-live="polite">
        {label}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        disabled={!label || label === "0 of 0"}
        onClick={() => run("searchPrevious", { search: { step } })}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Next match"
        title="Next match (Enter)"
        disabled={!label || label === "0 of 0"}
        onClick={() => run("searchNext", { search: { step } })}
      >
        ↓
      </button>
      {editor && (
        <button
          type="button"
          className="icon-button"
          aria-label="Find and replace"
          title="Find and replace"
          aria-expanded={replacing}
          aria-controls={replacing ? replaceId : undefined}
          onClick={() => setReplacing((open) => !open)}
        >
          ⇄
        </button>
      )}
      {editor && replacing && (
        <ReplaceRow
          id={replaceId}
          editor={editor}
          search={search}
          playback={playback}
          onReplaced={refresh}
          onOptions={() => find(search.query)}
        />
      )}
    </div>
  );
}
