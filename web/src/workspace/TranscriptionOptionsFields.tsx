import { useId } from "react";
import type { ServiceConfiguration } from "../../../common/library";
import { languageName } from "../../../common/languages";
import { OPTION_LIMITS } from "../../../common/transcription-options";
import { useServiceConfiguration } from "../api/library";
import { describeSpeakerHint, type OptionsDraft } from "../lib/options-draft";

export type ServiceEntry = ServiceConfiguration["transcription"]["all_services"][number];

/** The service this user's files go to, with what it can take. */
export function useUserService(): ServiceEntry | null {
  const config = useServiceConfiguration();
  const t = config.data?.transcription;
  return t?.all_services.find((s) => s.name === t.user_service_name) ?? null;
}

/**
 * Language, vocabulary and speaker hint, offering only what `service` can use and saying
 * why the rest is not offered.
 */
export function TranscriptionOptionsFields({
  draft,
  onChange,
  service,
}: {
  draft: OptionsDraft;
  onChange: (draft: OptionsDraft) => void;
  service: ServiceEntry | null;
}) {
  const id = useId();
  if (!service) return <p className="muted small">Loading what the transcription service can do...</p>;
  const { options, label } = service;
  const set = (patch: Partial<OptionsDraft>) => onChange({ ...draft, ...patch });
  // A language saved earlier for another service stays visible (the service will then detect it).
  const languages =
    draft.language && !options.languages.includes(draft.language) ? [draft.language, ...options.languages] : options.languages;
  return (
    <fieldset className="options-fields" data-testid="transcription-options">
      <div className="field">
        <label htmlFor={`${id}-language`}>Language</label>
        <select id={`${id}-language`} value={draft.language} onChange={(e) => set({ language: e.target.value })}>
          {options.automatic_language && <option value="">Detect automatically</option>}
          {languages.map((code) => (
            <option key={code} value={code}>
              {languageName(code)} ({code})
            </option>
          ))}
        </select>
      </div>
      {options.vocabulary ? (
        <div className="field">
          <label htmlFor={`${id}-terms`}>Vocabulary</label>
          <textarea
            id={`${id}-terms`}
            rows={3}
            value={draft.terms}
            placeholder={"MoveFlow\nJane Doe"}
            aria-describedby={`${id}-terms-hint`}
            onChange={(e) => set({ terms: e.target.value })}
          />
          <span id={`${id}-terms-hint`} className="muted small">
            Names, product words or acronyms, one per line: up to {OPTION_LIMITS.maxTerms}, each at most {OPTION_LIMITS.termMaxLength}{" "}
            characters.
            {options.vocabulary.prompt_chars !== null &&
              ` ${label} reads them as a prompt of about ${options.vocabulary.prompt_chars} characters; terms past that are not sent.`}
          </span>
        </div>
      ) : (
        <p className="muted small">{label} cannot take a vocabulary.</p>
      )}
      {options.speakers === "diarize" ? (
        <div className="field">
          <label htmlFor={`${id}-speakers`}>Speakers</label>
          <select
            id={`${id}-speakers`}
            value={draft.speakers}
            onChange={(e) => set({ speakers: e.target.value as OptionsDraft["speakers"] })}
            aria-describedby={`${id}-speakers-hint`}
          >
            <option value="detect">Detect speakers</option>
            <option value="one">One speaker</option>
            {draft.otherSpeakers && <option value="other">{describeSpeakerHint(draft.otherSpeakers)} (saved earlier)</option>}
          </select>
          <span id={`${id}-speakers-hint`} className="muted small">
            {label} finds the speakers itself; it cannot be told how many.
          </span>
        </div>
      ) : (
        <p className="muted small" data-testid="speakers-note">
          {service.name === "openai-compatible"
            ? // Its API has no speaker parameter, but a server that separates speakers marks its segments, and those are kept.
              `${label} cannot be told about speakers: the transcript keeps the speakers the server marks on its segments, and gives every utterance one speaker only when it marks none.`
            : `${label} does not separate speakers: every utterance gets one speaker.`}
        </p>
      )}
    </fieldset>
  );
}
