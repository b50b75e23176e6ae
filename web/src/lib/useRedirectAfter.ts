import { useEffect } from "react";
import { useNavigate } from "react-router";

/** Navigates to `path` once `active` has been true for `ms` milliseconds. */
export function useRedirectAfter(active: boolean, path: string, ms: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(path, { replace: true }), ms);
    return () => clearTimeout(timer);
  }, [active, path, ms, navigate]);
}
