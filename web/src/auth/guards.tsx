import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSnapshot } from "valtio";
import { Splash } from "../components/Splash";
import { authState } from "./store";

/** Splash while authenticating; anonymous visitors go to /signin and come back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSnapshot(authState);
  const location = useLocation();
  if (status === "authenticating") return <Splash />;
  if (status === "anonymous") {
    return <Navigate to="/signin" replace state={{ from: location.pathname + location.search + location.hash }} />;
  }
  return children;
}

/** `/`: loader while authenticating, then the dashboard or the sign-in page. */
export function RootRedirect() {
  const { status } = useSnapshot(authState);
  if (status === "authenticating") return <Splash />;
  return <Navigate to={status === "authenticated" ? "/dashboard" : "/signin"} replace />;
}

/** Sign-in and sign-up are pointless once signed in. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useSnapshot(authState);
  const location = useLocation();
  if (status === "authenticated") {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from ?? "/dashboard"} replace />;
  }
  return children;
}
