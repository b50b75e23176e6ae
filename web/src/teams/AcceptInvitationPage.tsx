import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useSnapshot } from "valtio";
import type { WorkspaceRole } from "../../../common/workspaces";
import { workspaceApi } from "../api/workspaces";
import { ApiRequestError, describeError } from "../api/errors";
import { logout } from "../auth/session";
import { authState } from "../auth/store";
import { Alert } from "../components/Alert";
import { AuthLayout } from "../components/AuthLayout";
import { Splash } from "../components/Splash";
import { invitationPath, pendingInvitation } from "./pending-invitation";
import { ROLE_LABELS } from "./roles";
import { WORKSPACE_PARAM } from "../workspace/current-workspace";

type State =
  | { kind: "accepting" }
  | { kind: "joined"; id: string; name: string; role: WorkspaceRole }
  | { kind: "failed"; message: string; otherAccount: boolean };

/** `/invitations/accept?token=…`: joins the invited workspace, or asks to sign in (or sign up) first. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { status, user } = useSnapshot(authState);
  if (!token) {
    return (
      <AuthLayout title="Join a workspace">
        <Alert kind="error">This invitation link is incomplete. Open the link from the e-mail again.</Alert>
      </AuthLayout>
    );
  }
  if (status === "authenticating") return <Splash />;
  if (status === "anonymous") return <SignInFirst token={token} />;
  return <Accept token={token} email={user?.email ?? ""} />;
}

type Invitation = Awaited<ReturnType<typeof workspaceApi.preview>>;

/** Who invited to which workspace, read from the link's token (nothing shown for a link no longer valid: accepting says why). */
function useInvitation(token: string): Invitation | null {
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  useEffect(() => {
    let current = true;
    workspaceApi.preview(token).then(
      (found) => current && setInvitation(found),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [token]);
  return invitation;
}

function InvitedTo({ token }: { token: string }) {
  const invitation = useInvitation(token);
  if (!invitation) return null;
  const { workspace_name: name, invited_by: by, role } = invitation;
  return (
    <p data-testid="invitation-summary">
      {by ? `${by} invited you` : "You were invited"} to the workspace <strong>“{name}”</strong> as {ROLE_LABELS[role].toLowerCase()}.
    </p>
  );
}

function SignInFirst({ token }: { token: string }) {
  const location = useLocation();
  useEffect(() => pendingInvitation.keep(token), [token]);
  const from = { from: location.pathname + location.search };
  return (
    <AuthLayout title="Join a workspace">
      <InvitedTo token={token} />
      <p>Sign in with the e-mail address the invitation was sent to, or create an account with it. The invitation waits for you.</p>
      <p className="auth-footer">
        <Link className="button" to="/signin" state={from}>
          Sign in
        </Link>{" "}
        <Link className="button button--ghost" to="/signup" state={from}>
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}

function Accept({ token, email }: { token: string; email: string }) {
  const [state, setState] = useState<State>({ kind: "accepting" });
  const started = useRef(false);
  const navigate = useNavigate();

  useEffect(() => {
    // Once per page load, even when React runs effects twice.
    if (started.current) return;
    started.current = true;
    pendingInvitation.take();
    (async () => {
      const joined = await workspaceApi.accept(token);
      const workspaces = await workspaceApi.list().catch(() => []);
      const name = workspaces.find((w) => w.id === joined.workspace_id)?.name ?? "the workspace";
      setState({ kind: "joined", id: joined.workspace_id, name, role: joined.role });
    })().catch((error: unknown) =>
      setState({
        kind: "failed",
        message: describeError(error, "Could not accept the invitation"),
        otherAccount: error instanceof ApiRequestError && error.status === 403,
      }),
    );
  }, [token]);

  const signInAnother = async () => {
    pendingInvitation.keep(token);
    await logout();
    navigate("/signin", { replace: true, state: { from: invitationPath(token) } });
  };

  return (
    <AuthLayout title="Join a workspace">
      {state.kind !== "joined" && <InvitedTo token={token} />}
      {state.kind === "accepting" && (
        <p className="muted" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> Accepting the invitation...
        </p>
      )}
      {state.kind === "joined" && (
        <Alert kind="success">
          You joined “{state.name}” as {ROLE_LABELS[state.role].toLowerCase()}.
        </Alert>
      )}
      {state.kind === "failed" && <Alert kind="error">{state.message}</Alert>}
      {state.kind === "failed" && state.otherAccount && (
        <p>
          You are signed in as {email}.{" "}
          <button type="button" className="button button--ghost" onClick={() => void signInAnother()}>
            Sign in with another account
          </button>
        </p>
      )}
      <p className="auth-footer">
        {state.kind === "joined" ? (
          <Link to={`/dashboard?${WORKSPACE_PARAM}=${encodeURIComponent(state.id)}`}>Open “{state.name}”</Link>
        ) : (
          <Link to="/dashboard">Go to your files</Link>
        )}
      </p>
    </AuthLayout>
  );
}
