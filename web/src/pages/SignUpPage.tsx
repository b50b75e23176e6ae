import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { LIMITS } from "../../../common/limits";
import { MESSAGES } from "../../../common/messages";
import { api, call } from "../api/client";
import { describeError } from "../api/errors";
import { Alert } from "../components/Alert";
import { AuthLayout } from "../components/AuthLayout";
import { Field } from "../components/Field";
import { GoogleButton } from "../components/GoogleButton";
import { useRedirectAfter } from "../lib/useRedirectAfter";
import { authFieldErrors } from "../lib/validation";

export function SignUpPage() {
  const [form, setForm] = useState({ full_name: "", email: "", password: "", password_confirmation: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useRedirectAfter(success !== null, "/signin", LIMITS.redirectAfterSignupMs, success);

  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));

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
            <Field
              label="Full name"
              name="full_name"
              autoComplete="name"
              value={form.full_name}
              onChange={set("full_name")}
              error={errors.full_name}
              autoFocus
            />
            <Field
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={set("email")}
              error={errors.email}
            />
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={set("password")}
              error={errors.password}
            />
            <Field
              label="Confirm password"
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
              value={form.password_confirmation}
              onChange={set("password_confirmation")}
              error={errors.password_confirmation}
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
