import { useEffect, useRef, useState } from "react";
import { speakerColorIndex } from "./display";

/** The speakers of the transcript to pick from; closes on Escape and outside clicks. */
export function SpeakerPicker({
  speakers,
  current,
  onPick,
  onCreate,
  onMergeAll,
  onClose,
}: {
  speakers: readonly { id: string; displayName: string }[];
  current: string;
  onPick: (speakerId: string) => void;
  /** "New speaker…": creates one and gives it this utterance. */
  onCreate?: () => void;
  /** "Change all of <current>'s utterances to…": merges the current speaker into the one picked. */
  onMergeAll?: (intoSpeakerId: string) => void;
  onClose: () => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [all, setAll] = useState(false);
  const currentName = speakers.find((s) => s.id === current)?.displayName ?? "this speaker";
  const others = speakers.filter((s) => s.id !== current);
  // Switching to "all" mode shows other options: focus the first of them.
  useEffect(() => {
    if (all) root.current?.querySelector<HTMLElement>("button")?.focus();
  }, [all]);
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('[aria-selected="true"], button')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [onClose]);
  if (all && onMergeAll) {
    return (
      <div className="speaker-picker" ref={root} data-testid="speaker-picker">
        <p id={`merge-all-${current}`} className="muted small speaker-picker-heading">
          Change all of {currentName}'s utterances to…
        </p>
        <div role="listbox" aria-labelledby={`merge-all-${current}`}>
          {others.map((s) => (
            <button
              key={s.id}
              type="button"
              role="option"
              aria-selected={false}
              className={`speaker-option speaker-color-${speakerColorIndex(speakers.indexOf(s))}`}
              onClick={() => onMergeAll(s.id)}
            >
              {s.displayName}
            </button>
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="speaker-picker" role="listbox" aria-label="Speaker" ref={root} data-testid="speaker-picker">
      {speakers.map((s, index) => (
        <button
          key={s.id}
          type="button"
          role="option"
          aria-selected={s.id === current}
          className={`speaker-option speaker-color-${speakerColorIndex(index)}`}
          onClick={() => onPick(s.id)}
        >
          {s.displayName}
        </button>
      ))}
      {onCreate && (
        <button type="button" role="option" aria-selected={false} className="speaker-option speaker-option--new" onClick={onCreate}>
          + New speaker…
        </button>
      )}
      {onMergeAll && others.length > 0 && (
        <button
          type="button"
          role="option"
          aria-selected={false}
          className="speaker-option speaker-option--new"
          onClick={() => setAll(true)}
        >
          Change all of {currentName}'s utterances to…
        </button>
      )}
    </div>
  );
}
