import { useState, type FormEvent } from "react";
import type { ZodType } from "zod";
import { describeError } from "../../api/errors";
import { Field } from "../../components/Field";
import { Modal } from "../../components/Modal";

/** One text field, validated by the shared schema, saved by `onSave`. */
export function NameDialog(props: {
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  schema: ZodType;
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = props.schema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Invalid name");
    setBusy(true);
    try {
      await props.onSave(parsed.data as string);
      props.onClose();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={props.title} onClose={props.onClose}>
      <form onSubmit={submit} noValidate className="form">
        <Field label={props.label} value={name} onChange={(e) => setName(e.target.value)} error={error ?? undefined} />
        <div className="modal-actions">
          <button type="button" className="button button--ghost" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Saving..." : props.submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
