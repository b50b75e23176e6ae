import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { MESSAGES } from "../../../common/messages";
import { api, call } from "../api/client";
import { Alert } from "../components/Alert";
import { AuthLayout } from "../components/AuthLayout";
import { FormFields } from "../components/Field";
import { EMAIL_FIELD } from "./auth-fields";
import { authFieldErrors } from "../lib/validation";

export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = await authFieldErrors("forgotPasswordSchema", { email });
    setErrors(invalid ?? {});
    if (invalid) return;
    setBusy(true);
    try {
      await call(api.auth["forgot-password"].$post({ json: { email } }));
    } catch (e) {
      // The same message shows even on error: the page never reveals accounts.
      console.warn("forgot-password failed", e);
    } finally {
      setBusy(false);
      setSent(true);
    }
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter your e-mail and we'll send you a link to choose a new one.">
      <form onSubmit={submit} noValidate className="form">
        {sent && <Alert kind="success">{MESSAGES.forgotPasswordSent}</Alert>}
        <FormFields fields={[EMAIL_FIELD]} values={{ email }} errors={errors} onChange={(_, value) => setEmail(value)} />
        <button type="submit" className="button button--primary" disabled={busy || sent}>
          {busy ? "Sending..." : "Send reset link"}
        </button>
      </form>
      <p className="auth-footer">
        Remembered it? <Link to="/signin">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
