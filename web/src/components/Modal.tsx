import { useEffect, useId, useRef, type ReactNode } from "react";
import { dispatch } from "../editor/model/commands";

/** A dialog that closes on Escape and on a click outside it. */
export function Modal({
  title,
  onClose,
  children,
  footer,
  wide = false,
  scrollable = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** A long, read-only body that may scroll: it takes focus so the keyboard can scroll it. */
  scrollable?: boolean;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      dispatch("dialog", e, { dialog: { close: onClose } });
    };
    document.addEventListener("keydown", onKey);
    const first = panel.current?.querySelector<HTMLElement>("input, select, textarea, button:not(.modal-close)");
    first?.focus();
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the dialog closes it; Escape does the same from the keyboard
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className={wide ? "modal modal--wide" : "modal"} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panel}>
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        {scrollable ? (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable from the keyboard to be scrolled
          <div className="modal-body" role="region" aria-labelledby={titleId} tabIndex={0}>
            {children}
          </div>
        ) : (
          <div className="modal-body">{children}</div>
        )}
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>
  );
}
