import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { formatDuration } from "../../../core/timestamps";
import { SHARE_LIMITS, SHARE_MESSAGES, type SharedTranscriptDto } from "../../../common/shares";
import type { UtteranceDto } from "../../../core/transcript";
import { Logo } from "../components/Logo";
import { isGone, sharedApi } from "./shared-api";
import { SharedTranscript } from "./SharedTranscript";

type State =
  | { kind: "loading" }
  | { kind: "gone" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; shared: SharedTranscriptDto; utterances: UtteranceDto[] };

/** Tells search engines to leave the page alone and browsers to send no referrer, while it is open. */
function usePrivatePageMeta() {
  useEffect(() => {
    const added = [
      ["robots", "noindex, nofollow"],
      ["referrer", "no-referrer"],
    ].map(([name, content]) => {
      const meta = document.createElement("meta");
      meta.name = name!;
      meta.content = content!;
      document.head.append(meta);
      return meta;
    });
    return () => {
      for (const meta of added) meta.remove();
    };
  }, []);
}

/**
 * A transcript shared by link (`/s/{secret}`), for anyone, without an account:
 * read-only, as it is now. It checks every 45 s that the link still works and
 * says so at once when the owner has revoked it or it has expired.
 */
export function SharedPage() {
  const secret = useParams().secret ?? "";
  const [state, setState] = useState<State>({ kind: "loading" });
  usePrivatePageMeta();

  useEffect(() => {
    let cancelled = false;
    const fail = (error: unknown) => {
      if (!cancelled) setState(isGone(error) ? { kind: "gone" } : { kind: "failed", message: (error as Error).message });
    };
    Promise.all([sharedApi.transcript(secret), sharedApi.utterances(secret)]).then(([shared, utterances]) => {
      if (!cancelled) setState({ kind: "ready", shared, utterances });
    }, fail);
    const timer = setInterval(() => {
      sharedApi.transcript(secret, false).then(
        (shared) => !cancelled && setState((s) => (s.kind === "ready" ? { ...s, shared } : s)),
        (error) => isGone(error) && fail(error),
      );
    }, SHARE_LIMITS.recheckMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [secret]);

  useEffect(() => {
    if (state.kind === "ready") document.title = `${state.shared.name} · Shared transcript`;
  }, [state]);

  return (
    <div className="shared-page">
      <header className="shared-top">
        <Logo />
        <span className="muted">Shared transcript · read-only</span>
      </header>
      <main className="shared-main">
        {state.kind === "loading" && (
          <p className="transcript-status muted" role="status">
            <span className="spinner spinner--small" /> Loading transcript...
          </p>
        )}
        {state.kind === "gone" && (
          <div className="empty-state" data-testid="shared-gone">
            <h1>{SHARE_MESSAGES.gone}</h1>
            <p className="muted">The link was revoked or has expired. Ask the person who sent it for a new one.</p>
          </div>
        )}
        {state.kind === "failed" && (
          <div className="empty-state">
            <p className="muted">{state.message}</p>
            <button type="button" className="button button--ghost" onClick={() => location.reload()}>
              Try again
            </button>
          </div>
        )}
        {state.kind === "ready" && <SharedView secret={secret} shared={state.shared} utterances={state.utterances} />}
      </main>
    </div>
  );
}

function SharedView({ secret, shared, utterances }: { secret: string; shared: SharedTranscriptDto; utterances: UtteranceDto[] }) {
  const transcript = shared.transcript;
  return (
    <article className="file-view" data-testid="shared-view">
      <header className="view-header">
        <h1 className="view-title" data-testid="shared-title">
          {shared.name}
        </h1>
        <div className="meta-row">
          {shared.duration !== null && <span>{formatDuration(shared.duration)}</span>}
          {transcript && <span>{transcript.wordCount.toLocaleString()} words</span>}
          {shared.owner_name && <span data-testid="shared-owner">Shared by {shared.owner_name}</span>}
          {transcript && (
            <span className="shared-downloads">
              Download
              {(["txt", "srt", "vtt"] as const).map((format) => (
                <a key={format} className="button button--ghost button--small" href={sharedApi.exportUrl(secret, format)} download>
                  {format.toUpperCase()}
                </a>
              ))}
            </span>
          )}
        </div>
      </header>
      {transcript?.summary && (
        <section className="card" aria-labelledby="shared-summary">
          <h2 id="shared-summary">Summary</h2>
          <p className="shared-prose">{transcript.summary}</p>
        </section>
      )}
      {transcript?.notes && (
        <section className="card" aria-labelledby="shared-notes">
          <h2 id="shared-notes">Notes</h2>
          <p className="shared-prose">{transcript.notes}</p>
        </section>
      )}
      {transcript ? (
        <SharedTranscript secret={secret} shared={shared} speakers={transcript.speakers} utterances={utterances} />
      ) : (
        <div className="empty-state">
          <p className="muted">This file has no transcript yet.</p>
        </div>
      )}
    </article>
  );
}
