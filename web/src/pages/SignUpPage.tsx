import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { LIMITS } from "../../../common/limits";
import { MESSAGES } from "../../../common/messages";
import { api, call } from "../api/client";
import { describeError } from "../api/errors";
import { Alert } from "../components/Alert";
import { AuthLayout } from "../components/AuthLayout";
import { FormFields } from "../components/Field";
import { SIGN_UP_FIELDS } from "./auth-fields";
import { GoogleButton } from "../auth/GoogleButton";
import { useRedirectAfter } from "../lib/useRedirectAfter";
import { authFieldErrors } from "../lib/validation";

export function SignUpPage() {
  const [form, setForm] = useState({ full_name: "", email: "", password: "", password_confirmation: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useRedirectAfter(success !== null, "/signin", LIMITS.redirectAfterSignupMs, success);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const invalid = await authFieldErrors("registerSchema", { user: form });
    setErrors(invalid ?? {});
    if (invalid) return;
    setBusy(true);
    try {
      const result = await call(api.auth.register.$post({ json: { user: form } }), MESSAGES.registrationFailed);
      setSuccess(result.message || MESSAGES.signupSuccess);
    } catch (e) {
      setError(describeError(e, MESSAGES.registrationFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Create your account" subtitle="Transcribe, edit and export your recordings.">
      {success ? (
        <Alert kind="success">{success}</Alert>
      ) : (
        <>
          <form onSubmit={submit} noValidate className="form">
            {error && <Alert kind="error">{error}</Alert>}
            <FormFields
              fields={SIGN_UP_FIELDS}
              values={form}
              errors={errors}
              onChange={(name, value) => setForm((f) => ({ ...f, [name]: value }))}
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Creating account..." : "Create account"}
            </button>
          </form>
          <GoogleButton mode="signup" redirectTo="/dashboard" />
          <p className="muted small legal">
            By signing up you agree to our <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </>
      )}
      <p className="auth-footer">
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
