// Tutorials over the rest of the page (docs/product.md): starting one closes
// an open modal, and its keys work wherever focus is, without the page's own
// handlers (the player's arrows, an utterance's Enter, the upload area's Enter) acting too.
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { sineWav } from "./media";
import { caretAt, selectWords, utteranceText } from "./transcripts";

/** Steps through the running tutorial: every card wholly inside the window, nothing scrolled (the page, the transcript, the sidebars). */
async function stepThrough(page: Page, width: number) {
  const tutorial = page.getByTestId("tutorial");
  const card = tutorial.getByRole("dialog");
  const scrolled = () =>
    page.evaluate(() =>
      [document.scrollingElement!, ...document.querySelectorAll(".workspace, .workspace-body, .workspace-main, .sidebar-scroll")].map(
        (el) => `${el.scrollTop},${el.scrollLeft}`,
      ),
    );
  const before = await scrolled();
  for (let i = 0; i < 8 && (await tutorial.count()); i++) {
    await expect(card).toBeInViewport({ ratio: 1 });
    const box = (await card.boundingBox())!;
    expect(box.y + box.height, `card's bottom at ${width} px`).toBeLessThanOrEqual(page.viewportSize()!.height);
    expect(box.x + box.width, `card's right at ${width} px`).toBeLessThanOrEqual(width);
    expect(await scrolled(), `scrolled by the tutorial at ${width} px`).toEqual(before);
    await page.keyboard.press("ArrowRight");
  }
  await expect(tutorial).toHaveCount(0);
}

test("a tutorial waits while the person types or has a dialog open, then starts and takes focus", async ({ page }) => {
  // Typing from the first frame (input events, as a text field sends): the 1 s tutorial cannot start under it.
  await page.addInitScript(() => {
    const timer = setInterval(() => document.dispatchEvent(new Event("input")), 250);
    (window as unknown as { stopTyping: () => void }).stopTyping = () => clearInterval(timer);
  });
  await signIn(page, "Modal Opener", { tutorials: true });
  await page.goto("/dashboard");
  await expect(page.getByTestId("empty-dashboard")).toBeVisible();
  const tutorial = page.getByTestId("tutorial");
  await page.waitForTimeout(2_000);
  await expect(tutorial).toHaveCount(0);

  // Typing stops, but a dialog is open: still not.
  await page.getByRole("button", { name: "Preferences" }).click();
  const preferences = page.getByRole("dialog", { name: "User Preferences" });
  await expect(preferences).toBeVisible();
  await page.evaluate(() => (window as unknown as { stopTyping: () => void }).stopTyping());
  await page.waitForTimeout(4_000);
  await expect(tutorial).toHaveCount(0);
  await expect(preferences).toBeVisible();

  // Closed: it starts, the only dialog, with focus on its Next.
  await page.keyboard.press("Escape");
  await expect(preferences).toHaveCount(0);
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "empty-dashboard", { timeout: 5_000 });
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await expect(tutorial.getByRole("button", { name: "Next" })).toBeFocused();
});

test("a tutorial waits while words are selected; its card is always whole on screen and the page never moves (1280x800 and 390 px)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "Word Picker", { tutorials: true });
  await page.goto("/dashboard");
  const tutorial = page.getByTestId("tutorial");
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "empty-dashboard", { timeout: 5_000 });
  await page.keyboard.press("Escape");
  await expect(tutorial).toHaveCount(0);

  // Words selected for a comment as soon as the transcript shows: the editing tutorial waits for them.
  await page.getByTestId("upload-input").setInputFiles({ name: "picker.wav", mimeType: "audio/wav", buffer: sineWav(25) });
  await expect(page.getByText("picker.wav: Transcription completed")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: "picker.wav", exact: true }).click();
  await expect(page.getByTestId("utterance").first()).toBeVisible();
  await selectWords(page, 1, "fine", "talk");
  await page.waitForTimeout(3_000);
  await expect(tutorial).toHaveCount(0);
  await page.evaluate(() => getSelection()!.removeAllRanges());
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "transcript-editing", { timeout: 5_000 });

  await stepThrough(page, 1280);

  // The tools tutorial at 1280x800 (its last steps far down the sidebar), then both again on a phone.
  await page.locator(".sidebar--tools .sidebar-scroll").evaluate((el) => el.scrollBy(0, 200));
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "transcript-tools", { timeout: 5_000 });
  await stepThrough(page, 1280);
});

test("on a 390 px phone too, each tutorial's card is whole on screen and the page never moves", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "Phone Learner", { tutorials: true });
  await page.goto("/dashboard");
  const tutorial = page.getByTestId("tutorial");
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "empty-dashboard", { timeout: 5_000 });
  await stepThrough(page, 390);
  // The files open over the page on a phone.
  await page.getByRole("button", { name: "Toggle files sidebar" }).click();
  await page.getByTestId("upload-input").setInputFiles({ name: "phone-learner.wav", mimeType: "audio/wav", buffer: sineWav(25) });
  await expect(page.getByText("phone-learner.wav: Transcription completed")).toBeVisible({ timeout: 30_000 });
  // The file just uploaded opens by itself when it is ready (and the files close over it).
  await expect(page.getByTestId("utterance").first()).toBeVisible();
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "transcript-editing", { timeout: 10_000 });
  await stepThrough(page, 390);
});

