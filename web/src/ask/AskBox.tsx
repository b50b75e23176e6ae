import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ASK_LIMITS, type AskCitation } from "../../../common/ask";
import { formatTimestamp } from "../../../core/timestamps";
import { askKeys, askStreaming } from "./ask-api";
import { describeError } from "../api/errors";
import { useCurrentWorkspace } from "../workspace/useCurrentWorkspace";
import { answerParts, citationLink } from "./answer-parts";
import { ASK_TEXTS } from "./ask-texts";
import { FieldError } from "../components/Alert";

type Phase = "idle" | "finding" | "answering" | "done" | "stopped" | "failed";

/**
 * A question box and its answer (decision 045): the answer streams in, its citations are links
 * that open the file at the passage; Stop ends the model's answer. One file (`fileId`) or the
 * whole workspace.
 */
export function AskBox({
  fileId,
  label,
  placeholder,
  fileNames,
  onOpenCitation,
}: {
  fileId?: string;
  label: string;
  placeholder: string;
  /** Library answers name each source's file. */
  fileNames?: ReadonlyMap<string, string>;
  onOpenCitation?: () => void;
}) {
  const inputId = useId();
  const { id: workspaceId } = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState("");
  const [phase, setPhase] = useState<Phase>("idle");
  const [answer, setAnswer] = useState("");
  const [citations, setCitations] = useState<AskCitation[]>([]);
  const [error, setError] = useState("");
  const running = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => running.current?.abort(), []);
  const streaming = phase === "finding" || phase === "answering";

  const ask = async () => {
    const text = question.trim();
    if (!text || streaming) return;
    const controller = new AbortController();
    running.current = controller;
    setPhase("finding");
    setAnswer("");
    setCitations([]);
    setError("");
    try {
      const done = await askStreaming(fileId ? { question: text, file_id: fileId } : { question: text, workspace_id: workspaceId }, {
        signal: controller.signal,
        onCitations: (list) => {
          setCitations(list);
          setPhase("answering");
        },
        onToken: (chunk) => setAnswer((sofar) => sofar + chunk),
      });
      setAnswer(done.answer);
      setCitations(done.citations);
      setPhase("done");
      if (fileId) void queryClient.invalidateQueries({ queryKey: askKeys.questions(fileId) });
    } catch (failure) {
      if (controller.signal.aborted) setPhase("stopped");
      else {
        setError(describeError(failure, ASK_TEXTS.failed));
        setPhase("failed");
      }
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  return (
    <div className="ask-box" data-testid={fileId ? "ask-file" : "ask-library"}>
      <form
        className="ask-form"
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <label htmlFor={inputId} className="small">
          {label}
        </label>
        <div className="ask-row">
          <input
            ref={input}
            id={inputId}
            type="text"
            className="ask-input"
            value={question}
            maxLength={ASK_LIMITS.questionMax}
            placeholder={placeholder}
            onChange={(e) => setQuestion(e.target.value)}
          />
          {/* Keys: one element each, so the Stop click that ends the answer is never taken as the submit button's. */}
          {streaming ? (
            <button
              key="stop"
              type="button"
              className="button button--small"
              onClick={() => {
                running.current?.abort();
                // The button goes with the answer it stopped: the keyboard stays in the box.
                input.current?.focus();
              }}
            >
              {ASK_TEXTS.stop}
            </button>
          ) : (
            <button key="ask" type="submit" className="button button--small" disabled={!question.trim()}>
              {ASK_TEXTS.submit}
            </button>
          )}
        </div>
      </form>
      <div
        className="ask-answer"
        role="status"
        aria-live="polite"
        aria-busy={streaming}
        aria-label={ASK_TEXTS.answerLabel}
        data-testid="ask-answer"
      >
        {phase === "finding" && <p className="muted small">{ASK_TEXTS.asking}</p>}
        {phase === "answering" && !answer && <p className="muted small">{ASK_TEXTS.answering}</p>}
        {answer && <AnswerText answer={answer} citations={citations} onOpen={onOpenCitation} />}
        {phase === "stopped" && <p className="muted small">{ASK_TEXTS.stopped}</p>}
        <FieldError>{phase === "failed" && error}</FieldError>
      </div>
      {citations.length > 0 && (phase === "done" || phase === "stopped" || phase === "answering") && (
        <Sources citations={citations} fileNames={fileNames} onOpen={onOpenCitation} />
      )}
    </div>
  );
}

/** The answer's text, each valid citation a link to its passage. */
export function AnswerText({ answer, citations, onOpen }: { answer: string; citations: readonly AskCitation[]; onOpen?: () => void }) {
  const { pathIn } = useCurrentWorkspace();
  return (
    <p className="ask-answer-text">
      {answerParts(answer, citations.length).map((part, i) =>
        "text" in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positions in one answer
          <span key={i}>{part.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positions in one answer
          <span key={i} className="ask-cite">
            [
            {part.cite.map((n, k) => {
              const citation = citations[n - 1]!;
              return (
                <span key={n}>
                  {k > 0 && ", "}
                  <Link
                    to={pathIn(citationLink(citation))}
                    aria-label={ASK_TEXTS.citation(n, formatTimestamp(citation.start_time))}
                    data-testid="ask-citation"
                    onClick={onOpen}
                  >
                    {n}
                  </Link>
                </span>
              );
            })}
            ]
          </span>
        ),
      )}
    </p>
  );
}

/** The passages the answer was built from, numbered as the answer cites them. */
export function Sources({
  citations,
  fileNames,
  onOpen,
}: {
  citations: readonly AskCitation[];
  fileNames?: ReadonlyMap<string, string> | undefined;
  onOpen?: (() => void) | undefined;
}) {
  const { pathIn } = useCurrentWorkspace();
  return (
    <details className="ask-sources">
      <summary className="small">
        {ASK_TEXTS.sources} ({citations.length})
      </summary>
      <ol>
        {citations.map((c) => (
          <li key={`${c.file_id}-${c.utterance_id}`} className="small">
            <Link to={pathIn(citationLink(c))} onClick={onOpen}>
              {fileNames?.get(c.file_id) ? `${fileNames.get(c.file_id)} · ` : ""}
              {formatTimestamp(c.start_time)}
            </Link>{" "}
            <span className="muted">{c.text}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
