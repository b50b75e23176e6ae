// Highlights in the browser (decision 047): words highlighted by key with a label and by the
// toolbar with a new label, the panel lists and filters them, the quote list downloads as TXT,
// and "share this moment" opens the shared page at the highlight, marked and playing from it.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { openTranscript, selectWords, utteranceText as text } from "./transcripts";

test.use({ reducedMotion: "reduce" });

const panel = (page: Page) => page.getByTestId("highlights-panel");
const items = (page: Page) => panel(page).getByTestId("highlight-item");

test("highlight words by key and toolbar, filter, export the quote list, share the moment", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, "Hana Highlights");
  await openTranscript(page, "highlights.wav");
  const [w0, w1] = await text(page, 2).locator("[data-word-id]").allTextContents();

  // The key asks for a label with the words quoted; the first label has focus and Enter picks it.
  await selectWords(page, 2, w0!, w1!);
  await page.keyboard.press("Alt+Shift+KeyH");
  const picker = panel(page).getByTestId("highlight-picker");
  await expect(picker).toContainText(`“${w0} ${w1}”`);
  await expect(picker.getByRole("button", { name: "quote" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(picker).toHaveCount(0);
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toContainText(`quote“${w0} ${w1}”`);
  await expect(text(page, 2).locator("[data-word-id]", { hasText: w0 }).first()).toHaveClass(/word--highlighted/);

  // The toolbar's button, with a new label typed in.
  await selectWords(page, 0, "quarterly", "budget");
  await page.getByTestId("add-highlight").click();
  await picker.getByLabel("New label").fill("Budget");
  await picker.getByLabel("New label").press("Enter");
  await expect(items(page)).toHaveCount(2);
  await expect(items(page).first()).toContainText("Budget“quarterly budget”");

  // Filter by label, and back to all.
  await panel(page).getByRole("button", { name: "Budget", exact: true }).click();
  await expect(items(page)).toHaveCount(1);
  await panel(page).getByRole("button", { name: "All", exact: true }).click();
  await expect(items(page)).toHaveCount(2);

  // The quote list: each quote with its speaker, time and file name, by label.
  const download = page.waitForEvent("download");
  await panel(page).getByRole("button", { name: "Export the quote list as TXT" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("highlights - highlights.txt");
  const list = await readFile((await file.path())!, "utf8");
  expect(list).toContain("Budget\n------\n\n“quarterly budget”\n— Speaker 1, 0:00:0");
  expect(list).toMatch(new RegExp(`quote\\n-----\\n\\n“${w0} ${w1}”\\n— Speaker \\d, 0:00:\\d\\d, highlights\\.wav\\n`));

  // Share this moment: a new link whose address opens the shared page at the highlight.
  await items(page)
    .nth(1)
    .getByRole("button", { name: /^Share the moment/ })
    .click();
  const dialog = page.getByRole("dialog", { name: /Share the moment at/ });
  await dialog.getByTestId("share-create").click();
  const url = await dialog.getByLabel("Link to this moment").inputValue();
  const start = Number(new URL(url).searchParams.get("t"));
  expect(start).toBeGreaterThan(0);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(url);
  await expect(visitor.getByTestId("utterance")).toHaveCount(6);
  const marked = visitor.locator(".word--highlighted");
  await expect(marked).toHaveText([w0!, w1!]);
  await expect(marked.first()).toBeInViewport();
  // Playing from the moment (this browser allows autoplay; others show a "Play from" button).
  await expect.poll(() => visitor.locator("audio").evaluate((a: HTMLAudioElement) => !a.paused)).toBe(true);
  const at = await visitor.locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime);
  expect(at).toBeGreaterThanOrEqual(start - 0.05);
  expect(at).toBeLessThan(start + 5);
  await visitor.context().close();
});
