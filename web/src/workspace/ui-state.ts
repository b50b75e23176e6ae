import { proxy } from "valtio";
import type { PreferencesPatch, Preferences, Theme } from "../../../common/preferences";
import { api, call } from "../api/client";
import { authState, updateUserLocally } from "../auth/store";
import { applyTheme } from "../lib/theme";
import { toast } from "../lib/toasts";

/** Workspace chrome state; theme and sidebars mirror the saved preferences. */
export const uiState = proxy({
  theme: "light" as Theme,
  filesCollapsed: false,
  toolsCollapsed: false,
  /** Narrow screens: sidebars open as overlays. */
  mobileFilesOpen: false,
  mobileToolsOpen: false,
  loadedForUser: null as string | null,
});

/** Loads theme and sidebar state from preferences once per signed-in user. */
export function loadUiPreferences(userId: string, preferences: Preferences): void {
  if (uiState.loadedForUser === userId) return;
  uiState.loadedForUser = userId;
  uiState.theme = preferences.theme;
  uiState.filesCollapsed = preferences.sidebar.files_collapsed;
  uiState.toolsCollapsed = preferences.sidebar.tools_collapsed;
  applyTheme(preferences.theme);
}

/** Saves a partial preferences object; on failure shows `failureText` and keeps the local change. */
export async function savePreferences(patch: PreferencesPatch, failureText: string): Promise<boolean> {
  try {
    const { data } = await call(api.preferences.$put({ json: { preferences: patch } }));
    if (authState.user) updateUserLocally({ ...authState.user, preferences: data });
    return true;
  } catch (error) {
    console.warn(failureText, error);
    toast(failureText, "error");
    return false;
  }
}

export function toggleTheme(): void {
  uiState.theme = uiState.theme === "light" ? "dark" : "light";
  applyTheme(uiState.theme);
  void savePreferences({ theme: uiState.theme }, "Failed to save theme preference");
}

export function toggleFilesSidebar(): void {
  uiState.filesCollapsed = !uiState.filesCollapsed;
  void savePreferences({ sidebar: { files_collapsed: uiState.filesCollapsed } }, "Failed to save files sidebar state");
}

export function toggleToolsSidebar(): void {
  uiState.toolsCollapsed = !uiState.toolsCollapsed;
  void savePreferences({ sidebar: { tools_collapsed: uiState.toolsCollapsed } }, "Failed to save tools sidebar state");
}
