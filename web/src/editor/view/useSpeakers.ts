// The open editor's speakers for views: the session is their one owner while
// the file is open (the Speakers panel, the speaker picker, the cards).
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { SpeakerDto } from "../../../../core/transcript";
import type { EditorSession } from "../session/editor-session";
import { openSession, subscribeSessions } from "../session/open-sessions";
import { withStats } from "../model/speaker-stats";
import type { TranscriptStore } from "../model/transcript-store";

/** The speakers (names, roles), redrawn when one changes. */
export function useSpeakers(store: TranscriptStore): readonly SpeakerDto[] {
  return useSyncExternalStore(
    useCallback((notify) => store.subscribeSpeakers(notify), [store]),
    () => store.speakers(),
  );
}

const sameRows = (a: readonly SpeakerDto[], b: readonly SpeakerDto[]) =>
  a.length === b.length &&
  a.every((s, i) => {
    const t = b[i]!;
    return (
      s === t ||
      (s.id === t.id &&
        s.displayName === t.displayName &&
        s.role === t.role &&
        s.name === t.name &&
        s.utteranceCount === t.utteranceCount &&
        s.speakingPercentage === t.speakingPercentage)
    );
  });

/** The speakers with their counts and shares, from the utterances held (worked out at most once a frame). */
export function useSpeakerStats(store: TranscriptStore): readonly SpeakerDto[] {
  const [rows, setRows] = useState(() => withStats(store.speakers(), store.utterances()));
  useEffect(() => {
    let frame = 0;
    const update = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const next = withStats(store.speakers(), store.utterances());
        setRows((prev) => (sameRows(prev, next) ? prev : next));
      });
    };
    update();
    const offChanges = store.subscribeChanges(update);
    const offSpeakers = store.subscribeSpeakers(update);
    return () => {
      cancelAnimationFrame(frame);
      offChanges();
      offSpeakers();
    };
  }, [store]);
  return rows;
}

/** The editor session of a file open now (panels outside the transcript view edit through it), or null. */
export function useOpenSession(fileId: string): EditorSession | null {
  return useSyncExternalStore(subscribeSessions, () => openSession(fileId)) ?? null;
}

/** The same once its transcript is loaded. */
export function useReadySession(fileId: string): EditorSession | null {
  const session = useOpenSession(fileId);
  const ready = useSyncExternalStore(
    useCallback((notify) => session?.subscribeState(notify) ?? (() => {}), [session]),
    () => session?.getState().status === "ready",
  );
  return ready ? session : null;
}