test("dashboard and player tutorials: keys step wherever focus is, and the focused control does nothing else", async ({ page }) => {
  await signIn(page, "Key Presser", { tutorials: true });
  await page.goto("/dashboard");
  const tutorial = page.getByTestId("tutorial");
  const count = tutorial.locator(".tutorial-count");
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "empty-dashboard", { timeout: 5_000 });
  let chooserOpened = 0;
  page.on("filechooser", () => chooserOpened++);

  // Focus in a text field of the page: the arrows step, the field's caret and text stay.
  const search = page.getByRole("combobox", { name: "Search files, folders and transcripts" });
  await search.focus();
  await page.keyboard.press("ArrowRight");
  await expect(count).toHaveText("Step 2 of 3");
  await page.keyboard.press("ArrowLeft");
  await expect(count).toHaveText("Step 1 of 3");
  await expect(search).toHaveValue("");

  // Focus on the upload area: Enter is the tutorial's Next, not the area's "choose files".
  await page.getByTestId("upload-area").focus();
  await page.keyboard.press("Enter");
  await expect(count).toHaveText("Step 2 of 3");
  await page.waitForTimeout(300);
  expect(chooserOpened, "file chooser opened by the tutorial's Enter").toBe(0);
  await page.keyboard.press("Escape");
  await expect(tutorial).toHaveCount(0);

  // A file without a transcript (the speech server holds it): the media-player tutorial.
  await page.getByTestId("upload-input").setInputFiles({ name: "keys-hold.wav", mimeType: "audio/wav", buffer: sineWav(30) });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: "keys-hold.wav", exact: true }).click();
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "media-player", { timeout: 5_000 });
  const audio = page.locator("audio");
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThan(0);
  const position = () => audio.evaluate((el: HTMLAudioElement) => el.currentTime);

  // Focus in the player: → and ← are the tutorial's, the player does not skip.
  await page.getByTestId("media-player").getByRole("button", { name: "Play" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(count).toHaveText("Step 2 of 3");
  // Nothing focused: the same.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("ArrowRight");
  await expect(count).toHaveText("Step 3 of 3");
  await page.getByRole("combobox", { name: "Playback speed" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(count).toHaveText("Step 2 of 3");
  expect(await position(), "the player skipped under a tutorial key").toBe(0);
  await expect(page.getByRole("combobox", { name: "Playback speed" })).toHaveValue("1");
  await page.keyboard.press("Escape");
  await expect(tutorial).toHaveCount(0);

  // With no tutorial, the player's keys are its own again.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("ArrowRight");
  await expect.poll(position).toBe(10);
});

test("transcript editing: starts 1.5 s after the utterances show, Enter in an utterance steps without splitting it; help and tools tutorial wait their turn", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "Editor Newcomer", { tutorials: true });
  await page.goto("/dashboard");
  const tutorial = page.getByTestId("tutorial");
  const count = tutorial.locator(".tutorial-count");
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "empty-dashboard", { timeout: 5_000 });
  // docs/product.md#tutorials-and-shortcuts: the help button only once transcript-editing has been shown.
  await expect(page.getByTestId("help-button")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(tutorial).toHaveCount(0);
  await expect(page.getByTestId("help-button")).toHaveCount(0);

  // When the first utterance and the tutorial appear, timed in the page (a file that becomes ready opens by itself).
  await page.evaluate(() => {
    const times: Record<string, number> = {};
    (window as unknown as { __seen: Record<string, number> }).__seen = times;
    new MutationObserver(() => {
      if (!times.utterance && document.querySelector('[data-testid="utterance"]')) times.utterance = performance.now();
      if (!times.tutorial && document.querySelector('[data-testid="tutorial"]')) times.tutorial = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByTestId("upload-input").setInputFiles({ name: "newcomer.wav", mimeType: "audio/wav", buffer: sineWav(25) });
  await expect(page.getByText("newcomer.wav: Transcription completed")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: "newcomer.wav", exact: true }).click();
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "transcript-editing", { timeout: 10_000 });
  const seen = await page.evaluate(() => (window as unknown as { __seen: Record<string, number> }).__seen);
  const delay = seen.tutorial! - seen.utterance!;
  expect(delay, "transcript-editing start after the utterances showed (ms)").toBeGreaterThanOrEqual(1_450);
  expect(delay).toBeLessThan(3_000);
  await expect(page.getByTestId("help-button")).toHaveCount(0);

  // Caret inside an utterance: Enter and the arrows are the tutorial's; the utterance is not split, the text unchanged.
  const before = await utteranceText(page, 0).textContent();
  await caretAt(page, 0, before!.split(" ")[2]!);
  await page.keyboard.press("Enter");
  await expect(count).toHaveText("Step 2 of 7");
  await caretAt(page, 0, before!.split(" ")[2]!);
  await page.keyboard.press("ArrowRight");
  await expect(count).toHaveText("Step 3 of 7");
  await page.waitForTimeout(300);
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  await expect(utteranceText(page, 0)).toHaveText(before!);

  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  await expect(tutorial).toHaveCount(0);
  await expect(page.getByTestId("help-button")).toBeVisible();

  // The tools tutorial waits for a scroll of the tools sidebar.
  await page.waitForTimeout(1_500);
  await expect(tutorial).toHaveCount(0);
  await page.locator(".sidebar--tools .sidebar-scroll").evaluate((el) => el.scrollBy(0, 200));
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "transcript-tools", { timeout: 5_000 });
  await expect(page.getByTestId("help-button")).toHaveCount(0);
});
