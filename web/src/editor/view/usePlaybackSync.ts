import { useEffect, type RefObject } from "react";
import { Autoscroll } from "../model/autoscroll";
import { systemClock } from "../../../../core/clock";
import type { PlaybackController } from "../model/playback-controller";
import { whenIdle } from "../../lib/idle";
import type { ReadableTranscript } from "./readable";
import { setPlayingWord, wordElement } from "./word-dom";
import { focusUtterance } from "./UtteranceCard";

// Edits move word times: the timeline is rebuilt once typing pauses, not per keystroke.
const TIMELINE_REBUILD_MS = 250;

function inView(el: HTMLElement): boolean {
  const rect = el.getBoundingClientRect();
  return rect.top >= 0 && rect.bottom <= (window.innerHeight || document.documentElement.clientHeight);
}

/**
 * Connects the shared playback controller to the transcript: the playing
 * word's span gets a class directly (no React render), autoscroll follows it
 * unless the user scrolled or clicked in the last 10 s, and on pause the last
 * word is scrolled into view.
 */
export function usePlaybackSync(session: ReadableTranscript, playback: PlaybackController | null, listRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!playback) return;
    const autoscroll = new Autoscroll({ clock: systemClock });
    const timeline = () => {
      playback.setWordSource(() =>
        session.store.utterances().flatMap((u) => u.transcriptWords.map((w) => ({ id: w.id, start: w.startTime, end: w.endTime }))),
      );
    };
    // Opening: the words are indexed once the page is idle (or on the first click or time update before that).
    timeline();
    const idle = whenIdle(() => playback.refreshTimeline());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offChanges = session.store.subscribeChanges(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timeline();
        playback.refreshTimeline();
      }, TIMELINE_REBUILD_MS);
    });
    const reveal = (el: HTMLElement, block: ScrollLogicalPosition) => {
      if (inView(el)) return;
      autoscroll.noteProgrammaticScroll();
      el.scrollIntoView({ block });
    };
    const offActive = playback.onActiveWord((id) => {
      const el = setPlayingWord(id);
      if (el && autoscroll.shouldFollow()) reveal(el, "center");
    });
    const offPause = playback.onPause((id) => {
      const el = id ? wordElement(id) : undefined;
      if (el) reveal(el, "nearest");
    });
    // The caret goes to the playing word: into its utterance, at the word's start.
    const offGoTo = playback.onGoToWord((wordId) => {
      for (const u of session.store.utterances()) {
        const index = u.transcriptWords.findIndex((w) => w.id === wordId);
        if (index < 0) continue;
        const offset = u.transcriptWords.slice(0, index).reduce((n, w) => n + w.text.length + 1, 0);
        focusUtterance(u.id, offset);
        return;
      }
    });
    const interacted = () => autoscroll.noteUserInteraction();
    const onScroll = () => autoscroll.noteScroll();
    const list = listRef.current;
    const events = ["wheel", "touchstart", "mousedown", "keydown"] as const;
    for (const type of events) list?.addEventListener(type, interacted, { passive: true });
    window.addEventListener("scroll", onScroll, { passive: true, capture: true });
    return () => {
      idle();
      clearTimeout(timer);
      offChanges();
      offActive();
      offPause();
      offGoTo();
      for (const type of events) list?.removeEventListener(type, interacted);
      window.removeEventListener("scroll", onScroll, { capture: true });
    };
  }, [session, playback, listRef]);
}
