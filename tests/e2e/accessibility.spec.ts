// axe-core on every page and modal, in light and dark themes: no serious or
// critical violation anywhere.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { openTranscript } from "./transcripts";

// Judged as people who ask for less motion see it: nothing fades while axe reads the colours.
test.use({ reducedMotion: "reduce" });

async function expectAccessible(page: Page, what: string) {
  // Colours are judged at rest: a toast or modal still fading in is not what the user reads.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join("\n  ")}`,
    )
    .join("\n");
  expect(serious, `${what}:\n${report}`).toEqual([]);
}

async function setTheme(page: Page, theme: "light" | "dark") {
  await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
}

for (const theme of ["light", "dark"] as const) {
  test(`signed-out pages pass axe (${theme})`, async ({ page }) => {
    await setTheme(page, theme);
    for (const path of ["/signin", "/signup", "/forgot-password", "/reset-password?token=abc"]) {
      await page.goto(path);
      await expect(page.locator("main, form").first()).toBeVisible();
      await expectAccessible(page, `${path} (${theme})`);
    }
  });

  test(`the workspace, its modals and a tutorial pass axe (${theme})`, async ({ page }) => {
    test.setTimeout(120_000);
    await setTheme(page, theme);
    await signIn(page, `Axe ${theme}`);
    await page.goto("/dashboard");
    await expect(page.getByTestId("empty-dashboard")).toBeVisible();
    await expectAccessible(page, `empty dashboard (${theme})`);

    await openTranscript(page, `axe-${theme}.wav`);
    await expectAccessible(page, `file with transcript (${theme})`);

    await page.getByRole("button", { name: "Preferences" }).click();
    await expect(page.getByRole("dialog", { name: "User Preferences" })).toBeVisible();
    await expectAccessible(page, `preferences (${theme})`);
    await page.keyboard.press("Escape");

    await page.getByTestId("tools-edit-history").click();
    await expect(page.getByRole("dialog", { name: "Edit History" })).toBeVisible();
    await expectAccessible(page, `edit history (${theme})`);
    await page.keyboard.press("Escape");

    await page.getByTestId("help-button").click();
    await expect(page.getByRole("dialog", { name: "Keyboard Shortcuts" })).toBeVisible();
    await expectAccessible(page, `shortcuts (${theme})`);
    await page.keyboard.press("Escape");

    await page.goto("/dashboard/folder/common");
    await expectAccessible(page, `folder view (${theme})`);
  });
}

test("a tutorial step passes axe", async ({ page }) => {
  await signIn(page, "Axe Tutorial", { tutorials: true });
  await page.goto("/dashboard");
  await expect(page.getByTestId("tutorial")).toBeVisible({ timeout: 5_000 });
  await expectAccessible(page, "tutorial step");
});

test("every control of the editor page is reached with Tab and shows a visible focus ring", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "Keyboard Only");
  await openTranscript(page, "keyboard.wav");
  // Start at the top bar (Tab on the bare page is the player's play key).
  await page.getByRole("button", { name: "Preferences" }).focus();
  const seen = new Set<string>();
  const missingRing: string[] = [];
  // Tab through the page until focus comes back round; every stop must show where it is.
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
      return { key: `${name} @${Math.round(el.getBoundingClientRect().top)}:${Math.round(el.getBoundingClientRect().left)}`, name, ring };
    });
    if (!stop || seen.has(stop.key)) break;
    seen.add(stop.key);
    if (!stop.ring) missingRing.push(stop.name);
  }
  const names = [...seen].join("\n");
  // The page's main controls are all on the way.
  for (const control of ["Logout", "Play", "Playback speed", "Search files, folders and transcripts", "+ Folder", "Back 10 seconds"]) {
    expect(names, names).toContain(control);
  }
  expect(missingRing, "controls without a visible focus ring").toEqual([]);
});
