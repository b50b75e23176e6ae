import { useQueryClient } from "@tanstack/react-query";
import {
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useSnapshot } from "valtio";
import { useServiceConfiguration } from "../../api/library";
import { DETAILS_MESSAGES } from "../../../../core/details-limits";
import { authState } from "../../auth/store";
import type { PlaybackController } from "../model/playback-controller";
import { dispatch, isCommandKey } from "../../commands/commands";
import { tutorials } from "../../tutorials/tutorials";
import { toast } from "../../lib/toasts";
import { EditorSession, type SessionState } from "../session/editor-session";
import { usePlaybackSync } from "./usePlaybackSync";
import { useSearchTarget } from "./useSearchTarget";
import { TranscriptToolbar } from "./TranscriptToolbar";
import { useChapterStarts } from "../../chapters/chapter-markers";
import { UtteranceCard } from "./UtteranceCard";
import { useSpeakers } from "./useSpeakers";
import { ALL_SPANS_UP_TO, CHUNK, useProgressiveCount } from "./progressive-list";
import { watchSkipping } from "./word-dom";
import { useCommentTools } from "../../comments/useCommentTools";
import { useHighlightTools } from "../../highlights/useHighlightTools";
import { HIGHLIGHT_TEXTS } from "../../highlights/highlight-texts";
import { ContextMenu } from "../../components/ContextMenu";
import type { SelectedWords } from "./word-selection";
import { useRedactionTools } from "../../redaction/useRedactionTools";
import { RedactionDialogs } from "../../redaction/RedactionDialogs";
import { REDACTION_TEXTS } from "../../redaction/redaction-texts";

const LOADING: SessionState = { status: "loading" };

/**
 * The transcript editor of a file. The document, commands and save queue
 * live outside React (EditorSession); this renders one memoised card per
 * utterance, and cards redraw only when their own utterance changes.
 */
