// When a share link or an API token stops working: the choices both offer.
export const EXPIRY_CHOICES: { days: number | null; label: string }[] = [
  { days: null, label: "Never" },
  { days: 1, label: "In 1 day" },
  { days: 7, label: "In 7 days" },
  { days: 30, label: "In 30 days" },
  { days: 90, label: "In 90 days" },
  { days: 365, label: "In a year" },
];

export function ExpirySelect({
  value,
  onChange,
  choices = EXPIRY_CHOICES,
}: {
  value: number | null;
  onChange: (days: number | null) => void;
  choices?: readonly { days: number | null; label: string }[];
}) {
  return (
    <label className="share-expiry">
      Expires{" "}
      <select value={value ?? ""} onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}>
        {choices.map((c) => (
          <option key={c.label} value={c.days ?? ""}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
