import { type ChangeEvent, useState } from "react";
import { MESSAGES } from "../../../../common/messages";
import { api, call } from "../../api/client";
import { useSubmit } from "../../lib/useSubmit";
import { toast } from "../../lib/toasts";
import { FieldError } from "../../components/Alert";

const EMPTY = { current_password: "", password: "", password_confirmation: "" };

/**
 * A new password from the settings (PUT /auth/password): the other sessions are signed out, and
 * the API tokens revoked too when the box is ticked (a password that may have leaked may have made them).
 */
export function ChangePasswordForm() {
  const [form, setForm] = useState(EMPTY);
  const [revokeTokens, setRevokeTokens] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const set = (field: keyof typeof EMPTY) => (e: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [field]: e.target.value });
  const { busy, onSubmit } = useSubmit(async () => {
    setMismatch(form.password !== form.password_confirmation);
    if (form.password !== form.password_confirmation) return;
    const answer = await call(
      api.auth.password.$put({ json: { ...form, revoke_api_tokens: revokeTokens } }),
      "Could not change the password",
    );
    toast(answer.message, "success");
    setForm(EMPTY);
    setRevokeTokens(false);
  });
  return (
    <details className="field change-password">
      <summary>Change password</summary>
      <form className="form" onSubmit={onSubmit}>
        <label className="field">
          <span>Current password</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={form.current_password}
            onChange={set("current_password")}
          />
        </label>
        <label className="field">
          <span>New password</span>
          <input type="password" autoComplete="new-password" required minLength={8} value={form.password} onChange={set("password")} />
        </label>
        <label className="field">
          <span>New password again</span>
          <input
            type="password"
            autoComplete="new-password"
            required
            value={form.password_confirmation}
            onChange={set("password_confirmation")}
            aria-invalid={mismatch}
          />
        </label>
        <FieldError>{mismatch && MESSAGES.passwordsDoNotMatch}</FieldError>
        <label className="checkbox">
          <input type="checkbox" checked={revokeTokens} onChange={(e) => setRevokeTokens(e.target.checked)} />
          Also revoke all my API tokens (scripts using them stop working)
        </label>
        <p className="muted small">Your other sessions will be signed out; this one stays.</p>
        <button type="submit" className="button button--ghost" disabled={busy}>
          {busy ? "Changing..." : "Change password"}
        </button>
      </form>
    </details>
  );
}