export function TranscriptView({
  fileId,
  playback,
  readOnly = false,
  canComment = false,
}: {
  fileId: string;
  playback: PlaybackController | null;
  /** The reader's view (a viewer's or commenter's role): the same editor, with its writes off. */
  readOnly?: boolean;
  /** Commenters and up start comments on selected words (key, toolbar button, context menu). */
  canComment?: boolean;
}) {
  const endRef = useRef<HTMLParagraphElement>(null);
  const opened = useEditorSession(fileId);
  const state = useSyncExternalStore(
    useCallback((notify) => opened?.subscribeState(notify) ?? (() => {}), [opened]),
    () => opened?.getState() ?? LOADING,
  );
  const failure: Error | null = state.status === "failed" ? state.error : null;
  // The session loads the utterances and the speakers (or takes them from this browser's copy):
  // the transcript shows once its first screenful is in, and takes edits then too unless an
  // earlier page's unsaved edits wait for the whole (decision 030).
  const shown = state.status === "ready" || state.status === "preview" ? opened : null;
  const session = state.status === "ready" ? opened : null;
  // Comments and highlights are read once the editor takes edits, not beside the first answers:
  // asked for with those, they waited in the store's line and delayed them.
  const comments = useCommentTools(session, playback, canComment);
  const highlights = useHighlightTools(session, canComment);
  const redaction = useRedactionTools(session, !readOnly);
  const [menu, setMenu] = useState<{ x: number; y: number; words: SelectedWords } | null>(null);

  useEffect(() => {
    if (failure) toast(`Failed to load transcript: ${failure.message || "Unknown error"}`, "error");
  }, [failure]);
  // docs/product.md#tutorials-and-shortcuts: the transcript-editing tutorial, 1.5 s after the utterances load.
  const loaded = !!session;
  useEffect(() => {
    if (!loaded) return;
    // Counted from when the cards are on the page: the list may draw a frame after the editor is ready.
    let frame = 0;
    const whenShown = () => {
      if (document.querySelector('[data-testid="utterance"]')) tutorials.utterancesLoaded();
      else frame = requestAnimationFrame(whenShown);
    };
    whenShown();
    return () => {
      cancelAnimationFrame(frame);
      tutorials.cancelPending();
    };
  }, [loaded]);

  let body: ReactNode;
  if (failure && !shown) {
    body = (
      <div className="empty-state">
        <p className="muted">The transcript could not be loaded.</p>
        <button type="button" className="button button--ghost" onClick={() => void opened?.open()}>
          Try again
        </button>
      </div>
    );
  } else if (!shown) {
    body = (
      <p className="transcript-status muted" role="status">
        <span className="spinner spinner--small" /> Loading transcript...
      </p>
    );
  } else {
    body = <EditorBody session={shown} editable={!!session} readOnly={readOnly} playback={playback} />;
  }

  /** Right click (or the menu key) on the words: a menu to comment on them, or to copy them. */
  function onContextMenu(e: MouseEvent<HTMLElement>) {
    if (!comments || !(e.target as HTMLElement).closest(".utterance-text")) return;
    const words = comments.selected({ x: e.clientX, y: e.clientY });
    if (!words) return;
    e.preventDefault();
    setMenu({ x: e.clientX, y: e.clientY, words });
  }

  return (
    <section
      className="transcript"
      data-testid="transcript"
      aria-label="Transcript"
      onKeyDown={(e) => {
        if (!session) return;
        const target = e.target as HTMLElement;
        // Text fields keep their own undo; the transcript's text uses the server history.
        if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
        if (readOnly && !isCommandKey(e, "addComment") && !isCommandKey(e, "addHighlight")) return;
        dispatch("transcript", e, {
          history: readOnly ? undefined : session.history,
          comment: comments ?? undefined,
          highlight: highlights ?? undefined,
          redact: redaction ?? undefined,
        });
      }}
      onBlurCapture={(e) => {
        if (!(e.target as HTMLElement).classList.contains("utterance-text")) return;
        comments?.noteSelection();
        highlights?.noteSelection();
        redaction?.noteSelection();
      }}
      onContextMenu={onContextMenu}
    >
      <h2 className="section-title">Transcript</h2>
      {shown && <SkipPast target={endRef} />}
      {shown && (
        <TranscriptToolbar
          session={shown}
          playback={playback}
          inert={!session}
          readOnly={readOnly}
          onComment={comments?.add}
          onHighlight={highlights?.add}
        />
      )}
      {body}
      {menu && comments && (
        <ContextMenu
          at={menu}
          label="Selected words"
          onClose={() => setMenu(null)}
          items={[
            { label: "Add comment", onSelect: () => comments.addOn(menu.words) },
            ...(highlights ? [{ label: HIGHLIGHT_TEXTS.menuItem, onSelect: () => highlights.addOn(menu.words) }] : []),
            ...(redaction
              ? [
                  { label: REDACTION_TEXTS.menuItem, onSelect: () => redaction.addOn(menu.words) },
                  { label: REDACTION_TEXTS.findMenuItem, onSelect: () => redaction.find() },
                ]
              : []),
            { label: "Copy", onSelect: () => void navigator.clipboard?.writeText(getSelection()?.toString() || menu.words.quote) },
          ]}
        />
      )}
      <RedactionDialogs session={session} />
      <p className="visually-hidden" ref={endRef} tabIndex={-1} data-testid="transcript-end">
        End of the transcript
      </p>
    </section>
  );
}

/** A link, shown when focused, that moves focus past a long transcript (keyboard and screen-reader users). */
function SkipPast({ target }: { target: RefObject<HTMLElement | null> }) {
  return (
    <button type="button" className="skip-link" onClick={() => target.current?.focus()}>
      Skip past the transcript
    </button>
  );
}

/** One EditorSession per open file (the view is keyed by file); it loads the utterances itself. */
function useEditorSession(fileId: string): EditorSession | null {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<EditorSession | null>(null);
  useEffect(() => {
    const created = new EditorSession(fileId, queryClient);
    setSession(created);
    void created.open();
    return () => created.dispose();
  }, [fileId, queryClient]);
  return session?.audioFileId === fileId ? session : null;
}

