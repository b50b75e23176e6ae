import { useState } from "react";
import { useNavigate } from "react-router";
import { logout } from "../auth/session";
import { applyTheme, currentTheme } from "../lib/theme";
import { Logo } from "./Logo";

export function TopBar() {
  const navigate = useNavigate();
  const [theme, setTheme] = useState(currentTheme());

  function toggleTheme() {
    const next = theme === "light" ? "dark" : "light";
    applyTheme(next);
    setTheme(next);
  }

  async function signOut() {
    await logout();
    navigate("/signin", { replace: true });
  }

  return (
    <header className="topbar">
      <Logo />
      <div className="topbar-actions">
        <button type="button" className="icon-button" onClick={toggleTheme} aria-label={theme === "light" ? "Switch to dark theme" : "Switch to light theme"} title="Toggle theme">
          {theme === "light" ? "☾" : "☀"}
        </button>
        <button type="button" className="button button--ghost" onClick={signOut}>
          Logout
        </button>
      </div>
    </header>
  );
}
