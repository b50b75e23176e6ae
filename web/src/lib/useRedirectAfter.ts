import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * Navigates to `path` once `active` has been true for `ms` milliseconds (the spec's redirects),
 * carrying `notice`: the page there keeps showing it until the person leaves (sign-in reads it).
 */
export function useRedirectAfter(active: boolean, path: string, ms: number, notice?: string | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(path, { replace: true, state: notice ? { notice } : undefined }), ms);
    return () => clearTimeout(timer);
  }, [active, path, ms, navigate, notice]);
}
