import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import { languageName } from "../../../common/languages";
import type { AudioFileDto } from "../../../common/library";
import { isOwnLanguage, TRANSLATION_LANGUAGES, type TranslationSummaryDto } from "../../../common/translations";
import { translationKeys, translationsApi, useTranslation, useTranslations } from "../api/translations";
import { toast } from "../lib/toasts";
import { hideTranslation, showTranslation } from "./side-by-side";
import { TRANSLATION_TEXTS as T } from "./translation-texts";

/**
 * The Translations section of the tools sidebar (decision 048): translate the transcript into a
 * language, follow the progress, retry a failed one, bring a stale one up to date, and show one
 * beside the transcript (read-only). Readers see and show translations; editors make them.
 */
export function TranslationsPanel({ file, canEdit }: { file: AudioFileDto; canEdit: boolean }) {
  const titleId = useId();
  const selectId = useId();
  const queryClient = useQueryClient();
  const list = useTranslations(file.id);
  const own = file.detectedLanguage ?? file.transcriptionOptions.language;
  const choices = useMemo(
    () =>
      TRANSLATION_LANGUAGES.filter((code) => !isOwnLanguage(code, own))
        .map((code) => ({ code, name: languageName(code) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [own],
  );
  const [language, setLanguage] = useState(() => (choices.some((c) => c.code === "es") ? "es" : (choices[0]?.code ?? "")));
  const [busy, setBusy] = useState(false);
  const [shownLanguage, setShownLanguage] = useState<string | null>(null);
  const shown = useTranslation(file.id, shownLanguage);

  useEffect(() => showTranslation(file.id, shown.data ?? null), [file.id, shown.data]);
  useEffect(() => () => hideTranslation(file.id), [file.id]);

  async function start(code: string, onlyStale: boolean) {
    setBusy(true);
    try {
      await translationsApi.request(file.id, code, onlyStale);
      toast(T.started(code), "success");
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error), "error");
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: translationKeys.list(file.id) });
    }
  }

  return (
    <section className="tools-section" aria-labelledby={titleId} data-testid="translations">
      <h3 id={titleId}>{T.title}</h3>
      {canEdit && (
        <form
          className="translation-form"
          onSubmit={(e) => {
            e.preventDefault();
            void start(language, false);
          }}
        >
          <div className="field">
            <label htmlFor={selectId} className="small">
              {T.languageLabel}
            </label>
            <select id={selectId} className="select select--small" value={language} onChange={(e) => setLanguage(e.target.value)}>
              {choices.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name} ({c.code})
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--small" disabled={busy || !language} aria-busy={busy}>
            {T.translate}
          </button>
        </form>
      )}
      {list.data?.length ? (
        <ul className="translation-list">
          {list.data.map((t) => (
            <TranslationRow
              key={t.language}
              translation={t}
              canEdit={canEdit}
              busy={busy}
              shown={shownLanguage === t.language}
              onShow={(on) => setShownLanguage(on ? t.language : null)}
              onStart={(onlyStale) => void start(t.language, onlyStale)}
            />
          ))}
        </ul>
      ) : (
        <p className="muted small">{list.isPending ? "" : T.none}</p>
      )}
    </section>
  );
}

function TranslationRow({
  translation: t,
  canEdit,
  busy,
  shown,
  onShow,
  onStart,
}: {
  translation: TranslationSummaryDto;
  canEdit: boolean;
  busy: boolean;
  shown: boolean;
  onShow: (on: boolean) => void;
  onStart: (onlyStale: boolean) => void;
}) {
  const name = languageName(t.language);
  return (
    <li className="translation-row" data-testid="translation-row" data-language={t.language}>
      <strong>{name}</strong>
      <span className="small" role="status" data-testid="translation-status">
        {t.status === "pending"
          ? T.pending
          : t.status === "processing"
            ? T.processing(t.done, t.total)
            : t.status === "completed"
              ? t.stale_count
                ? `${T.completed} · ${T.stale(t.stale_count)}`
                : T.completed
              : T.failed}
      </span>
      {t.status === "processing" && <progress max={Math.max(1, t.total)} value={t.done} aria-label={T.progressLabel(t.language)} />}
      {t.status === "failed" && t.error && (
        <p className="small error-text" role="alert">
          {t.error}
        </p>
      )}
      {canEdit && t.status === "failed" && (
        // Finished batches are kept: trying again translates only what is left.
        <button type="button" className="button button--small" disabled={busy} onClick={() => onStart(true)}>
          {T.retry}
        </button>
      )}
      {canEdit && t.status === "completed" && t.stale_count > 0 && (
        <button type="button" className="button button--small" disabled={busy} onClick={() => onStart(true)}>
          {T.update(t.stale_count)}
        </button>
      )}
      <label className="checkbox small">
        <input type="checkbox" checked={shown} aria-label={`${T.show}: ${name}`} onChange={(e) => onShow(e.target.checked)} />
        {T.show}
      </label>
    </li>
  );
}
