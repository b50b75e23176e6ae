import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { formatTimestamp } from "../../../core/timestamps";
import type { SharedSpeakerDto, SharedTranscriptDto } from "../../../common/shares";
import type { UtteranceDto } from "../../../core/transcript";
import { PlaybackController } from "../editor/model/playback-controller";
import { MediaControls, type MediaSource } from "../player/MediaControls";
import { speakerColorIndex } from "../editor/view/display";
import { ALL_SPANS_UP_TO, CHUNK, useProgressiveCount } from "../editor/view/progressive-list";
import type { ReadableTranscript } from "../editor/view/readable";
import { SearchBox } from "../editor/view/SearchBox";
import { usePlaybackSync } from "../editor/view/usePlaybackSync";
import { forgetWords, hasAllSpans, renderWords, showAllSpans, utteranceElements, wordIdAtPoint } from "../editor/view/word-dom";
import { sharedApi } from "./shared-api";
import { parseMoment } from "../highlights/moment";
import { SharedMoment } from "./SharedMoment";

/** The transcript as the view shows it, for reading: the editor's word drawing, search, playing word and autoscroll, no editing. */
export function SharedTranscript({
  secret,
  shared,
  speakers,
  utterances,
}: {
  secret: string;
  shared: SharedTranscriptDto;
  speakers: readonly SharedSpeakerDto[];
  utterances: UtteranceDto[];
}) {
  const [playback, setPlayback] = useState<PlaybackController | null>(null);
  useEffect(() => {
    const controller = new PlaybackController();
    setPlayback(controller);
    return () => controller.dispose();
  }, []);
  // A fixed list: the page shows the transcript as it was when opened (a reload shows later corrections).
  const readable = useMemo<ReadableTranscript>(
    () => ({ store: { utterances: () => utterances, subscribeChanges: () => () => {} } }),
    [utterances],
  );
  // A moment named in the address (a highlight's "share this moment"), read once as the page opens.
  const [moment] = useState(() => parseMoment(location.search, shared.duration));
  return (
    <>
      {shared.include_media && <SharedPlayer secret={secret} durationSeconds={shared.duration} playback={playback} />}
      {moment && <SharedMoment moment={moment} utterances={utterances} playback={playback} withMedia={shared.include_media} />}
      <section className="transcript" data-testid="transcript" aria-label="Transcript">
        <h2 className="section-title">Transcript</h2>
        <div className="transcript-toolbar" role="toolbar" aria-label="Transcript tools">
          <SearchBox session={readable} />
        </div>
        <UtteranceList readable={readable} utterances={utterances} speakers={speakers} playback={playback} />
      </section>
    </>
  );
}

function SharedPlayer({
  secret,
  durationSeconds,
  playback,
}: {
  secret: string;
  durationSeconds: number | null;
  playback: PlaybackController | null;
}) {
  // A media link issued for this visit.
  const [link, setLink] = useState<MediaSource & { contentType?: string }>({ isError: false });
  useEffect(() => {
    let cancelled = false;
    sharedApi.media(secret).then(
      (media) => !cancelled && setLink({ data: { url: media.url }, contentType: media.content_type, isError: false }),
      () => !cancelled && setLink({ isError: true }),
    );
    return () => {
      cancelled = true;
    };
  }, [secret]);
  return <MediaControls link={link} contentType={link.contentType ?? "audio/*"} durationSeconds={durationSeconds} playback={playback} />;
}

function UtteranceList({
  readable,
  utterances,
  speakers,
  playback,
}: {
  readable: ReadableTranscript;
  utterances: UtteranceDto[];
  speakers: readonly SharedSpeakerDto[];
  playback: PlaybackController | null;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  usePlaybackSync(readable, playback, listRef);
  const shown = useProgressiveCount(utterances.length);
  if (utterances.length === 0) return <p className="transcript-status muted">No transcript utterances found</p>;
  const allSpans = utterances.length <= ALL_SPANS_UP_TO;
  const visible = shown < utterances.length ? utterances.slice(0, shown) : utterances;
  const chunks = [];
  for (let at = 0; at < visible.length; at += CHUNK) chunks.push(visible.slice(at, at + CHUNK));
  return (
    <div className="utterances" role="group" aria-label="Utterances" ref={listRef} aria-busy={shown < utterances.length}>
      {chunks.map((chunk, k) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a chunk is the k-th run of CHUNK cards, so its index is its identity
        <ol key={k} className="utterance-chunk" start={k * CHUNK + 1}>
          {chunk.map((u) => (
            <ReadOnlyCard key={u.id} utterance={u} speakers={speakers} playback={playback} allSpans={allSpans} />
          ))}
        </ol>
      ))}
    </div>
  );
}

const ReadOnlyCard = memo(function ReadOnlyCard({
  utterance,
  speakers,
  playback,
  allSpans,
}: {
  utterance: UtteranceDto;
  speakers: readonly SharedSpeakerDto[];
  playback: PlaybackController | null;
  allSpans: boolean;
}) {
  const textRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = textRef.current;
    if (!el) return;
    renderWords(el, utterance.transcriptWords, allSpans);
    utteranceElements.set(utterance.id, el);
    return () => {
      forgetWords(el);
      if (utteranceElements.get(utterance.id) === el) utteranceElements.delete(utterance.id);
    };
  }, [utterance, allSpans]);
  const speakerIndex = speakers.findIndex((s) => s.id === utterance.speakerId);
  const speaker = speakers[speakerIndex];
  const speakerName = speaker?.displayName ?? "Unknown speaker";
  const color = speakerColorIndex(speakerIndex);
  return (
    <li className="utterance" data-utterance-id={utterance.id} data-testid="utterance">
      <div className="utterance-meta">
        <span className={`speaker-chip speaker-color-${color < 0 ? "none" : color}`} data-testid="utterance-speaker">
          {speakerName}
          {speaker?.role ? <span className="muted"> · {speaker.role}</span> : null}
        </span>
        <button type="button" className="utterance-time" title="Play from here" onClick={() => playback?.seek(utterance.startTime)}>
          {`${formatTimestamp(utterance.startTime)} – ${formatTimestamp(utterance.endTime)}`}
        </button>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on a word seeks the player; the times above do it from the keyboard */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the text is read-only; its words seek on click */}
      <div
        ref={textRef}
        className="utterance-text"
        data-testid="utterance-text"
        onPointerOver={(e) => showAllSpans(e.currentTarget)}
        onClick={(e) => {
          const el = e.currentTarget;
          const wordId =
            (e.target as HTMLElement).dataset?.wordId ??
            (!hasAllSpans(el) && e.target === el ? wordIdAtPoint(el, e.clientX, e.clientY) : null);
          if (wordId) playback?.seekToWord(wordId);
        }}
      />
    </li>
  );
});
