// On a phone every page fits the screen's width: nothing scrolls sideways, and every
// control on screen lies within it (the top bar's above all).
import type { Page } from "@playwright/test";
import { expect, signIn, snap, test } from "./fixtures";
import { storeFile, storeFolder, transcribed } from "./seed";

const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
];

/** The page does not scroll sideways, and no visible control (outside closed drawers) pokes past either edge. */
async function fitsWidth(page: Page, what: string) {
  // Let a layout settle (fonts, a dialog's opening).
  await page.waitForTimeout(100);
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("button, a[href], input, select, textarea, [role=menuitem], [tabindex]")) {
      if (el.closest("[inert]")) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
      if (r.left < -0.5 || r.right > width + 0.5)
        outside.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}" ${Math.round(r.left)}–${Math.round(r.right)}`,
        );
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, outside };
  });
  expect(found.scrollWidth, `${what}: the page is wider than the screen`).toBeLessThanOrEqual(found.width);
  expect(found.outside, `${what}: controls past the screen's edges`).toEqual([]);
}

/** Each of the top bar's controls lies wholly on screen. */
async function topBarOnScreen(page: Page, width: number) {
  const controls = page.getByTestId("topbar").locator("button:visible, a:visible");
  expect(await controls.count()).toBeGreaterThan(0);
  for (const control of await controls.all()) {
    const box = (await control.boundingBox())!;
    const name = (await control.textContent()) ?? "";
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(width);
  }
}

for (const phone of PHONES) {
  test.describe(`${phone.width}×${phone.height}`, () => {
    test.use({ viewport: phone, hasTouch: true });

    test("the sign-in and account pages fit", async ({ page }) => {
      for (const path of ["/signin", "/signup", "/forgot-password", "/reset-password?token=x", "/terms", "/privacy"]) {
        await page.goto(path);
        await expect(page.getByRole("heading").first()).toBeVisible();
        await fitsWidth(page, path);
      }
    });

    test("the workspace fits: dashboard, top bar, file and folder views, drawers, dialogs, the shared page", async ({ page }) => {
      test.setTimeout(120_000);
      const { token } = await signIn(page, "Phone Reader With A Rather Long Name");
      const folder = await storeFolder(page.request, token, "Interviews of the spring season");
      await page.goto("/dashboard");
      await expect(page.getByTestId("empty-dashboard")).toBeVisible();
      await fitsWidth(page, "dashboard");
      await topBarOnScreen(page, phone.width);

      // The drawers open on a phone, each within the screen.
      await page.getByRole("button", { name: "Toggle files sidebar" }).click();
      await expect(page.getByRole("complementary", { name: "Files" })).toBeInViewport({ ratio: 0.99 });
      await fitsWidth(page, "files drawer");
      await page.getByRole("button", { name: "Toggle files sidebar" }).click();

      await page.goto(`/dashboard/folder/${folder.id}`);
      await expect(page.getByTestId("folder-view")).toBeVisible();
      await fitsWidth(page, "folder view");
      await topBarOnScreen(page, phone.width);

      // A transcript open in the editor.
      const { id: fileId } = await storeFile(page.request, token, "A recording with a long name for a small screen.wav", "", 25);
      await transcribed(page.request, token, fileId);
      await page.goto(`/dashboard/file/${fileId}`);
      await expect(page.getByTestId("utterance")).toHaveCount(6);
      await fitsWidth(page, "file view");
      await snap(page, `phone-${phone.width}-file-view`);
      await topBarOnScreen(page, phone.width);
      await page.getByRole("button", { name: "Toggle transcript tools" }).click();
      await expect(page.getByRole("complementary", { name: "Transcript Tools" })).toBeInViewport({ ratio: 0.99 });
      await fitsWidth(page, "tools drawer");
      await page.getByRole("button", { name: "Toggle transcript tools" }).click();

      // Dialogs.
      // On a phone, preferences, theme and logout share one menu.
      await page.getByRole("button", { name: "Account and settings" }).click();
      for (const item of await page.getByRole("menuitem").all()) await expect(item).toBeInViewport({ ratio: 1 });
      await page.getByRole("menuitem", { name: "Preferences" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await fitsWidth(page, "preferences dialog");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await page.getByTestId("retranscribe-open").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await fitsWidth(page, "re-transcribe dialog");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      // The shared page, as a visitor sees it.
      const share = await page.request.post(`/api/v1/audio_files/${fileId}/shares`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { include_media: true, show_owner_name: true },
      });
      expect(share.status()).toBe(201);
      const { url } = ((await share.json()) as { data: { url: string } }).data;
      const visitor = await page.context().browser()!.newPage({ viewport: phone, hasTouch: true });
      await visitor.goto(new URL(url).pathname);
      await expect(visitor.getByTestId("utterance").first()).toBeVisible();
      await fitsWidth(visitor, "shared page");
      await snap(visitor, `phone-${phone.width}-shared-page`);
      await visitor.close();
    });
  });
}
