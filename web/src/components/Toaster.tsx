import { useEffect } from "react";
import { createPortal } from "react-dom";
import { useSnapshot } from "valtio";
import { announcerState } from "../lib/announcer";
import { dismissToast, holdToast, releaseAllToasts, releaseToast, toastState } from "../lib/toasts";
import { useTopModal } from "./modal-stack";

/**
 * The toasts, and the app's one live region: it says each new toast (and what `announce` is given)
 * politely; what is announced stays out of sight. While a modal dialog is open it lives inside it,
 * since the page behind is inert.
 */
export function Toaster() {
  const { toasts } = useSnapshot(toastState);
  const { message, count } = useSnapshot(announcerState);
  const modal = useTopModal();
  // Moving into or out of a dialog draws the toasts anew: the old elements' hover and focus are gone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the toasts move
  useEffect(() => releaseAllToasts(), [modal]);
  const content = (
    // One live region: each toast, and each announcement, is an addition a screen reader says politely.
    <section className="toaster" aria-label="Notifications" aria-live="polite" aria-relevant="additions" data-testid="live-region">
      {message && (
        <p key={count} className="visually-hidden" data-testid="announcement">
          {message}
        </p>
      )}
      {toasts.map((t) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: hovering only pauses the countdown; the close button is the control
        <div
          key={t.id}
          className={`toast toast--${t.type}${t.leaving ? " toast--leaving" : ""}`}
          data-testid="toast"
          data-type={t.type}
          onMouseEnter={() => holdToast(t.id, "hover")}
          onMouseLeave={() => releaseToast(t.id, "hover")}
          onFocus={() => holdToast(t.id, "focus")}
          onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && releaseToast(t.id, "focus")}
        >
          {t.type === "error" && <span className="visually-hidden">Error: </span>}
          <span className="toast-message">{t.message}</span>
          {t.download && (
            <button type="button" className="button button--small" onClick={() => void t.download?.()}>
              Download
            </button>
          )}
          {!t.download && t.downloadUrl && (
            <a className="button button--small" href={t.downloadUrl} download={t.filename}>
              Download
            </a>
          )}
          <button type="button" className="toast-close" aria-label="Close notification" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </section>
  );
  return modal ? createPortal(content, modal) : content;
}
