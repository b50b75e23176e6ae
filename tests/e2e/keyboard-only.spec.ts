import type { Locator, Page } from "@playwright/test";
import { expect, signIn, snap, test } from "./fixtures";
import { sineWav } from "./media";
import { utteranceText as text } from "./transcripts";

// A transcript corrected without the mouse (docs/product.md#keyboard-and-screen-readers): open the
// file from the folder tree, correct a word, play, pause and rewind from the text, replace a word
// everywhere, and give all of one speaker's utterances to the other — every step by key presses.

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/**
 * Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. With nothing
 * focused Tab plays or pauses (docs/product.md), so focus enters the page with Shift+Tab first.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 300 } = {}) {
  if (await page.evaluate(() => document.activeElement === document.body || !document.activeElement)) {
    await page.keyboard.press("Shift+Tab");
  }
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

const media = (page: Page) => page.locator("audio");
const playback = (page: Page) => media(page).evaluate((el: HTMLAudioElement) => ({ time: el.currentTime, paused: el.paused }));

test("a transcript corrected with the keyboard alone: open, correct, play, pause, rewind, replace all and merge speakers", async ({
  page,
}) => {
  await signIn(page, "Keyboard Only");
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  // Choosing the file is the operating system's dialog; everything after it is keys.
  await page.getByTestId("upload-input").setInputFiles({ name: "keys-only.wav", mimeType: "audio/wav", buffer: sineWav(25) });
  await expect(page.getByText("keys-only.wav: Transcription completed")).toBeVisible({ timeout: 30_000 });

  // The folder tree is one Tab stop; the arrows reach the file and Enter opens it.
  const tree = page.getByRole("tree", { name: "Folders and files" });
  // The page opened the ready file; the tree is before the transcript, so Shift+Tab goes back to it.
  await tabTo(page, tree, { back: true });
  const fileRow = tree.getByRole("treeitem", { name: "keys-only.wav" });
  for (let i = 0; i < 10 && !(await isFocused(fileRow)); i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/);

  // Correct a word: Tab into the first utterance, select its last word and type over it.
  await tabTo(page, text(page, 0));
  const lastWord = (await text(page, 0).locator("[data-word-id]").last().textContent())!;
  const rest = (await text(page, 0).textContent())!.slice(0, -lastWord.length);
  await page.keyboard.press("End");
  for (let i = 0; i < lastWord.length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.keyboard.type("together");
  await expect(text(page, 0)).toHaveText(`${rest}together`);
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });

  // Play, pause and step back from inside the text; the caret stays where it was.
  await expect.poll(() => media(page).evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThan(0);
  expect((await playback(page)).paused).toBe(true);
  await page.keyboard.press("Alt+k");
  await expect.poll(async () => (await playback(page)).paused).toBe(false);
  await page.waitForTimeout(400);
  await page.keyboard.press("Alt+k");
  await expect.poll(async () => (await playback(page)).paused).toBe(true);
  await page.keyboard.press("Alt+l");
  await page.keyboard.press("Alt+l");
  const forward = (await playback(page)).time;
  expect(forward).toBeGreaterThanOrEqual(10);
  await page.keyboard.press("Alt+j");
  expect((await playback(page)).time).toBeCloseTo(forward - 5, 1);
  await expect(text(page, 0)).toBeFocused();

  // Replace all: back to the search box, open the replace field, Ctrl+Enter replaces every match.
  const search = page.getByRole("searchbox", { name: "Search transcript" });
  await tabTo(page, search, { back: true });
  await page.keyboard.type("budget");
  await expect(page.getByTestId("search-count")).toHaveText("1 of 3");
  const toggle = page.getByRole("button", { name: "Find and replace" });
  await tabTo(page, toggle);
  await page.keyboard.press("Enter");
  const replaceField = page.getByRole("textbox", { name: "Replace with" });
  await tabTo(page, replaceField);
  await page.keyboard.type("forecast");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByText("Replaced 3 matches")).toBeVisible();
  await expect(page.getByTestId("transcript")).not.toContainText("budget");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });

  // Merge speakers: the first utterance's speaker button opens the picker; the arrows reach
  // "Change all of … utterances to…", Enter, then the other speaker, Enter.
  const chips = page.getByTestId("utterance-speaker");
  const first = (await chips.nth(0).textContent())!;
  const second = (await chips.nth(1).textContent())!;
  await tabTo(page, chips.nth(0));
  await page.keyboard.press("Enter");
  const picker = page.getByTestId("speaker-picker");
  const changeAll = picker.getByRole("option", { name: `Change all of ${first}'s utterances to…` });
  await page.keyboard.press("End");
  await expect(changeAll).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(picker.getByRole("option", { name: second })).toBeFocused();
  await page.keyboard.press("Enter");
  for (let i = 0; i < 6; i++) await expect(chips.nth(i)).toHaveText(second);
  await expect(page.getByTestId("speaker-row")).toHaveCount(1);
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  await snap(page, "keyboard-only");

  // Everything reached the server: read back after a reload.
  await page.reload();
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  await expect(text(page, 0)).toContainText("together");
  await expect(page.getByTestId("transcript")).toContainText("forecast");
  for (let i = 0; i < 6; i++) await expect(chips.nth(i)).toHaveText(second);
});
