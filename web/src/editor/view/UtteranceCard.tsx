import {
  memo,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
} from "react";
import { formatTimestamp } from "../../../../core/timestamps";
import type { TranscriptEditor } from "../model/editor";
import { plainTextProblem } from "../../../../core/plain-text";
import { pastedText, replaceRange, withoutControls } from "../model/paste-text";
import { dispatch } from "../../commands/commands";
import type { ChangeSource } from "../model/transcript-store";
import type { PlaybackController } from "../model/playback-controller";
import { SpeakerPicker } from "./SpeakerPicker";
import { WordConflictBanner } from "./WordConflictBanner";
import { mergeSpeakersFromUi } from "../session/speaker-merge-action";
import {
  caretInForeignElement,
  caretOffset,
  forgetWords,
  hasAllSpans,
  placeCaret,
  renderWords,
  selectionOffsets,
  selectOffsets,
  showAllSpans,
  utteranceElements,
  wordIdAtCaret,
  wordIdAtPoint,
  wordIndexAtOffset,
} from "./word-dom";
import { speakerColorIndex } from "./display";
import { watchPresence } from "./presence-marks";
import { watchCommentMarker } from "../../comments/marks-view";
import { watchTranslation } from "../../translations/side-by-side";
import { reportCaret } from "../../live/file-socket";

interface Props {
  utteranceId: string;
  /** Chapters that start in this utterance: a marker with each title is drawn before its text. */
  chapters?: readonly { id: string; title: string }[];
  editor: TranscriptEditor;
  playback: PlaybackController | null;
  /** Speakers in transcript order (colour by index). */
  speakers: readonly { id: string; displayName: string }[];
  metaColumn: boolean;
  /** Every word in its span from the start; else lean until the text is pointed at or focused (word-html.ts). */
  allSpans: boolean;
  /** False while only the first screenful of the transcript is in. */
  editable: boolean;
  /** A reader's card: the words and speaker are shown, not changed; clicking a word or the times still plays. */
  readOnly?: boolean;
  onCurrentWord: (utteranceId: string, wordId: string) => void;
  onCreateSpeaker: (utteranceId: string) => void;
  /** Renames a speaker where its name is shown; answers why a name was refused, or null. */
  onRenameSpeaker: (speakerId: string, name: string) => string | null;
}

/** What a card shows besides the words: it renders again when this changes. */
const cardKey = (u: { speakerId: string; startTime: number; endTime: number } | undefined) =>
  u ? `${u.speakerId} ${u.startTime} ${u.endTime}` : "";

/** Focuses an utterance's text at a character offset once it is in the DOM. */
export function focusUtterance(utteranceId: string, offset: number) {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>(`[data-utterance-id="${CSS.escape(utteranceId)}"] .utterance-text`);
    if (!el) return;
    el.focus();
    placeCaret(el, offset);
  });
}

/**
 * One utterance: speaker, times and its editable words. React renders the
 * card; the words are drawn imperatively (word-dom.ts) and left alone while
 * the user types, so a keystroke costs no React render.
 */
