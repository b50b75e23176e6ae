// What sits around the transcript: the Keyboard Shortcuts button covers none of the page's own
// buttons (the Reply of a comment thread), and the editor's toolbar is one row of named controls,
// each with a tooltip, at 1280 px and on a 390 px phone.
import type { Locator, Page } from "@playwright/test";
import { expect, signIn, snap, test } from "./fixtures";
import { openTranscript, selectWords } from "./transcripts";

/** Whether the point at the centre of `target` is `target` itself (or inside it): nothing covers it. */
async function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (top === el || el.contains(top));
  });
}

async function toolbarRows(page: Page): Promise<number> {
  return page.getByRole("toolbar", { name: "Transcript tools" }).evaluate((bar) => {
    const tops = new Set<number>();
    for (const el of bar.querySelectorAll<HTMLElement>("button, input, .save-status")) {
      if (el.closest(".replace-row") || !el.checkVisibility()) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 1) tops.add(Math.round(r.top + r.height / 2));
    }
    // Centres within a few pixels are one row.
    const sorted = [...tops].sort((a, b) => a - b);
    return sorted.filter((t, i) => i === 0 || t - sorted[i - 1]! > 8).length;
  });
}

test("the shortcuts button sits in the top bar, clear of a thread's Reply; the toolbar is one row of named controls (1280 and 390 px)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "Chrome Checker");
  await openTranscript(page, "chrome.wav");
  await selectWords(page, 0, "quarterly", "budget");
  await page.getByTestId("add-comment").click();
  const box = page.getByTestId("comment-composer").getByRole("textbox");
  await box.fill("Check the figure.");
  await box.press("Control+Enter");
  const thread = page.getByTestId("comment-thread").first();
  await expect(thread).toBeVisible();

  const help = page.getByTestId("help-button");
  const topbar = page.getByTestId("topbar");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    if (width === 390) await page.getByRole("button", { name: "Toggle transcript tools" }).click();
    const reply = thread.getByRole("button", { name: "Reply", exact: true });
    // Notifications (a transcription's progress) float over the page for a moment by design: closed
    // here, so what is checked is the page's own layout.
    await expect(async () => {
      // A toast may leave by itself between being found and clicked.
      for (const close of await page.getByRole("button", { name: "Close notification" }).all())
        await close.click({ timeout: 500 }).catch(() => {});
      await expect(page.getByTestId("toast")).toHaveCount(0, { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await reply.scrollIntoViewIfNeeded();
    await expect(reply).toBeInViewport();
    expect(await uncovered(reply), `Reply covered at ${width} px`).toBe(true);
    if (width === 1280) {
      // The shortcuts button is one of the top bar's: it floats over nothing.
      await expect(help).toBeVisible();
      const bar = (await topbar.boundingBox())!;
      const button = (await help.boundingBox())!;
      expect(button.y).toBeGreaterThanOrEqual(bar.y);
      expect(button.y + button.height).toBeLessThanOrEqual(bar.y + bar.height);
    } else {
      // A phone's top bar has no room for it: it is in the top bar's menu.
      await expect(help).toHaveCount(0);
      await page.getByRole("button", { name: "Toggle transcript tools" }).click();
      await topbar.getByRole("button", { name: "Account and settings" }).click();
      await page.getByRole("menuitem", { name: "Keyboard shortcuts" }).click();
      await expect(page.getByRole("dialog", { name: "Keyboard Shortcuts" })).toBeVisible();
      await page.keyboard.press("Escape");
    }
  }

  // The toolbar: one row, each control named, the icon-only ones with a tooltip.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const toolbar = page.getByRole("toolbar", { name: "Transcript tools" });
    await expect(toolbar).toBeVisible();
    await expect.poll(() => toolbarRows(page), `toolbar rows at ${width} px`).toBe(1);
    const named = ["Previous match", "Next match", "Find and replace", "Previous low-confidence word", "Next low-confidence word"];
    // A phone's undo and redo are in the menu below.
    for (const name of width === 1280 ? [...named, "Undo", "Redo"] : named) {
      await expect(toolbar.getByRole("button", { name, exact: true })).toHaveAttribute("title", new RegExp(`^${name}`));
    }
    if (width === 1280) {
      await expect(toolbar.getByTestId("add-comment")).toHaveAccessibleName("Comment");
      await expect(toolbar.getByTestId("add-comment")).toHaveAttribute("title", /^Comment on the selected words/);
      await expect(toolbar.getByTestId("add-highlight")).toHaveAccessibleName("Highlight");
      await snap(page, "45-toolbar-1280");
    } else {
      // A phone's toolbar keeps the word actions, undo and redo in one menu.
      await toolbar.getByRole("button", { name: "More editing actions" }).click();
      for (const name of ["Comment on the selected words", "Highlight the selected words", "Undo", "Redo"]) {
        await expect(page.getByRole("menuitem", { name })).toBeVisible();
      }
      await page.keyboard.press("Escape");
      await snap(page, "46-toolbar-390");
    }
  }
});
