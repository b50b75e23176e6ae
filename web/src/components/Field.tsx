import { useId, type InputHTMLAttributes } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined };

export function Field({ label, error, ...input }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface FieldSpec<K extends string> {
  name: K;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete: string;
}

/** A form's fields from their specs, the first one focused. */
export function FormFields<K extends string>({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: readonly FieldSpec<K>[];
  values: Record<K, string>;
  errors: Partial<Record<string, string>>;
  onChange: (name: K, value: string) => void;
}) {
  return fields.map((f, i) => (
    <Field
      key={f.name}
      label={f.label}
      name={f.name}
      type={f.type ?? "text"}
      autoComplete={f.autoComplete}
      value={values[f.name]}
      onChange={(e) => onChange(f.name, e.target.value)}
      error={errors[f.name]}
      autoFocus={i === 0}
    />
  ));
}
