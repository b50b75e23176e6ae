import { useId } from "react";
import { MEDIA_FILLS, type MediaFill, REDACTION_LABELS } from "../../../common/redactions";
import { REDACTION_TEXTS } from "./redaction-texts";

const CUSTOM = "custom";

export interface LabelValue {
  choice: string;
  custom: string;
  media: MediaFill;
}
export const DEFAULT_LABEL: LabelValue = { choice: "Name", custom: "", media: "silence" };
/** The label to send; null while a custom one is empty or not one word. */
export const labelOf = (v: LabelValue): string | null => {
  if (v.choice !== CUSTOM) return v.choice;
  const custom = v.custom.trim();
  return /^[^\s[\]]{1,40}$/u.test(custom) ? custom : null;
};

/** The marker's label (a fixed one or the user's) and what the recording plays instead. */
export function LabelChoice({ value, onChange }: { value: LabelValue; onChange: (v: LabelValue) => void }) {
  const name = useId();
  const media = useId();
  return (
    <div className="redaction-choice">
      <fieldset>
        <legend>{REDACTION_TEXTS.label}</legend>
        {[...REDACTION_LABELS, CUSTOM].map((label) => (
          <label key={label} className="radio">
            <input
              type="radio"
              name={name}
              value={label}
              checked={value.choice === label}
              onChange={() => onChange({ ...value, choice: label })}
            />
            {label === CUSTOM ? REDACTION_TEXTS.custom : `[${label}]`}
          </label>
        ))}
        {value.choice === CUSTOM && (
          <input
            type="text"
            aria-label={REDACTION_TEXTS.custom}
            placeholder={REDACTION_TEXTS.customPlaceholder}
            maxLength={40}
            value={value.custom}
            onChange={(e) => onChange({ ...value, custom: e.target.value })}
          />
        )}
      </fieldset>
      <fieldset>
        <legend>{REDACTION_TEXTS.media}</legend>
        {MEDIA_FILLS.map((fill) => (
          <label key={fill} className="radio">
            <input
              type="radio"
              name={media}
              value={fill}
              checked={value.media === fill}
              onChange={() => onChange({ ...value, media: fill })}
            />
            {REDACTION_TEXTS[fill]}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
