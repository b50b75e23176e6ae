import { type KeyboardEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { placeMenu } from "./menu-place";
import { menuKey, TypeAhead } from "./menu-keys";

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** One of a set of choices (a menuitemradio): whether it is the chosen one. */
  checked?: boolean;
  /** When labels may repeat (two workspaces of the same name). */
  key?: string;
}

/**
 * The keys of a menu or a list of options, on its container: arrows, Home/End and type-ahead move
 * focus among the items matching `selector`; Escape calls `close`. Returns whether the key was used.
 */
export function handleMenuKey(
  event: KeyboardEvent,
  container: HTMLElement | null,
  selector: string,
  typeAhead: TypeAhead,
  close: () => void,
): boolean {
  if (!container || event.nativeEvent.isComposing) return false;
  const items = [...container.querySelectorAll<HTMLElement>(selector)];
  const labels = items.map((item) => item.textContent ?? "");
  const result = menuKey(event, items.indexOf(document.activeElement as HTMLElement), labels, typeAhead);
  if (!result) return false;
  event.preventDefault();
  // The menu's keys are its own: an enclosing dialog must not close on this Escape.
  event.stopPropagation();
  if ("close" in result) close();
  else items[result.focus]?.focus();
  return true;
}

const ITEMS = ':is([role="menuitem"], [role="menuitemradio"]):not([aria-disabled="true"])';

/**
 * The app's actions menu (the ARIA menu button pattern): Enter, Space or ↓ opens it on its first
 * item, ↑ on its last; ↑ ↓ Home End and type-ahead move; Escape closes and gives focus back to the
 * button, as does choosing an item (before the item acts, so a dialog it opens returns focus there);
 * Tab or a click elsewhere closes it.
 *
 * The open list is a popover in the top layer, placed from the button's position (`placeMenu`):
 * a menu at the bottom of a scrolled sidebar opens above its button, whole, instead of inside
 * the sidebar's overflow. The list stays the button's DOM neighbour, so keys and focus work as before.
 */
export function Menu({
  label,
  items,
  trigger = <span className="menu-dots" aria-hidden="true" />,
  triggerClassName = "menu-trigger",
  triggerTabIndex,
  triggerTitle,
}: {
  /** The button's accessible name ("Actions for …"). */
  label: string;
  items: MenuItem[];
  /** What the button shows. */
  trigger?: ReactNode;
  triggerClassName?: string;
  /** -1 inside a composite widget (a tree row) that keeps one stop in the Tab order. */
  triggerTabIndex?: number;
  /** A tooltip for a trigger that shows only a symbol. */
  triggerTitle?: string;
}) {
  const [open, setOpen] = useState<null | "first" | "last">(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const typeAhead = useRef(new TypeAhead());
  const listId = useId();

  // Before paint: shown in the top layer and placed, so it never flashes at the window's corner.
  useLayoutEffect(() => {
    const element = list.current;
    if (!open || !element) return;
    // Without the Popover API the list is still fixed to the window (out of every overflow).
    if (typeof element.showPopover === "function" && !element.matches(":popover-open")) element.showPopover();
    const place = () => {
      if (!button.current) return;
      element.style.maxHeight = "";
      const { width, height } = element.getBoundingClientRect();
      const at = placeMenu(button.current.getBoundingClientRect(), { width, height }, { width: innerWidth, height: innerHeight });
      element.style.top = `${at.top}px`;
      element.style.left = `${at.left}px`;
      element.style.maxHeight = at.maxHeight === null ? "" : `${at.maxHeight}px`;
    };
    place();
    // Follow the button when something under it scrolls (not the list itself) or the window changes size.
    const onScroll = (event: Event) => {
      if (!element.contains(event.target as Node)) place();
    };
    addEventListener("scroll", onScroll, true);
    addEventListener("resize", place);
    return () => {
      removeEventListener("scroll", onScroll, true);
      removeEventListener("resize", place);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const entries = [...(list.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    (open === "last" ? entries.at(-1) : entries[0])?.focus();
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  const closeToButton = () => {
    setOpen(null);
    button.current?.focus();
  };

  return (
    <div className="menu" ref={root}>
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        tabIndex={triggerTabIndex}
        aria-label={label}
        title={triggerTitle}
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-controls={open ? listId : undefined}
        onClick={(e) => {
          e.stopPropagation();
          setOpen((o) => (o ? null : "first"));
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            setOpen(e.key === "ArrowDown" ? "first" : "last");
          }
        }}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={listId}
          className="menu-list"
          popover="manual"
          role="menu"
          aria-label={label}
          ref={list}
          onKeyDown={(e) => handleMenuKey(e, list.current, ITEMS, typeAhead.current, closeToButton)}
          onBlur={(e) => {
            // Tab or focus elsewhere closes the menu.
            if (!root.current?.contains(e.relatedTarget as Node | null) && e.relatedTarget !== null) setOpen(null);
          }}
        >
          {items.map((item) => (
            // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-checked is set only where the role is menuitemradio
            <button
              key={item.key ?? item.label}
              type="button"
              role={item.checked === undefined ? "menuitem" : "menuitemradio"}
              aria-checked={item.checked}
              tabIndex={-1}
              aria-disabled={item.disabled || undefined}
              className={item.danger ? "menu-item menu-item--danger" : "menu-item"}
              onClick={(e) => {
                e.stopPropagation();
                if (item.disabled) return;
                closeToButton();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
