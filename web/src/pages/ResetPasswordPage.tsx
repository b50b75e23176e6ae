import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { LIMITS } from "../../../common/limits";
import { MESSAGES } from "../../../common/messages";
import { api, call } from "../api/client";
import { describeError } from "../api/errors";
import { Alert } from "../components/Alert";
import { AuthLayout } from "../components/AuthLayout";
import { FormFields } from "../components/Field";
import { RESET_FIELDS } from "./auth-fields";
import { useRedirectAfter } from "../lib/useRedirectAfter";
import { authFieldErrors } from "../lib/validation";

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [form, setForm] = useState({ password: "", password_confirmation: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useRedirectAfter(success !== null, "/signin", LIMITS.redirectAfterResetMs);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const invalid = await authFieldErrors("resetPasswordSchema", { token, ...form });
    setErrors(invalid ?? {});
    if (invalid) return;
    setBusy(true);
    try {
      await call(api.auth["reset-password"].$post({ json: { token, ...form } }), MESSAGES.resetFailed);
      setSuccess(MESSAGES.resetSuccess);
    } catch (e) {
      setError(describeError(e, MESSAGES.resetFailed));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthLayout title="Reset your password">
        <Alert kind="error">{MESSAGES.invalidResetToken}</Alert>
        <p className="auth-footer">
          <Link to="/forgot-password">Request a new reset link</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset your password" subtitle="Choose a new password for your account.">
      {success ? (
        <Alert kind="success">{success}</Alert>
      ) : (
        <form onSubmit={submit} noValidate className="form">
          {error && <Alert kind="error">{error}</Alert>}
          <FormFields
            fields={RESET_FIELDS}
            values={form}
            errors={errors}
            onChange={(name, value) => setForm((f) => ({ ...f, [name]: value }))}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Resetting..." : "Reset password"}
          </button>
        </form>
      )}
      <p className="auth-footer">
        <Link to="/signin">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
