import { type ReactNode, useId, useLayoutEffect, useRef } from "react";
import { dispatch } from "../commands/commands";
import { pushModal } from "./modal-stack";

/** What a dialog or menu gives focus back to when it closes: the control that opened it, if it is still there. */
export function restoreFocus(opener: Element | null, within: Element | null): void {
  const active = document.activeElement;
  // Something else took focus meanwhile (a tutorial's card): leave it there.
  const lost = !active || active === document.body || (within?.contains(active) ?? false);
  if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
}

/**
 * Every modal of the app, on the native `<dialog>` (`showModal`): focus moves in and stays in,
 * the page behind is inert, Escape closes (through the registry's dialog scope), a click beside
 * it closes, and focus returns to the control that opened it.
 */
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
  const dialog = useRef<HTMLDialogElement>(null);
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  // Escape reaches both the registry (keydown) and the browser's own cancel: close once.
  const closing = useRef(false);
  const close = () => {
    if (closing.current) return;
    closing.current = true;
    setTimeout(() => {
      closing.current = false;
    }, 0);
    latestClose.current();
  };

  // A layout effect: its cleanup runs while the dialog is still in the page, so focus can go back.
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const opener = document.activeElement;
    if (!el.open) el.showModal();
    const pop = pushModal(el);
    const first = el.querySelector<HTMLElement>("input, select, textarea, button:not(.modal-close), [tabindex='0']");
    (first ?? el.querySelector<HTMLElement>(".modal-close"))?.focus();
    return () => {
      pop();
      if (el.open) el.close();
      restoreFocus(opener, el);
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="modal-dialog"
      aria-labelledby={titleId}
      onKeyDown={(e) => dispatch("dialog", e.nativeEvent, { dialog: { close } })}
      onCancel={(e) => {
        // React owns whether the dialog is shown: the browser must not close it by itself.
        e.preventDefault();
        close();
      }}
      // A click on the dialog itself is a click beside the panel (on its backdrop).
      onMouseDown={(e) => {
        if (e.target !== e.currentTarget) return;
        // The press would otherwise move focus off the opener that closing gives it back to.
        e.preventDefault();
        close();
      }}
    >
      <div className={wide ? "modal modal--wide" : "modal"}>
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close icon-button" aria-label="Close" onClick={close}>
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
    </dialog>
  );
}
