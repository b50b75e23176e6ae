import { type RefObject, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { languageName } from "../../../common/languages";
import {
  DEFAULT_EXPORT_OPTIONS,
  EXPORT_FORMATS,
  EXPORT_OPTION_LABELS,
  type ExportFormat,
  type ExportOptions as Options,
} from "../../../common/exports";
import { exportApi, saveFile } from "../api/exports";
import { useTranslations } from "../api/translations";
import { TRANSLATION_TEXTS } from "../translations/translation-texts";
import { systemClock } from "../../../core/clock";
import { downloadedHere, onExportCompleted } from "./export-events";
import { ExportFlow, exportButtonLabel } from "./export-flow";

const BUTTON_LABELS: Record<ExportFormat, string> = {
  pdf: "PDF",
  docx: "DOCX",
  srt: "SRT",
  vtt: "VTT",
  txt: "TXT",
  vtt_chapters: "Chapters VTT",
};

/** docs/product.md#screens, Export Options: a button per format (each with its own states) and what to include. */
export function ExportOptions({ audioFileId }: { audioFileId: string }) {
  const [options, setOptions] = useState<Options>(DEFAULT_EXPORT_OPTIONS);
  const titleId = useId();
  const languageId = useId();
  // The transcript itself, or one of its completed translations (decision 048); read when a button is pressed.
  const [language, setLanguage] = useState("");
  const languageRef = useRef<string | null>(null);
  languageRef.current = language || null;
  const translations = (useTranslations(audioFileId).data ?? []).filter((t) => t.status === "completed");
  return (
    <section className="tools-section" aria-labelledby={titleId} data-testid="export-options" data-tutorial="export-options">
      <h3 id={titleId}>Export Options</h3>
      <div className="export-buttons">
        {(Object.keys(EXPORT_FORMATS) as ExportFormat[]).map((format) => (
          <ExportButton key={format} audioFileId={audioFileId} format={format} options={options} language={languageRef} />
        ))}
      </div>
      {translations.length > 0 && (
        <div className="field">
          <label htmlFor={languageId} className="small">
            {TRANSLATION_TEXTS.exportLanguage}
          </label>
          <select
            id={languageId}
            className="select select--small"
            data-testid="export-language"
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
          >
            <option value="">{TRANSLATION_TEXTS.original}</option>
            {translations.map((t) => (
              <option key={t.language} value={t.language}>
                {languageName(t.language)}
              </option>
            ))}
          </select>
        </div>
      )}
      <fieldset className="export-include">
        <legend>Include</legend>
        {(Object.keys(EXPORT_OPTION_LABELS) as (keyof Options)[]).map((key) => (
          <label key={key} className="checkbox">
            <input type="checkbox" checked={options[key]} onChange={(e) => setOptions({ ...options, [key]: e.target.checked })} />
            {EXPORT_OPTION_LABELS[key]}
          </label>
        ))}
      </fieldset>
    </section>
  );
}

function ExportButton({
  audioFileId,
  format,
  options,
  language,
}: {
  audioFileId: string;
  format: ExportFormat;
  options: Options;
  language: RefObject<string | null>;
}) {
  const [flow] = useState(
    () =>
      new ExportFlow({
        transport: {
          request: (f, o) => exportApi.request(audioFileId, f, o, language.current),
          get: exportApi.get,
          download: exportApi.download,
        },
        clock: systemClock,
        saveFile,
        onDownloaded: downloadedHere,
      }),
  );
  useEffect(() => {
    const off = onExportCompleted((id) => flow.completed(id));
    return () => {
      off();
      flow.dispose();
    };
  }, [flow]);
  const state = useSyncExternalStore(flow.subscribe, flow.getState);
  const label = exportButtonLabel(state, BUTTON_LABELS[format]);
  return (
    <button
      type="button"
      className={`button button--small export-button export-button--${state.phase}`}
      data-testid={`export-${format}`}
      // The name starts with what the button shows (WCAG 2.5.3), so "click DOCX" works for speech input;
      // the tooltip says which document it is.
      aria-label={state.phase === "idle" ? undefined : `${label} (${BUTTON_LABELS[format]})`}
      title={EXPORT_FORMATS[format].label}
      aria-busy={flow.busy}
      disabled={flow.busy}
      onClick={() => void flow.start(format, options)}
    >
      {label}
    </button>
  );
}
