import { useSnapshot } from "valtio";
import { dismissToast, toastState } from "../lib/toasts";

export function Toaster() {
  const { toasts } = useSnapshot(toastState);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`toast toast--${t.type}${t.leaving ? " toast--leaving" : ""}`}
          role={t.type === "error" ? "alert" : "status"}
          data-testid="toast"
        >
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
    </div>
  );
}
