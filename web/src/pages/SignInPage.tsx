import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { MESSAGES } from "../../../common/messages";
import { api, call } from "../api/client";
import { ApiRequestError, describeError } from "../api/errors";
import { signInLocally } from "../auth/store";
import { Alert } from "../components/Alert";
import { AuthLayout } from "../components/AuthLayout";
import { FormFields } from "../components/Field";
import { SIGN_IN_FIELDS } from "./auth-fields";
import { GoogleButton } from "../auth/GoogleButton";
import { authFieldErrors } from "../lib/validation";

/** Where the visitor was headed before being sent to sign in. */
function returnPath(state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  return from?.startsWith("/") && !from.startsWith("//") ? from : "/dashboard";
}

function carriedNotice(state: unknown): string | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === "string" ? notice : null;
}

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const redirectTo = returnPath(location.state);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  // What the page before said (signed up, confirmed, password reset) stays until the person acts.
  const [notice, setNotice] = useState<string | null>(carriedNotice(location.state));
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setUnconfirmed(false);
    const invalid = await authFieldErrors("loginSchema", { email, password });
    setErrors(invalid ?? {});
    if (invalid) return;
    setBusy(true);
    try {
      const result = await call(api.auth.login.$post({ json: { email, password } }), MESSAGES.loginFailed);
      signInLocally(result.token, result.user);
      navigate(redirectTo, { replace: true });
    } catch (e) {
      setError(describeError(e, MESSAGES.loginFailed));
      setUnconfirmed(e instanceof ApiRequestError && e.status === 403);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    try {
      const result = await call(api.auth["resend-confirmation"].$post({ json: { email } }));
      setNotice(result.message);
      setError(null);
      setUnconfirmed(false);
    } catch (e) {
      setError(describeError(e));
    }
  }

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to your workspace.">
      <form onSubmit={submit} noValidate className="form">
        {error && <Alert kind="error">{error}</Alert>}
        {unconfirmed && (
          <button type="button" className="link-button" onClick={resend}>
            Resend confirmation email
          </button>
        )}
        {notice && <Alert kind="success">{notice}</Alert>}
        <FormFields
          fields={SIGN_IN_FIELDS}
          values={{ email, password }}
          errors={errors}
          onChange={(name, value) => (name === "email" ? setEmail(value) : setPassword(value))}
        />
        <div className="form-row">
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </button>
      </form>
      <GoogleButton mode="signin" redirectTo={redirectTo} />
      <p className="auth-footer">
        Don't have an account? <Link to="/signup">Sign up</Link>
      </p>
    </AuthLayout>
  );
}
