import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { findMarks, parseSearchQuery } from "../../../../common/search-query";
import type { PlaybackController } from "../model/playback-controller";
import { utteranceText } from "../model/search";
import type { EditorSession } from "../session/editor-session";
import { textPosition, utteranceElements } from "./word-dom";

// A library search hit opens the file as /dashboard/file/{id}?u={utterance}&t={seconds}&q={query}.
const HIGHLIGHT = "library-hit";
/** How long to wait for the card, then for the media, at most (about 10 s in all). */
const WAIT_FRAMES = 600;

const highlightsSupported = () => typeof CSS !== "undefined" && "highlights" in CSS && typeof Highlight !== "undefined";

/**
 * Goes to a search hit's place: scrolls its utterance into view, highlights the matched
 * words and sets the player at the utterance's start; then drops the parameters, so the
 * same hit can be chosen again.
 */
export function useSearchTarget(session: EditorSession, playback: PlaybackController | null) {
  const [params, setParams] = useSearchParams();
  const utteranceId = params.get("u");
  const query = params.get("q") ?? "";
  const time = Number(params.get("t"));
  useEffect(() => {
    if (!utteranceId) return;
    let frame = 0;
    let frames = 0;
    let shown = false;
    const attempt = () => {
      // Not on the first screenful drawn ahead, nor on this browser's copy before the server's
      // answer (decision 030): the hit's words are the server's, and the copy may be older.
      const ready = session.getState().status === "ready" && session.showsServerState();
      const el = ready ? utteranceElements.get(utteranceId) : undefined;
      // Long transcripts render their cards progressively: the card may still be on its way.
      if (!el && frames++ < WAIT_FRAMES) {
        frame = requestAnimationFrame(attempt);
        return;
      }
      if (!shown) {
        shown = true;
        show(el);
      }
      // The player's media may attach later than the card; the seek waits for it (not forever).
      if (playback && !playback.media && frames++ < WAIT_FRAMES) {
        frame = requestAnimationFrame(attempt);
        return;
      }
      if (playback && Number.isFinite(time) && params.has("t")) playback.seek(time);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of ["u", "t", "q"]) next.delete(key);
          return next;
        },
        { replace: true },
      );
    };
    const show = (el: HTMLElement | undefined) => {
      const card = el?.closest("li");
      card?.scrollIntoView({ block: "center" });
      // Cards skipped by content-visibility get their real size once near: aim again.
      requestAnimationFrame(() => card?.scrollIntoView({ block: "center" }));
      const utterance = session.store.utterance(utteranceId);
      if (el && utterance && highlightsSupported()) {
        const highlight = new Highlight();
        for (const mark of findMarks(utteranceText(utterance), parseSearchQuery(query))) {
          const start = textPosition(el, mark.start);
          const end = textPosition(el, mark.end);
          if (!start || !end) continue;
          const range = document.createRange();
          range.setStart(start.node, start.offset);
          range.setEnd(end.node, end.offset);
          highlight.add(range);
        }
        CSS.highlights.set(HIGHLIGHT, highlight);
      }
      for (const old of document.querySelectorAll("[data-search-target]")) old.removeAttribute("data-search-target");
      el?.setAttribute("data-search-target", "true");
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [session, playback, utteranceId, query, time, params, setParams]);
  useEffect(() => () => void (highlightsSupported() && CSS.highlights.delete(HIGHLIGHT)), []);
}
