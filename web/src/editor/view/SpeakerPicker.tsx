import { type FocusEvent, type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { handleMenuKey } from "../../components/Menu";
import { TypeAhead } from "../../components/menu-keys";
import { restoreFocus } from "../../components/Modal";
import { speakerColorIndex } from "./display";

/**
 * The speakers of the transcript to pick from: ↑ ↓ Home End and type-ahead move, Enter picks,
 * Escape and outside clicks close; focus goes back to the speaker button that opened it.
 * "Change all of <current>'s utterances to…" switches it to choosing the speaker to merge into;
 * "Rename <current>…" to a name field, where the name is shown (Enter saves, Escape goes back).
 */
export function SpeakerPicker({
  speakers,
  current,
  onPick,
  onCreate,
  onMergeAll,
  onRename,
  onClose,
}: {
  speakers: readonly { id: string; displayName: string }[];
  current: string;
  onPick: (speakerId: string) => void;
  /** "New speaker…": creates one and gives it this utterance. */
  onCreate?: () => void;
  /** "Change all of <current>'s utterances to…": merges the current speaker into the one picked. */
  onMergeAll?: (intoSpeakerId: string) => void;
  /** "Rename <current>…": answers why a name was refused, or null once it is taken. */
  onRename?: (name: string) => string | null;
  onClose: () => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const typeAhead = useRef(new TypeAhead());
  const [all, setAll] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const currentName = speakers.find((s) => s.id === current)?.displayName ?? "this speaker";
  const others = speakers.filter((s) => s.id !== current);
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
  // Switching to "all" mode shows other options: focus the first of them.
  useEffect(() => {
    if (all) root.current?.querySelector<HTMLElement>('[role="option"]')?.focus();
  }, [all]);
  const keys = {
    onKeyDown: (e: KeyboardEvent) => handleMenuKey(e, root.current, '[role="option"]', typeAhead.current, latestClose.current),
    onBlur: (e: FocusEvent) => {
      // Tab or focus elsewhere closes it.
      if (e.relatedTarget && !root.current?.contains(e.relatedTarget as Node)) latestClose.current();
    },
  };
  if (renaming && onRename) {
    return (
      <div className="speaker-picker" ref={root} data-testid="speaker-picker">
        <RenameField
          current={currentName}
          onSave={onRename}
          onCancel={() => setRenaming(false)}
          onBlur={(e) => {
            if (e.relatedTarget && !root.current?.contains(e.relatedTarget as Node)) latestClose.current();
          }}
        />
      </div>
    );
  }
  if (all && onMergeAll) {
    return (
      <div className="speaker-picker" ref={root} data-testid="speaker-picker" {...keys}>
        <p id={`merge-all-${current}`} className="muted small speaker-picker-heading">
          Change all of {currentName}'s utterances to…
        </p>
        <div role="listbox" aria-labelledby={`merge-all-${current}`}>
          {others.map((s) => (
            <button
              key={s.id}
              type="button"
              role="option"
              tabIndex={-1}
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
    <div className="speaker-picker" role="listbox" aria-label="Speaker" ref={root} data-testid="speaker-picker" {...keys}>
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
      {onCreate && <ActionOption onClick={onCreate}>+ New speaker…</ActionOption>}
      {onRename && <ActionOption onClick={() => setRenaming(true)}>Rename {currentName}…</ActionOption>}
      {onMergeAll && others.length > 0 && (
        <ActionOption onClick={() => setAll(true)}>Change all of {currentName}'s utterances to…</ActionOption>
      )}
    </div>
  );
}

/** An option that acts (new speaker, rename, change all) rather than picks a speaker. */
function ActionOption({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      role="option"
      tabIndex={-1}
      aria-selected={false}
      className="speaker-option speaker-option--new"
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The current speaker's name, edited in place: Enter saves, Escape goes back to the list. */
function RenameField({
  current,
  onSave,
  onCancel,
  onBlur,
}: {
  current: string;
  onSave: (name: string) => string | null;
  onCancel: () => void;
  onBlur: (e: FocusEvent) => void;
}) {
  const [name, setName] = useState(current);
  const [refused, setRefused] = useState<string | null>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Enter") {
      e.preventDefault();
      setRefused(onSave(name.trim()));
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    }
  };
  return (
    <>
      <input
        className="search"
        aria-label="Speaker name"
        value={name}
        // biome-ignore lint/a11y/noAutofocus: the field appears because the person chose to rename
        autoFocus
        maxLength={255}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? "speaker-rename-error" : undefined}
      />
      {refused && (
        <p id="speaker-rename-error" className="field-error small" role="alert">
          {refused}
        </p>
      )}
    </>
  );
}