export const UtteranceCard = memo(function UtteranceCard({
  utteranceId,
  chapters,
  editor,
  playback,
  speakers,
  metaColumn,
  allSpans,
  editable,
  readOnly = false,
  onCurrentWord,
  onCreateSpeaker,
  onRenameSpeaker,
}: Props) {
  const store = editor.store;
  // The card renders again only when what it shows besides the words changes: a change of
  // words alone (replace all touches thousands) is drawn straight into the text below.
  useSyncExternalStore(
    useCallback((notify) => store.subscribeUtterance(utteranceId, notify), [store, utteranceId]),
    () => cardKey(store.utterance(utteranceId)),
  );
  const utterance = store.utterance(utteranceId);
  const textRef = useRef<HTMLDivElement>(null);
  const metaRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLLIElement>(null);
  // A press on a text drawn lean targets the text, not a word: the click finds the word by position.
  const leanAtPointerDown = useRef(false);
  const [picking, setPicking] = useState(false);

  useLayoutEffect(() => {
    const el = textRef.current;
    if (!el) return;
    const draw = (source: ChangeSource) => {
      const current = store.utterance(utteranceId);
      if (!current) return;
      const focused = document.activeElement === el;
      if (focused && source === "typing") return; // the DOM already shows it
      const selection = focused ? selectionOffsets(el) : null;
      renderWords(el, current.transcriptWords, allSpans || hasAllSpans(el));
      if (selection) selectOffsets(el, selection);
    };
    draw("server");
    return store.subscribeUtterance(utteranceId, draw);
  }, [store, utteranceId, allSpans]);

  useLayoutEffect(() => {
    const el = textRef.current;
    if (el) utteranceElements.set(utteranceId, el);
    // Who else has their caret here (nothing is drawn on a row nobody is in).
    const unwatch = metaRef.current ? watchPresence(metaRef.current, utteranceId) : null;
    // Open comment threads starting here (nothing is drawn on a row without one).
    const unwatchComments = metaRef.current ? watchCommentMarker(metaRef.current, utteranceId) : null;
    // A translation shown beside the transcript (nothing is drawn while none is).
    const unwatchTranslation = cardRef.current ? watchTranslation(cardRef.current, utteranceId) : null;
    return () => {
      unwatch?.();
      unwatchComments?.();
      unwatchTranslation?.();
      if (!el) return;
      forgetWords(el);
      if (utteranceElements.get(utteranceId) === el) utteranceElements.delete(utteranceId);
    };
  }, [utteranceId]);

  if (!utterance) return null;
  const speakerIndex = speakers.findIndex((s) => s.id === utterance.speakerId);
  const speakerName = speakers[speakerIndex]?.displayName ?? "Unknown speaker";
  const color = speakerColorIndex(speakerIndex);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const el = e.currentTarget;
    dispatch("utterance", e, {
      player: playback,
      skipSeconds: playback?.settings.keySkipSeconds,
      utterance: {
        split: () => {
          const offset = caretOffset(el);
          if (offset === null) return;
          editor.editText(utteranceId, el.textContent ?? "");
          const words = store.utterance(utteranceId)?.transcriptWords ?? [];
          const index = wordIndexAtOffset(el.textContent ?? "", offset);
          if (index <= 0 || index >= words.length) return;
          const newId = editor.split(utteranceId, words[index]!.id);
          if (newId) focusUtterance(newId, 0);
        },
        canMergeIntoPrevious: () => caretOffset(el) === 0 && !!store.previous(utteranceId),
        mergeIntoPrevious: () => {
          const previous = store.previous(utteranceId);
          if (!previous) return;
          editor.editText(utteranceId, el.textContent ?? "");
          const joinAt = previous.transcriptWords.map((w) => w.text).join(" ").length + 1;
          if (editor.mergeIntoPrevious(utteranceId)) focusUtterance(previous.id, joinAt);
        },
        cycleConfidence: () => {
          const wordId = wordIdAtCaret(el);
          if (wordId) editor.cycleConfidence(utteranceId, wordId);
        },
        caretWordId: () => wordIdAtCaret(el),
      },
    });
  }

  /**
   * Takes a new text for the utterance and redraws its words from the model, so no
   * element the browser made (styles copied from a deleted word, pasted markup) stays.
   */
  function replaceText(el: HTMLElement, text: string, caret: number, fallbackCaret: number) {
    const changed = editor.editText(utteranceId, text);
    const current = store.utterance(utteranceId);
    if (current) renderWords(el, current.transcriptWords);
    placeCaret(el, changed ? caret : fallbackCaret);
  }

  function onPaste(e: ClipboardEvent<HTMLDivElement>) {
    // Plain text only, on one line: formatting, line breaks and direction controls never enter a transcript.
    e.preventDefault();
    const el = e.currentTarget;
    const selection = selectionOffsets(el);
    if (!selection) return;
    const { text, caret } = replaceRange(
      el.textContent ?? "",
      selection.start,
      selection.end,
      pastedText(e.clipboardData.getData("text/plain")),
    );
    replaceText(el, text, caret, selection.start);
  }

  function onInput(e: FormEvent<HTMLDivElement>) {
    // Pause-while-typing (a preference) pauses on the first keystroke and resumes after a quiet time.
    playback?.noteTyping();
    const el = e.currentTarget;
    const text = el.textContent ?? "";
    if (plainTextProblem(text) === null && !caretInForeignElement(el)) {
      editor.editText(utteranceId, text);
      return;
    }
    // A typed or dropped direction control would reorder the words after it, another control is refused in words: dropped.
    // Text typed into markup the browser made is redrawn as words.
    const caret = caretOffset(el) ?? text.length;
    const clean = withoutControls(text, caret);
    replaceText(el, clean.text, clean.caret, clean.caret);
  }

  function onBlur() {
    // Others see no caret of ours while the editor is left (a blur and the next focus make one message).
    reportCaret(null);
    const el = textRef.current;
    if (!el) return;
    editor.editText(utteranceId, el.textContent ?? "");
    // Redraw from the model: new words get their spans, an emptied text comes back.
    const current = store.utterance(utteranceId);
    if (current) renderWords(el, current.transcriptWords);
  }

  return (
    <li
      ref={cardRef}
      className={`utterance${metaColumn ? " utterance--column" : ""}`}
      data-utterance-id={utteranceId}
      data-testid="utterance"
      inert={!editable}
    >
      {chapters?.map((c) => (
        <h3 key={c.id} className="chapter-marker" data-testid="chapter-marker">
          <span className="visually-hidden">Chapter: </span>
          {c.title}
        </h3>
      ))}
      <div className="utterance-meta" ref={metaRef}>
        <button
          type="button"
          className={`speaker-chip speaker-color-${color < 0 ? "none" : color}`}
          data-testid="utterance-speaker"
          data-tutorial="utterance-speaker"
          aria-haspopup="listbox"
          aria-expanded={picking}
          title={readOnly ? undefined : "Change speaker"}
          disabled={readOnly}
          onClick={() => setPicking((p) => !p)}
        >
          {speakerName}
        </button>
        {picking && (
          <SpeakerPicker
            speakers={speakers}
            current={utterance.speakerId}
            onPick={(speakerId) => {
              setPicking(false);
              editor.setSpeaker(utteranceId, speakerId);
            }}
            onCreate={() => {
              setPicking(false);
              onCreateSpeaker(utteranceId);
            }}
            onMergeAll={(intoSpeakerId) => {
              setPicking(false);
              const from = speakers.find((s) => s.id === utterance.speakerId);
              const into = speakers.find((s) => s.id === intoSpeakerId);
              if (from && into) mergeSpeakersFromUi(editor, from, into);
            }}
            onRename={(name) => {
              const refused = onRenameSpeaker(utterance.speakerId, name);
              if (!refused) setPicking(false);
              return refused;
            }}
            onClose={() => setPicking(false)}
          />
        )}
        <button type="button" className="utterance-time" title="Play from here" onClick={() => playback?.seek(utterance.startTime)}>
          {`${formatTimestamp(utterance.startTime)} – ${formatTimestamp(utterance.endTime)}`}
        </button>
      </div>
      {/* biome-ignore lint/a11y/useFocusableInteractive: an editable element takes focus by itself */}
      <div
        ref={textRef}
        className="utterance-text"
        contentEditable={editable && !readOnly}
        aria-readonly={!editable || readOnly || undefined}
        suppressContentEditableWarning
        spellCheck={false}
        role="textbox"
        aria-label={`Utterance at ${formatTimestamp(utterance.startTime)} by ${speakerName}`}
        data-testid="utterance-text"
        data-tutorial="utterance-text"
        onInput={onInput}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={onBlur}
        onPointerOver={(e) => showAllSpans(e.currentTarget)}
        onFocus={(e) => {
          showAllSpans(e.currentTarget);
          reportCaret(utteranceId);
        }}
        onPointerDown={(e) => {
          leanAtPointerDown.current = !hasAllSpans(e.currentTarget);
        }}
        onClick={(e) => {
          const wordId =
            (e.target as HTMLElement).dataset?.wordId ??
            (leanAtPointerDown.current && e.target === e.currentTarget ? wordIdAtPoint(e.currentTarget, e.clientX, e.clientY) : null);
          if (!wordId) return;
          onCurrentWord(utteranceId, wordId);
          playback?.seekToWord(wordId);
        }}
      />
      {!readOnly && <WordConflictBanner editor={editor} utteranceId={utteranceId} />}
    </li>
  );
});
