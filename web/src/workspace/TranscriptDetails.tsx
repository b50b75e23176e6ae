import type { AudioFileDto } from "../../../common/library";
import type { TranscriptDto } from "../../../core/transcript";
import { languageName } from "../../../common/languages";
import { useServiceConfiguration } from "../api/library";
import { describeSpeakerHint } from "../lib/options-draft";
import { useTranscript } from "../api/transcripts";
import { formatDateTime } from "../lib/dates";
import { ExportOptions } from "../tools/ExportOptions";
import { ShareSection } from "../tools/ShareSection";
import { NotesEditor } from "../tools/NotesEditor";
import { openEditHistory } from "../editor/view/history-modal";
import { SpeakersPanel } from "../tools/SpeakersPanel";
import { transcriptDetails } from "../editor/view/display";
import { useCurrentWorkspace } from "./useCurrentWorkspace";
import { CommentsPanel } from "../comments/CommentsPanel";
import { AskPanel } from "../ask/AskPanel";
import { HighlightsPanel } from "../highlights/HighlightsPanel";
import { ChaptersPanel } from "../chapters/ChaptersPanel";
import { TranslationsPanel } from "../translations/TranslationsPanel";
import { ToolGroup, ToolsNav } from "./ToolGroups";

/**
 * The transcript panel of the tools sidebar (docs/product.md#states), in groups that fold.
 * The overview (summary, notes, speakers) draws with the transcript; the other groups once
 * the browser is idle (`rest`), so the transcript's first screenful paints first.
 */
export function TranscriptPanel({ file, rest }: { file: AudioFileDto; rest: boolean }) {
  const wanted = file.status === "ready" && file.hasTranscript;
  const transcript = useTranscript(file.id, wanted);
  const { canEdit } = useCurrentWorkspace();
  if (file.status === "processing") {
    return <p className="muted">Transcript is being processed. Details will appear when transcription is complete.</p>;
  }
  if (file.status === "failed") return <p className="muted">Transcription failed. Please try uploading the file again.</p>;
  if (wanted && transcript.isPending) return <p className="muted">Loading transcript details...</p>;
  if (!wanted || !transcript.data) return <p className="muted">No transcript available for this file.</p>;
  return (
    <>
      <ToolsNav />
      <ToolGroup id="overview">
        {/* A reader sees the texts and speakers; a disabled fieldset turns off every control in them. */}
        <fieldset className="tools-fieldset" disabled={!canEdit}>
          <section className="tools-section" aria-label="Summary and notes">
            <NotesEditor transcript={transcript.data} field="summary" label="Summary" />
            <NotesEditor transcript={transcript.data} field="notes" label="Notes" />
          </section>
          <SpeakersPanel fileId={file.id} />
        </fieldset>
        <DetailsSection transcript={transcript.data} file={file} />
        <section className="tools-section" aria-label="Edit history">
          <button
            type="button"
            className="button button--ghost"
            data-testid="tools-edit-history"
            data-tutorial="tools-edit-history"
            onClick={openEditHistory}
          >
            Edit History
          </button>
        </section>
      </ToolGroup>
      <ToolGroup id="comments">
        {rest && (
          <>
            <CommentsPanel file={file} />
            <HighlightsPanel file={file} />
          </>
        )}
      </ToolGroup>
      <ToolGroup id="chapters">{rest && <ChaptersPanel file={file} />}</ToolGroup>
      <ToolGroup id="ask">{rest && <AskPanel file={file} />}</ToolGroup>
      <ToolGroup id="export">
        {rest && (
          <>
            {canEdit && <ShareSection file={file} />}
            <TranslationsPanel file={file} canEdit={canEdit} />
            <ExportOptions audioFileId={file.id} />
          </>
        )}
      </ToolGroup>
    </>
  );
}

function DetailsSection({ transcript, file }: { transcript: TranscriptDto; file: AudioFileDto }) {
  const options = file.transcriptionOptions;
  const config = useServiceConfiguration();
  const debug = config.data?.features.debug ?? false;
  const details = transcriptDetails(transcript);
  const service =
    config.data?.transcription.all_services.find((s) => s.name === transcript.transcriptionService)?.label ??
    transcript.transcriptionService;
  return (
    <section className="tools-section" aria-labelledby="transcript-details-title" data-testid="transcript-details">
      <h3 id="transcript-details-title">Transcript Details</h3>
      <dl className="tools-details">
        <Detail label="Duration" value={details.duration} testId="detail-duration" />
        <Detail label="Accuracy" value={details.accuracy} testId="detail-accuracy" />
        <Detail label="Speakers" value={details.speakers} testId="detail-speakers" />
        <Detail label="Word count" value={details.words} testId="detail-words" />
        <Detail
          label="Language"
          value={options.language ? `${languageName(options.language)} (${options.language})` : "Detect automatically"}
          testId="detail-language"
        />
        {file.detectedLanguage && (
          <Detail label="Detected language" value={languageName(file.detectedLanguage)} testId="detail-detected-language" />
        )}
        <Detail label="Speaker hint" value={describeSpeakerHint(options.speakers)} testId="detail-speaker-hint" />
        <div className="tools-details-wide">
          <dt>Vocabulary</dt>
          <dd data-testid="detail-vocabulary">{options.vocabulary.length ? options.vocabulary.join(", ") : "None"}</dd>
        </div>
        {debug && (
          <>
            <Detail label="Service" value={service} testId="detail-service" />
            <Detail label="Started" value={formatDateTime(transcript.startedAt)} testId="detail-started" />
            <Detail label="Completed" value={formatDateTime(transcript.completedAt)} testId="detail-completed" />
          </>
        )}
      </dl>
    </section>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
