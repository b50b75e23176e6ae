import { useEffect, useRef } from "react";
import { speakerColorIndex } from "./display";

/** The speakers of the transcript to pick from; closes on Escape and outside clicks. */
export function SpeakerPicker({
  speakers,
  current,
  onPick,
  onCreate,
  onClose,
}: {
  speakers: readonly { id: string; displayName: string }[];
  current: string;
  onPick: (speakerId: string) => void;
  /** "New speaker…": creates one and gives it this utterance. */
  onCreate?: () => void;
  onClose: () => void;
}) {
  const root = useRef<HTMLDivElement>(null);
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
    </div>
  );
}
