import { useEffect, useLayoutEffect, useRef } from "react";
import { handleMenuKey } from "../../components/Menu";
import { TypeAhead } from "../../components/menu-keys";
import { restoreFocus } from "../../components/Modal";
import { speakerColorIndex } from "./display";

/**
 * The speakers of the transcript to pick from: ↑ ↓ Home End and type-ahead move, Enter picks,
 * Escape and outside clicks close; focus goes back to the speaker button that opened it.
 */
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
  const typeAhead = useRef(new TypeAhead());
  // Before the picker takes focus: the control that opened it gets it back when it closes.
  useLayoutEffect(() => {
    const opener = document.activeElement;
    const el = root.current;
    return () => restoreFocus(opener, el);
  }, []);
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  // Once: a re-render of the card (a new onClose) must not pull focus back to the selected speaker.
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('[aria-selected="true"], button')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) latestClose.current();
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, []);
  return (
    <div
      className="speaker-picker"
      role="listbox"
      aria-label="Speaker"
      ref={root}
      data-testid="speaker-picker"
      onKeyDown={(e) => handleMenuKey(e, root.current, '[role="option"]', typeAhead.current, latestClose.current)}
      onBlur={(e) => {
        // Tab or focus elsewhere closes it.
        if (e.relatedTarget && !root.current?.contains(e.relatedTarget as Node)) latestClose.current();
      }}
    >
      {speakers.map((s, index) => (
        <button
          key={s.id}
          type="button"
          role="option"
          tabIndex={-1}
          aria-selected={s.id === current}
          className={`speaker-option speaker-color-${speakerColorIndex(index)}`}
          onClick={() => onPick(s.id)}
        >
          {s.displayName}
        </button>
      ))}
      {onCreate && (
        <button
          type="button"
          role="option"
          tabIndex={-1}
          aria-selected={false}
          className="speaker-option speaker-option--new"
          onClick={onCreate}
        >
          + New speaker…
        </button>
      )}
    </div>
  );
}
