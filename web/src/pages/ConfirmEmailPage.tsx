import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { LIMITS } from "../../../common/limits";
import { MESSAGES } from "../../../common/messages";
import { api, call } from "../api/client";
import { describeError } from "../api/errors";
import { Alert } from "../components/Alert";
import { AuthLayout } from "../components/AuthLayout";
import { useRedirectAfter } from "../lib/useRedirectAfter";

type State = { kind: "confirming" } | { kind: "confirmed"; message: string } | { kind: "failed"; message: string };

export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<State>(token ? { kind: "confirming" } : { kind: "failed", message: MESSAGES.invalidConfirmToken });
  const started = useRef(false);
  useRedirectAfter(state.kind === "confirmed", "/signin", LIMITS.redirectAfterConfirmMs, state.kind === "confirmed" ? state.message : null);

  useEffect(() => {
    // Once per page load, even when React runs effects twice.
    if (!token || started.current) return;
    started.current = true;
    call(api.auth["confirm-email"].$post({ json: { token } }), MESSAGES.confirmFailed)
      .then((result) => setState({ kind: "confirmed", message: result.message || MESSAGES.confirmSuccess }))
      .catch((e: unknown) => setState({ kind: "failed", message: describeError(e, MESSAGES.confirmFailed) }));
  }, [token]);

  return (
    <AuthLayout title="Confirm your e-mail">
      {state.kind === "confirming" && (
        <p className="muted" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> Confirming your e-mail address...
        </p>
      )}
      {state.kind === "confirmed" && <Alert kind="success">{state.message}</Alert>}
      {state.kind === "failed" && <Alert kind="error">{state.message}</Alert>}
      <p className="auth-footer">
        <Link to="/signin">Go to sign in</Link>
      </p>
    </AuthLayout>
  );
}
