import type { AudioFileDto } from "../../../common/library";
import { useRecentQuestions } from "./ask-api";
import { formatDateTime } from "../lib/dates";
import { AnswerText, AskBox, Sources } from "./AskBox";
import { ASK_TEXTS } from "./ask-texts";

/** The Ask section of the tools sidebar: a question about this file, and the file's recent questions. */
export function AskPanel({ file }: { file: AudioFileDto }) {
  const recent = useRecentQuestions(file.id);
  return (
    <section className="tools-section" aria-labelledby="ask-title">
      <h3 id="ask-title">{ASK_TEXTS.fileTitle}</h3>
      <AskBox fileId={file.id} label={ASK_TEXTS.fileLabel} placeholder={ASK_TEXTS.filePlaceholder} />
      <h4 className="small ask-recent-title">{ASK_TEXTS.recent}</h4>
      {recent.data?.length ? (
        <ul className="ask-recent" data-testid="ask-recent">
          {recent.data.map((q) => (
            <li key={q.id}>
              <details>
                <summary>{q.question}</summary>
                <p className="muted small">{ASK_TEXTS.askedBy(q.asked_by.full_name, formatDateTime(q.asked_at))}</p>
                <AnswerText answer={q.answer} citations={q.citations} />
                {q.citations.length > 0 && <Sources citations={q.citations} />}
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">{recent.isPending ? "" : ASK_TEXTS.noRecent}</p>
      )}
    </section>
  );
}
