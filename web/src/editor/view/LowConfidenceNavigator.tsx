import { useEffect, useRef, useState } from "react";
import type { EditorSession } from "../session/editor-session";
import { LOW_CONFIDENCE_THRESHOLD } from "./display";
import { utteranceElements, wordElement } from "./word-dom";

interface Low {
  utteranceId: string;
  wordId: string;
}

function lowWords(session: EditorSession): Low[] {
  const out: Low[] = [];
  for (const u of session.store.utterances())
    for (const w of u.transcriptWords) if (w.confidenceScore < LOW_CONFIDENCE_THRESHOLD) out.push({ utteranceId: u.id, wordId: w.id });
  return out;
}

/** Selects a word inside its editable text, so Ctrl/Cmd+I applies to it. */
function selectWord(low: Low) {
  const span = wordElement(low.wordId);
  const text = utteranceElements.get(low.utteranceId);
  if (!span || !text) return;
  span.scrollIntoView({ block: "center" });
  text.focus({ preventScroll: true });
  const range = document.createRange();
  range.selectNodeContents(span);
  const selection = getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** Words below 0.8 confidence: how many, and next/previous to review them in order. */
export function LowConfidenceNavigator({ session }: { session: EditorSession }) {
  const [words, setWords] = useState<Low[]>(() => lowWords(session));
  const [current, setCurrent] = useState(-1);
  const latest = useRef(words);
  latest.current = words;
  const currentRef = useRef(current);
  currentRef.current = current;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = session.store.subscribeChanges(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const fresh = lowWords(session);
        // A reviewed word leaves the list: "next" then goes to the word that took its place.
        const was = latest.current[currentRef.current];
        if (was && !fresh.some((w) => w.wordId === was.wordId)) setCurrent((c) => c - 1);
        setWords(fresh);
      }, 200);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [session]);

  function go(step: 1 | -1) {
    const list = latest.current;
    if (!list.length) return;
    const next = current < 0 ? (step > 0 ? 0 : list.length - 1) : (current + step + list.length) % list.length;
    setCurrent(next);
    selectWord(list[next]!);
  }

  const total = words.length;
  return (
    <div
      className="toolbar-group low-confidence-nav"
      role="group"
      aria-label="Low-confidence words"
      data-testid="low-confidence-nav"
      data-tutorial="low-confidence"
    >
      <button
        type="button"
        className="icon-button"
        aria-label="Previous low-confidence word"
        title="Previous low-confidence word"
        disabled={!total}
        onClick={() => go(-1)}
      >
        ‹
      </button>
      <span className="low-confidence-count" data-testid="low-confidence-count">
        {/* Narrow toolbars show the numbers only; the words stay for screen readers. */}
        {total === 0 ? (
          <span className="toolbar-label">No low-confidence words</span>
        ) : current >= 0 && current < total ? (
          <>
            <span className="toolbar-label">Low confidence: </span>
            {current + 1} of {total}
          </>
        ) : (
          <>
            {total}
            <span className="toolbar-label"> low-confidence</span>
          </>
        )}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label="Next low-confidence word"
        title="Next low-confidence word"
        disabled={!total}
        onClick={() => go(1)}
      >
        ›
      </button>
    </div>
  );
}
