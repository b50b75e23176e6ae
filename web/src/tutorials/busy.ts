// Whether the person is in the middle of something, so that a tutorial does not start over it
// (docs/product.md#tutorials-and-shortcuts): words selected, a dialog, menu or list open, or
// typing in the last few seconds.

/** Typing this recently counts as busy. */
export const TYPING_QUIET_MS = 3_000;

let lastTyped = Number.NEGATIVE_INFINITY;

/** Keys that write or edit text (not arrows, Tab or Escape, which move around or close). */
function isTyping(e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  return e.key.length === 1 || e.key === "Backspace" || e.key === "Delete" || e.key === "Enter";
}

if (typeof document !== "undefined") {
  document.addEventListener(
    "keydown",
    (e) => {
      if (isTyping(e)) lastTyped = performance.now();
    },
    true,
  );
  document.addEventListener("input", () => (lastTyped = performance.now()), true);
}

const OPEN_LAYERS = "dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true], [role=menu], [role=listbox]";

export function personIsBusy(): boolean {
  const selection = typeof getSelection === "function" ? getSelection() : null;
  if (selection && !selection.isCollapsed && selection.toString().trim()) return true;
  for (const layer of document.querySelectorAll<HTMLElement>(OPEN_LAYERS)) {
    if (layer.checkVisibility?.() ?? true) return true;
  }
  return performance.now() - lastTyped < TYPING_QUIET_MS;
}

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The part of `el` the person can see: inside the window and every ancestor that clips it. */
export function visibleBox(el: HTMLElement): Box | null {
  const r = el.getBoundingClientRect();
  let top = Math.max(r.top, 0);
  let left = Math.max(r.left, 0);
  let bottom = Math.min(r.bottom, window.innerHeight);
  let right = Math.min(r.right, window.innerWidth);
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    if (getComputedStyle(a).overflow === "visible") continue;
    const c = a.getBoundingClientRect();
    top = Math.max(top, c.top);
    left = Math.max(left, c.left);
    bottom = Math.min(bottom, c.bottom);
    right = Math.min(right, c.right);
  }
  return bottom > top && right > left ? { top, left, width: right - left, height: bottom - top } : null;
}

/**
 * The first element with this data-tutorial value the person can see now (enough of it to
 * point at), if any: a tutorial never scrolls the page to reach one.
 */
export function targetOnScreen(target: string): HTMLElement | null {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-tutorial="${CSS.escape(target)}"]`)) {
    if (el.closest("[inert]")) continue;
    const r = el.getBoundingClientRect();
    const seen = visibleBox(el);
    if (seen && seen.height >= Math.min(r.height, 32) && seen.width >= Math.min(r.width, 32)) return el;
  }
  return null;
}
