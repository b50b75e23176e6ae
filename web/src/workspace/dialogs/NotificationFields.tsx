import type { EmailWhenDone } from "../../../../common/preferences";

const CHOICES: { value: EmailWhenDone; label: string }[] = [
  { value: "always", label: "Always" },
  { value: "long_files_only", label: "Only for recordings over 10 minutes" },
  { value: "never", label: "Never" },
];

/** When a finished transcription is e-mailed (only when no tab of the app is open; docs/product.md#notifications). */
export function NotificationFields({ value, onChange }: { value: EmailWhenDone; onChange: (next: EmailWhenDone) => void }) {
  return (
    <div className="field">
      <label htmlFor="email-when-done">E-mail me when a transcription is done</label>
      <select
        id="email-when-done"
        value={value}
        onChange={(e) => onChange(e.target.value as EmailWhenDone)}
        aria-describedby="email-when-done-hint"
      >
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <span id="email-when-done-hint" className="muted small">
        Only when no tab of the app is open; an open tab shows a notice instead.
      </span>
    </div>
  );
}
