import { useNavigate } from "react-router";
import { useSnapshot } from "valtio";
import { logout } from "../auth/session";
import { Logo } from "../components/Logo";
import { Menu } from "../components/Menu";
import { MOBILE_LAYOUT, useMediaQuery } from "../lib/useMediaQuery";
import type { LiveStatus } from "../live/live-channel";
import { openDialog } from "./dialog-state";
import { toggleTheme, uiState } from "./ui-state";
import { HelpButton, openShortcuts, useHelpAllowed } from "../tutorials/HelpButton";
import { MentionsButton } from "./MentionsButton";

/** `data-live-status` tells tests (and the curious) whether live updates are flowing. */
export function TopBar({ liveStatus = "closed" }: { liveStatus?: LiveStatus }) {
  const navigate = useNavigate();
  const ui = useSnapshot(uiState);
  // A phone has no room for the three: they go into one menu (docs/product.md#screens).
  const compact = useMediaQuery(MOBILE_LAYOUT);
  const helpAllowed = useHelpAllowed();
  const themeLabel = ui.theme === "light" ? "Switch to dark theme" : "Switch to light theme";

  async function signOut() {
    await logout();
    navigate("/signin", { replace: true });
  }

  return (
    <header className="topbar" data-testid="topbar" data-live-status={liveStatus}>
      <div className="topbar-start">
        <button
          type="button"
          className="icon-button mobile-only"
          aria-label="Toggle files sidebar"
          onClick={() => (uiState.mobileFilesOpen = !uiState.mobileFilesOpen)}
        >
          ☰
        </button>
        <Logo />
      </div>
      <div className="topbar-actions">
        <button
          type="button"
          className="icon-button mobile-only"
          aria-label="Toggle transcript tools"
          onClick={() => (uiState.mobileToolsOpen = !uiState.mobileToolsOpen)}
        >
          ⚙
        </button>
        <MentionsButton />
        {!compact && <HelpButton />}
        {compact ? (
          <span className="topbar-more" data-tutorial="preferences">
            <Menu
              label="Account and settings"
              trigger={<span className="menu-dots" aria-hidden="true" />}
              triggerClassName="icon-button"
              items={[
                { label: "Workspaces", onSelect: () => openDialog({ kind: "workspaces" }) },
                { label: "Preferences", onSelect: () => openDialog({ kind: "preferences" }) },
                { label: themeLabel, onSelect: toggleTheme },
                ...(helpAllowed ? [{ label: "Keyboard shortcuts", onSelect: openShortcuts }] : []),
                { label: "Logout", onSelect: () => void signOut() },
              ]}
            />
          </span>
        ) : (
          <>
            <button type="button" className="button button--ghost" onClick={() => openDialog({ kind: "workspaces" })}>
              Workspaces
            </button>
            <button
              data-tutorial="preferences"
              type="button"
              className="button button--ghost"
              onClick={() => openDialog({ kind: "preferences" })}
            >
              Preferences
            </button>
            <button type="button" className="icon-button" onClick={toggleTheme} aria-label={themeLabel} title="Toggle theme">
              {ui.theme === "light" ? "☾" : "☀"}
            </button>
            <button type="button" className="button button--ghost" onClick={signOut}>
              Logout
            </button>
          </>
        )}
      </div>
    </header>
  );
}
