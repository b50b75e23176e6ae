import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { MESSAGES } from "../../../common/messages";
import { api, call } from "../api/client";
import { describeError } from "../api/errors";
import { signInLocally } from "./store";
import { Alert } from "../components/Alert";

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const SCRIPT_URL = "https://accounts.google.com/gsi/client";
let scriptPromise: Promise<void> | undefined;

/** Google's identity script, loaded only when a client id is configured. */
function loadGoogleScript(): Promise<void> {
  scriptPromise ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptPromise = undefined;
      reject(new Error("Could not load Google sign-in"));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

// The sign-in pages load no query library: the one setting they need is fetched once per page load.
let authConfig: Promise<{ google_client_id: string | null }> | null = null;

function useAuthConfig(): { isPending: boolean; data: { google_client_id: string | null } | null } {
  const [data, setData] = useState<{ google_client_id: string | null } | null>(null);
  const [isPending, setPending] = useState(true);
  useEffect(() => {
    let live = true;
    authConfig ??= call(api.auth.config.$get()).catch((error: unknown) => {
      authConfig = null;
      throw error;
    });
    authConfig.then(
      (value) => {
        if (!live) return;
        setData(value);
        setPending(false);
      },
      () => live && setPending(false),
    );
    return () => {
      live = false;
    };
  }, []);
  return { isPending, data };
}

/**
 * "or" and Google's own sign-in button, under the e-mail form: nothing at all while the setting is
 * read, or when GOOGLE_CLIENT_ID is empty (the deployment has no Google sign-in).
 */
export function GoogleButton({ mode, redirectTo }: { mode: "signin" | "signup"; redirectTo: string }) {
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const config = useAuthConfig();
  const clientId = config.data?.google_client_id ?? null;

  useEffect(() => {
    if (!clientId || !container.current) return;
    let cancelled = false;
    loadGoogleScript()
      .then(() => {
        if (cancelled || !container.current || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: async ({ credential }) => {
            setBusy(true);
            setError(null);
            try {
              const result = await call(
                api.auth.google.$post({ json: { id_token: credential } }),
                mode === "signin" ? MESSAGES.googleSigninFailed : MESSAGES.googleSignupFailed,
              );
              signInLocally(result.token, result.user);
              navigate(redirectTo, { replace: true });
            } catch (e) {
              setError(describeError(e, mode === "signin" ? MESSAGES.googleSigninFailed : MESSAGES.googleSignupFailed));
            } finally {
              setBusy(false);
            }
          },
        });
        window.google.accounts.id.renderButton(container.current, { text: mode === "signin" ? "signin_with" : "signup_with", width: 320 });
      })
      .catch((e: unknown) => setError(describeError(e)));
    return () => {
      cancelled = true;
    };
  }, [clientId, mode, navigate, redirectTo]);

  if (config.isPending || !clientId) return null;
  return (
    <div className="google-block">
      <div className="divider">
        <span>or</span>
      </div>
      {/* Google renders its own button, named by Google, into this container. */}
      <div ref={container} hidden={busy} />
      {busy && (
        <button type="button" className="button button--secondary" disabled>
          <span className="spinner spinner--small" aria-hidden="true" /> Signing in with Google…
        </button>
      )}
      {error && <Alert kind="error">{error}</Alert>}
    </div>
  );
}
