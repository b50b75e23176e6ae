import type { Theme } from "../../../common/preferences";

/** The theme lives on <html data-theme>; localStorage lets index.html apply it before paint. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem("theme", theme);
  } catch {
    // Private mode: the theme still applies for this visit.
  }
}
