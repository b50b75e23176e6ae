import { useEffect, useState } from "react";
import { formatTimestamp } from "../../../core/timestamps";
import type { UtteranceDto } from "../../../core/transcript";
import type { PlaybackController } from "../editor/model/playback-controller";
import { setHighlightedWords, utteranceElements } from "../editor/view/word-dom";
import type { Moment } from "../highlights/moment";

// How long the page waits for the moment's text to be drawn and for the player (a long
// transcript is drawn in slices; the media link is asked for after the page loads).
const WAIT_MS = 15_000;
const POLL_MS = 50;

/** The words the moment covers: from its start to its end, or to the end of the utterance it starts in. */
export function momentWords(utterances: readonly UtteranceDto[], moment: Moment): { utteranceIds: string[]; wordIds: Set<string> } {
  const first = utterances.find((u) => u.endTime > moment.start) ?? utterances.at(-1);
  const end = moment.end ?? first?.endTime ?? moment.start;
  const utteranceIds: string[] = [];
  const wordIds = new Set<string>();
  for (const u of utterances) {
    if (u.endTime <= moment.start || u.startTime >= end) continue;
    const words = u.transcriptWords.filter((w) => w.endTime > moment.start && w.startTime < end);
    if (!words.length) continue;
    utteranceIds.push(u.id);
    for (const w of words) wordIds.add(w.id);
  }
  return { utteranceIds, wordIds };
}

/** Calls `found` once `get` answers (checked every POLL_MS, up to WAIT_MS); the answer stops waiting. */
function whenThere<T>(get: () => T | null | undefined, found: (value: T) => void): () => void {
  const until = Date.now() + WAIT_MS;
  const timer = setInterval(() => {
    const value = get();
    if (value) {
      clearInterval(timer);
      found(value);
    } else if (Date.now() > until) clearInterval(timer);
  }, POLL_MS);
  return () => clearInterval(timer);
}

/**
 * A shared page opened at a moment (`?t=…&e=…`, a highlight's "share this moment"): its words
 * marked and scrolled to, and the recording playing from there. A browser that refuses to play
 * before the visitor does anything gets a clear button instead.
 */
export function SharedMoment({
  moment,
  utterances,
  playback,
  withMedia,
}: {
  moment: Moment;
  utterances: readonly UtteranceDto[];
  playback: PlaybackController | null;
  withMedia: boolean;
}) {
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    const { utteranceIds, wordIds } = momentWords(utterances, moment);
    const rows = () => utteranceIds.map((id) => utteranceElements.get(id)).filter((el): el is HTMLElement => !!el);
    setHighlightedWords(wordIds, rows());
    const stop = whenThere(
      () => (utteranceIds[0] ? utteranceElements.get(utteranceIds[0]) : null),
      (el) => {
        setHighlightedWords(wordIds, rows());
        el.closest("li")?.scrollIntoView({ block: "center" });
      },
    );
    return () => {
      stop();
      setHighlightedWords(new Set(), rows());
    };
  }, [utterances, moment]);

  useEffect(() => {
    if (!withMedia || !playback) return;
    return whenThere(
      () => playback.media,
      (media) => {
        playback.seek(moment.start);
        const started = media.play();
        started?.catch((error: unknown) => {
          if ((error as Error).name === "NotAllowedError") setBlocked(true);
        });
      },
    );
  }, [playback, withMedia, moment]);

  if (!blocked) return null;
  return (
    <p className="shared-moment" role="status">
      <button
        type="button"
        className="button"
        data-testid="shared-moment-play"
        onClick={() => {
          playback?.seek(moment.start, { play: true });
          setBlocked(false);
        }}
      >
        Play from {formatTimestamp(moment.start)}
      </button>
    </p>
  );
}
