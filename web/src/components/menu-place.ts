// Where an open menu goes: fixed in the window beside its button, below it when it fits,
// else above, else on the side with more room and scrolling inside itself. Never inside a
// scrolled sidebar's overflow, never past the window's edges. A plain function, so it tests headless.

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface MenuPlace {
  top: number;
  left: number;
  /** Set when the menu is taller than the room on either side. */
  maxHeight: number | null;
}

/** The gap between the button and the menu, and the least space kept to the window's edges. */
export const MENU_GAP = 4;
export const MENU_MARGIN = 8;

export function placeMenu(button: Box, menu: { width: number; height: number }, window: { width: number; height: number }): MenuPlace {
  // Right edges aligned (the buttons sit at the right of their rows), kept inside the window.
  const left = clamp(button.left + button.width - menu.width, MENU_MARGIN, window.width - MENU_MARGIN - menu.width);
  const below = window.height - MENU_MARGIN - (button.top + button.height + MENU_GAP);
  const above = button.top - MENU_GAP - MENU_MARGIN;
  if (menu.height <= below) return { top: button.top + button.height + MENU_GAP, left, maxHeight: null };
  if (menu.height <= above) return { top: button.top - MENU_GAP - menu.height, left, maxHeight: null };
  // Fits on neither side: the roomier one, scrolling within (a tiny window), still never past an edge.
  if (below >= above) {
    const top = clamp(button.top + button.height + MENU_GAP, MENU_MARGIN, window.height - MENU_MARGIN);
    return { top, left, maxHeight: Math.max(0, window.height - MENU_MARGIN - top) };
  }
  const top = MENU_MARGIN;
  return { top, left, maxHeight: Math.max(0, clamp(button.top - MENU_GAP, top, window.height - MENU_MARGIN) - top) };
}

/** `value` within [min, max]; `min` wins when the range is empty (a window narrower than the menu). */
function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}
