import { useEffect, useEffectEvent, useRef, useState } from "react";
import { formatDuration, formatTimestamp } from "../../../core/timestamps";
import { Alert } from "../components/Alert";
import { VolumeIcon } from "../components/Icons";
import { playbackStatus, provideStatus } from "../lib/announcer";
import { PLAYBACK_SPEEDS, type PlaybackController } from "../editor/model/playback-controller";
import { BUTTON_SKIP_SECONDS as SKIP_SECONDS, dispatch } from "../commands/commands";

const isTyping = (el: Element | null) =>
  !!el &&
  (el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el as HTMLElement).isContentEditable);

/** Where the player's media comes from: a link once it has arrived, or that it could not be had. */
export interface MediaSource {
  data?: { url: string };
  isError: boolean;
  /** Why not, when the server said (e.g. media still holding redacted speech, 409). */
  error?: Error | null;
}

/**
 * The media player: play, skip, seek, speed, volume and the player's keys,
 * following the shared playback controller. The workspace and the shared page
 * each give it their own link to the media.
 */
export function MediaControls({
  link,
  contentType,
  durationSeconds,
  playback,
}: {
  link: MediaSource;
  contentType: string;
  durationSeconds: number | null;
  playback: PlaybackController | null;
}) {
  const isVideo = contentType.startsWith("video/");
  const kind = isVideo ? "video" : "audio";
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const region = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState<number | null>(durationSeconds);
  const [speed, setSpeed] = useState(1);
  const [volume, setVolume] = useState(1);
  const [error, setError] = useState<string | null>(null);
  // Media metadata loads once the page is idle: opening a long transcript comes first.
  const [preload, setPreload] = useState<"none" | "metadata">("none");
  useEffect(() => {
    if (typeof requestIdleCallback !== "function") return setPreload("metadata");
    const id = requestIdleCallback(() => setPreload("metadata"), { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }, []);

  async function togglePlay() {
    const el = media.current;
    if (!el) return;
    // The controller resumes with the backstep; it reports a refused play through onPlayError.
    if (playback?.media === el) return playback.togglePlay();
    if (el.paused) {
      try {
        await el.play();
      } catch (e) {
        if ((e as Error).name !== "AbortError") setError(`Failed to play ${kind}`);
      }
    } else el.pause();
  }

  function seekTo(seconds: number) {
    const el = media.current;
    if (!el) return;
    const max = Number.isFinite(el.duration) ? el.duration : (duration ?? seconds);
    el.currentTime = Math.min(Math.max(0, seconds), max);
    setCurrent(el.currentTime);
  }

  // The page's and the player's dispatchers: keys on the page, or with a control of the player focused
  // (its sliders and select keep their own arrows). Text fields, the transcript's utterances and its
  // search box run their own dispatchers; dialogs and tutorials keep their keys.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.defaultPrevented || !playback || playback.media !== media.current) return;
    const active = document.activeElement;
    const inPlayer = !!active && !!region.current?.contains(active);
    if (active?.closest("dialog, [role=dialog], [aria-modal=true], .tutorial") || document.querySelector("dialog[open]")) return;
    if (!inPlayer && isTyping(active)) return;
    const focus = active === document.body || !active ? "body" : !inPlayer ? "other" : isTyping(active) ? "field" : "control";
    dispatch(inPlayer ? "player" : "page", e, { player: playback, skipSeconds: playback.settings.keySkipSeconds, focus });
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);

  // The transcript follows this element through the shared controller.
  const hasMedia = !!link.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the element exists only once the link has arrived
  useEffect(() => {
    const el = media.current;
    if (!el || !playback) return;
    playback.attach(el);
    const offError = playback.onPlayError(() => setError(`Failed to play ${kind}`));
    // The time and state a screen reader hears on demand (the registry's "say status" key).
    const offStatus = provideStatus("player", () => {
      const status = playback.status();
      return status && playbackStatus(status);
    });
    return () => {
      offStatus();
      offError();
      playback.detach();
    };
  }, [playback, hasMedia]);

  useEffect(() => {
    if (media.current) media.current.playbackRate = speed;
  }, [speed]);
  useEffect(() => {
    if (media.current) media.current.volume = volume;
  }, [volume]);

  if (link.isError) {
    const said = (link.error as { status?: number } | null | undefined)?.status === 409 ? link.error?.message : null;
    return <Alert kind="error">{said ?? `Failed to load ${kind} file`}</Alert>;
  }

  const pipSupported = isVideo && typeof document !== "undefined" && document.pictureInPictureEnabled;
  const total = duration ?? 0;

  return (
    <div className="player" ref={region} data-testid="media-player">
      {link.data &&
        (isVideo ? (
          <video
            ref={media}
            src={link.data.url}
            preload={preload}
            className="player-video"
            playsInline
            onClick={() => void togglePlay()}
            {...handlers()}
          />
        ) : (
          <audio ref={media} src={link.data.url} preload={preload} {...handlers()} />
        ))}
      {error && <Alert kind="error">{error}</Alert>}
      <div className="player-controls">
        <button
          type="button"
          className="icon-button"
          aria-label="Back 10 seconds"
          data-tutorial="player-skip"
          onClick={() => seekTo(current - SKIP_SECONDS)}
          disabled={!link.data}
        >
          {/* The arrow is drawn by CSS: the visible text stays part of the button's name. */}
          <span className="skip-arrow skip-arrow--back" aria-hidden="true" />
          10
        </button>
        <button
          type="button"
          className="button button--primary player-play"
          data-tutorial="player-play"
          aria-label={playing ? "Pause" : "Play"}
          onClick={() => void togglePlay()}
          disabled={!link.data}
        >
          {playing ? "❚❚" : "▶"}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Forward 10 seconds"
          onClick={() => seekTo(current + SKIP_SECONDS)}
          disabled={!link.data}
        >
          10
          <span className="skip-arrow skip-arrow--forward" aria-hidden="true" />
        </button>
        <span className="player-time" data-testid="player-time">
          {/* The position rounds down, as the utterances' times do: a word at 10.6 s is in 0:08–0:10. */}
          {formatTimestamp(current)} / {formatDuration(duration)}
        </span>
        <input
          className="player-seek"
          type="range"
          min={0}
          max={total || 0}
          step={0.1}
          value={Math.min(current, total)}
          aria-label="Seek"
          onChange={(e) => seekTo(Number(e.target.value))}
          disabled={!total}
        />
        <label className="player-option">
          <span className="visually-hidden">Playback speed</span>
          <select aria-label="Playback speed" data-tutorial="player-speed" value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
            {PLAYBACK_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
        <label className="player-option player-volume">
          <VolumeIcon />
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={volume}
            aria-label="Volume"
            onChange={(e) => setVolume(Number(e.target.value))}
          />
        </label>
        {pipSupported && (
          <button
            type="button"
            className="icon-button"
            aria-label="Picture in picture"
            onClick={() => void media.current?.requestPictureInPicture().catch(() => undefined)}
          >
            ⧉
          </button>
        )}
      </div>
    </div>
  );

  function handlers() {
    return {
      onPlay: () => setPlaying(true),
      onPause: () => setPlaying(false),
      onEnded: () => setPlaying(false),
      onTimeUpdate: () => setCurrent(media.current?.currentTime ?? 0),
      // The speed keys change the element's rate; the select follows.
      onRateChange: () => setSpeed(media.current?.playbackRate ?? 1),
      onLoadedMetadata: () => {
        const d = media.current?.duration;
        if (d && Number.isFinite(d)) setDuration(d);
        if (media.current) {
          media.current.playbackRate = speed;
          media.current.volume = volume;
        }
      },
      onError: () => setError(`Error loading ${kind} file`),
    };
  }
}
