import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches now, following changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => window.matchMedia(query).matches,
  );
}

/** The layout where the sidebars are overlays, off screen until opened (styles.css). */
export const MOBILE_LAYOUT = "(max-width: 767px)";
