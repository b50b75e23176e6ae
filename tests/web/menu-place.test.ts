import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MENU_GAP, MENU_MARGIN, placeMenu } from "../../web/src/components/menu-place";

const window = { width: 1280, height: 480 };
const menu = { width: 150, height: 110 };

describe("where a menu opens", () => {
  it("below its button, right edges aligned, when it fits", () => {
    expect(placeMenu({ top: 100, left: 200, width: 24, height: 24 }, menu, window)).toEqual({
      top: 100 + 24 + MENU_GAP,
      left: 200 + 24 - 150,
      maxHeight: null,
    });
  });

  it("above its button near the bottom of the window (a scrolled sidebar's last row)", () => {
    expect(placeMenu({ top: 440, left: 260, width: 24, height: 24 }, menu, window)).toEqual({
      top: 440 - MENU_GAP - 110,
      left: 260 + 24 - 150,
      maxHeight: null,
    });
  });

  it("inside the window when the button is near its left edge", () => {
    expect(placeMenu({ top: 100, left: 0, width: 24, height: 24 }, menu, window).left).toBe(MENU_MARGIN);
  });

  it("is whole within the window for every button in it, whenever the window can hold the menu", () => {
    fc.assert(
      fc.property(
        fc.record({ width: fc.integer({ min: 200, max: 2000 }), height: fc.integer({ min: 200, max: 1500 }) }),
        fc.record({ width: fc.integer({ min: 60, max: 184 }), height: fc.integer({ min: 20, max: 400 }) }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (win, size, x, y) => {
          const button = { left: x * (win.width - 24), top: y * (win.height - 24), width: 24, height: 24 };
          const place = placeMenu(button, size, win);
          const height = Math.min(size.height, place.maxHeight ?? Number.POSITIVE_INFINITY);
          expect(place.top).toBeGreaterThanOrEqual(MENU_MARGIN - 1e-9);
          expect(place.top + height).toBeLessThanOrEqual(win.height - MENU_MARGIN + 1e-9);
          expect(place.left).toBeGreaterThanOrEqual(MENU_MARGIN);
          expect(place.left + size.width).toBeLessThanOrEqual(win.width - MENU_MARGIN);
          // Never over its own button: above it or below it.
          expect(place.top >= button.top + button.height || place.top + height <= button.top).toBe(true);
          // Whole (no inner scrolling) whenever either side has the room.
          const room = Math.max(win.height - MENU_MARGIN - button.top - button.height - MENU_GAP, button.top - MENU_GAP - MENU_MARGIN);
          if (size.height <= room) expect(place.maxHeight).toBeNull();
        },
      ),
    );
  });
});