function EditorBody({
  session,
  editable,
  readOnly,
  playback,
}: {
  session: EditorSession;
  /** False while only the first screenful is in, read-only (an earlier page's edits wait to be re-applied). */
  editable: boolean;
  /** For good: the words and speakers are read, not changed; the times still play. */
  readOnly: boolean;
  playback: PlaybackController | null;
}) {
  const store = session.store;
  const speakers = useSpeakers(store);
  const list = useSyncExternalStore(
    useCallback((notify) => store.subscribeList(notify), [store]),
    () => store.utterances(),
  );
  const chapterStarts = useChapterStarts(session.audioFileId, list, editable);
  const config = useServiceConfiguration();
  const { user } = useSnapshot(authState);
  const metaColumn = !!config.data?.features.utterance_meta_column && !!user?.preferences.transcript.utterance_meta_column;
  const currentWord = useRef<{ utteranceId: string; wordId: string } | null>(null);
  const onCurrentWord = useCallback((utteranceId: string, wordId: string) => {
    currentWord.current = { utteranceId, wordId };
  }, []);
  // Shown and given the utterance at once; both saves wait in the queue (offline too).
  const onCreateSpeaker = useCallback(
    (utteranceId: string) => {
      const created = session.details.createSpeaker();
      toast(DETAILS_MESSAGES.speakerCreated(created.displayName.replace(/^Speaker /, "")), "success");
      session.editor.setSpeaker(utteranceId, created.id);
    },
    [session],
  );
  // Where the name is shown, as in the Tools sidebar: the role stays as it is.
  const onRenameSpeaker = useCallback(
    (speakerId: string, name: string) => {
      const role = session.store.speakers().find((s) => s.id === speakerId)?.role ?? null;
      return session.details.updateSpeaker(speakerId, { name, role });
    },
    [session],
  );
  const listRef = useRef<HTMLDivElement>(null);
  usePlaybackSync(session, playback, listRef);
  useSearchTarget(session, playback);
  // The first screenful takes edits before the rest is in: the rest, when it merges in, follows in slices too.
  const holdsWhole = session.holdsWhole();
  const shown = useProgressiveCount(list.length, editable && holdsWhole);

  // The groups keep their arrays while the list stays the same, so those drawn already are not rendered again.
  const groups = useMemo(() => {
    const runs = [];
    for (let at = 0; at < list.length; at += CHUNK) runs.push(list.slice(at, at + CHUNK));
    return runs;
  }, [list]);

  if (list.length === 0) return <p className="transcript-status muted">No transcript utterances found</p>;
  // The first screenful alone does not tell how long the transcript is: drawn lean until it is all in.
  const allSpans = editable && holdsWhole && list.length <= ALL_SPANS_UP_TO;
  const cardProps: GroupCardProps = {
    editor: session.editor,
    playback,
    speakers,
    metaColumn,
    allSpans,
    editable,
    readOnly,
    onCurrentWord,
    onCreateSpeaker,
    onRenameSpeaker,
  };
  const count = Math.ceil(shown / CHUNK);
  return (
    <div
      className={`utterances${metaColumn ? " utterances--column" : ""}`}
      role="group"
      aria-label="Utterances"
      ref={listRef}
      aria-busy={shown < list.length}
    >
      {groups.slice(0, count).map((group, k) => {
        const utterances = shown - k * CHUNK < group.length ? group.slice(0, shown - k * CHUNK) : group;
        // biome-ignore lint/suspicious/noArrayIndexKey: a group is the k-th run of CHUNK cards, so its index is its identity
        return <UtteranceGroup key={k} start={k * CHUNK + 1} utterances={utterances} chapterStarts={chapterStarts} {...cardProps} />;
      })}
    </div>
  );
}

type GroupCardProps = Omit<ComponentProps<typeof UtteranceCard>, "utteranceId" | "chapters">;

/**
 * A run of CHUNK cards, which the browser skips drawing while far off screen (content-visibility).
 * Memoised on its utterances' array: while the rest of a long transcript comes in slice by slice,
 * groups already drawn are not rendered again.
 */
const UtteranceGroup = memo(function UtteranceGroup({
  start,
  utterances,
  chapterStarts,
  ...card
}: GroupCardProps & {
  start: number;
  utterances: readonly { id: string }[];
  /** Where chapters start (utterance id → chapters): a marker before each. */
  chapterStarts: ReadonlyMap<string, readonly { id: string; title: string }[]>;
}) {
  return (
    <ol className="utterance-chunk" start={start} ref={watchSkipping}>
      {utterances.map((u) => (
        <UtteranceCard key={u.id} utteranceId={u.id} chapters={chapterStarts.get(u.id)} {...card} />
      ))}
    </ol>
  );
});
