import { useLayoutEffect, useRef } from "react";
import { handleMenuKey, type MenuItem } from "./Menu";
import { MENU_MARGIN } from "./menu-place";
import { TypeAhead } from "./menu-keys";
import { restoreFocus } from "./Modal";

const ITEMS = '[role="menuitem"]:not([aria-disabled="true"])';

/**
 * A menu opened at a point (a right click, the context-menu key): the same keys as the app's
 * menu button (Menu.tsx), focus on its first item, and back where it was when it closes.
 */
export function ContextMenu({
  at,
  label,
  items,
  onClose,
}: {
  at: { x: number; y: number };
  label: string;
  items: MenuItem[];
  onClose: () => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const typeAhead = useRef(new TypeAhead());
  const latestClose = useRef(onClose);
  latestClose.current = onClose;

  // Before paint: in the top layer, beside the point and inside the window.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const opener = document.activeElement;
    if (typeof element.showPopover === "function" && !element.matches(":popover-open")) element.showPopover();
    const { width, height } = element.getBoundingClientRect();
    const left = Math.max(MENU_MARGIN, Math.min(at.x, innerWidth - MENU_MARGIN - width));
    const top = at.y + height <= innerHeight - MENU_MARGIN ? at.y : Math.max(MENU_MARGIN, at.y - height);
    element.style.left = `${left}px`;
    element.style.top = `${top}px`;
    element.querySelector<HTMLElement>(ITEMS)?.focus();
    const onDown = (e: MouseEvent) => {
      if (!element.contains(e.target as Node)) latestClose.current();
    };
    document.addEventListener("mousedown", onDown);
    return () => {
      document.removeEventListener("mousedown", onDown);
      restoreFocus(opener, element);
    };
  }, [at]);

  return (
    <div
      className="menu-list context-menu"
      popover="manual"
      role="menu"
      aria-label={label}
      ref={list}
      data-testid="context-menu"
      onKeyDown={(e) => handleMenuKey(e, list.current, ITEMS, typeAhead.current, () => latestClose.current())}
      onBlur={(e) => {
        if (e.relatedTarget !== null && !list.current?.contains(e.relatedTarget as Node)) latestClose.current();
      }}
    >
      {items.map((item) => (
        <button
          key={item.key ?? item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          aria-disabled={item.disabled || undefined}
          className="menu-item"
          onClick={() => {
            if (item.disabled) return;
            latestClose.current();
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
