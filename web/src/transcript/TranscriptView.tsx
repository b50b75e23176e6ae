import { memo, useEffect, useMemo, type ReactElement } from "react";
import type { UtteranceDto, WordDto } from "../../../common/transcript";
import { useTranscript, useUtterances } from "../api/transcripts";
import { toast } from "../lib/toasts";
import { formatTimestamp } from "../../../common/format";
import { speakerColorIndex, speakerLookup, wordConfidence } from "./model";

/**
 * The transcript of a file, read-only for now. Built for thousands of
 * utterances: one memoised card per utterance, words as bare spans, and
 * `content-visibility: auto` so off-screen cards cost no layout or paint.
 */
export function TranscriptView({ fileId }: { fileId: string }) {
  const transcript = useTranscript(fileId, true);
  const utterances = useUtterances(fileId, true);
  const failure: Error | null = transcript.error ?? utterances.error;

  useEffect(() => {
    if (failure) toast(`Failed to load transcript: ${failure.message || "Unknown error"}`, "error");
  }, [failure]);

  const speakers = useMemo(() => speakerLookup(transcript.data?.speakers ?? []), [transcript.data]);

  let body;
  if (failure) {
    body = (
      <div className="empty-state">
        <p className="muted">The transcript could not be loaded.</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            if (transcript.isError) void transcript.refetch();
            if (utterances.isError) void utterances.refetch();
          }}
        >
          Try again
        </button>
      </div>
    );
  } else if (transcript.isPending || !utterances.data) {
    body = (
      <p className="transcript-status muted" role="status">
        <span className="spinner spinner--small" /> Loading transcript...
      </p>
    );
  } else if (utterances.data.length === 0) {
    body = <p className="transcript-status muted">No transcript utterances found</p>;
  } else {
    body = (
      <ol className="utterances" aria-label="Utterances">
        {utterances.data.map((utterance) => {
          const entry = speakers.get(utterance.speakerId);
          return (
            <UtteranceCard
              key={utterance.id}
              utterance={utterance}
              speakerName={entry?.speaker.displayName ?? "Unknown speaker"}
              color={speakerColorIndex(entry?.index ?? -1)}
            />
          );
        })}
      </ol>
    );
  }

  return (
    <section className="transcript" data-testid="transcript" aria-label="Transcript">
      <h2 className="section-title">Transcript</h2>
      {body}
    </section>
  );
}

const UtteranceCard = memo(function UtteranceCard({ utterance, speakerName, color }: { utterance: UtteranceDto; speakerName: string; color: number }) {
  return (
    <li className="utterance" data-utterance-id={utterance.id} data-testid="utterance">
      <div className="utterance-meta">
        <span className={`speaker-chip speaker-color-${color < 0 ? "none" : color}`} data-testid="utterance-speaker">
          {speakerName}
        </span>
        <span className="utterance-time">
          {formatTimestamp(utterance.startTime)} – {formatTimestamp(utterance.endTime)}
        </span>
      </div>
      <p className="utterance-text">{renderWords(utterance.transcriptWords)}</p>
    </li>
  );
});

/** Bare spans separated by spaces; only doubtful words carry a class and a title. */
function renderWords(words: readonly WordDto[]) {
  const out: (string | ReactElement)[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (i > 0) out.push(" ");
    const confidence = wordConfidence(word);
    out.push(
      confidence === "normal" ? (
        <span key={word.id} data-word-id={word.id}>
          {word.text}
        </span>
      ) : (
        <span
          key={word.id}
          data-word-id={word.id}
          className={confidence === "inaudible" ? "word word--inaudible" : "word word--low"}
          title={confidence === "inaudible" ? "Inaudible" : `Low confidence (${Math.round(word.confidenceScore * 100)}%)`}
        >
          {word.text}
        </span>
      ),
    );
  }
  return out;
}
