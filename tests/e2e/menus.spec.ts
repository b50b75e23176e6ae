import { expect, signIn, test } from "./fixtures";
import { storeFile } from "./seed";

test("a menu near the bottom of a scrolled sidebar opens whole within the window, with its keys", async ({ page }) => {
  const { token } = await signIn(page, "Menu Reader");
  const names = Array.from({ length: 14 }, (_, i) => `Recording ${String(i + 1).padStart(2, "0")}.wav`);
  for (const name of names) await storeFile(page.request, token, name);
  await page.setViewportSize({ width: 1280, height: 480 });
  await page.goto("/dashboard");
  // The tree's last file row, scrolled to the bottom edge of the sidebar's scroll area.
  const trigger = page
    .getByRole("tree", { name: "Folders and files" })
    .getByRole("button", { name: /^Actions for Recording/ })
    .last();
  await expect(trigger).toBeAttached();
  await expect(page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: /^Actions for Recording/ })).toHaveCount(
    14,
  );
  await trigger.evaluate((el) => el.closest("li")!.scrollIntoView({ block: "end" }));
  const label = (await trigger.getAttribute("aria-label"))!;
  // It sits at the bottom edge of the scroll area, with its siblings above it.
  const gap = await trigger.evaluate((el) => {
    const area = el.closest(".sidebar-scroll")!.getBoundingClientRect();
    return area.bottom - el.closest("li")!.getBoundingClientRect().bottom;
  });
  expect(Math.abs(gap)).toBeLessThan(2);

  await trigger.click();
  const items = page.getByRole("menu", { name: label }).getByRole("menuitem");
  await expect(items).toHaveCount(3);
  for (const item of await items.all()) {
    const b = (await item.boundingBox())!;
    expect(b.y).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height).toBeLessThanOrEqual(480);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(1280);
    // Not only inside the window: shown there, on top of everything (no scrolling needed to reach it).
    const onTop = await item.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(onTop).toBe(true);
  }
  // Today's keys: the first item has focus, arrows move, Escape closes and gives focus back.
  await expect(page.getByRole("menuitem", { name: "Rename" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("menuitem", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(items).toHaveCount(0);
  await expect(trigger).toBeFocused();

  // Choosing the last item works by a plain click and opens its dialog.
  await trigger.click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page.getByRole("dialog", { name: "Delete file" })).toBeVisible();
});
