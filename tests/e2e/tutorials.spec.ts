// The guided tutorials (docs/product.md#tutorials-and-shortcuts) and the Keyboard Shortcuts modal: each
// tutorial starts on its own rule, its keys work, and what was shown is remembered.
import { expect, signIn, snap, test } from "./fixtures";
import { sineWav } from "./media";
import { openTranscript } from "./transcripts";

test("empty dashboard → transcript editing → tools, with their keys, remembered after a reload", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "Newcomer", { tutorials: true });
  await page.goto("/dashboard");
  const tutorial = page.getByTestId("tutorial");
  const card = tutorial.getByRole("dialog");

  // No files: the dashboard tutorial after 1 s, pointing at the upload area.
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "empty-dashboard", { timeout: 5_000 });
  await expect(card.getByRole("heading")).toHaveText("Upload a recording");
  await snap(page, "60-tutorial-dashboard");
  await page.keyboard.press("ArrowRight");
  await expect(card.getByRole("heading")).toHaveText("Keep things in folders");
  await page.keyboard.press("ArrowLeft");
  await expect(card.getByRole("heading")).toHaveText("Upload a recording");
  await page.keyboard.press("Escape");
  await expect(tutorial).toHaveCount(0);

  // A transcript opens: the editing tutorial 1.5 s after its utterances load.
  await openTranscript(page, "tutorial.wav");
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "transcript-editing", { timeout: 10_000 });
  await expect(card.getByRole("heading")).toHaveText("Correct words in place");
  await expect(card.getByText("Step 1 of 7")).toBeVisible();
  for (let i = 0; i < 7; i++) await card.getByRole("button", { name: /^(Next|Got it!)$/ }).click();
  await expect(tutorial).toHaveCount(0);

  // Now the help button is there, and the tools tutorial starts when the tools are scrolled.
  await expect(page.getByTestId("help-button")).toBeVisible();
  await page.locator(".sidebar--tools .sidebar-scroll").evaluate((el) => el.scrollBy(0, 200));
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "transcript-tools", { timeout: 5_000 });
  await card.getByRole("button", { name: "Skip all tutorials" }).click();
  await expect(tutorial).toHaveCount(0);

  // Remembered: after a reload none comes back.
  await page.reload();
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  await page.waitForTimeout(2_500);
  await expect(tutorial).toHaveCount(0);
});

test("a file without a transcript starts the media player tutorial; Enter and arrows step, the last step reads Got it!", async ({
  page,
}) => {
  await signIn(page, "Listener", { tutorials: true });
  await page.goto("/dashboard");
  const tutorial = page.getByTestId("tutorial");
  const card = tutorial.getByRole("dialog");
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "empty-dashboard", { timeout: 5_000 });
  await page.keyboard.press("Escape");
  await expect(tutorial).toHaveCount(0);

  // The speech server holds this one: it stays processing, with no transcript.
  await page.getByTestId("upload-input").setInputFiles({ name: "player-hold.wav", mimeType: "audio/wav", buffer: sineWav(5) });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: "player-hold.wav", exact: true }).click();
  await expect(tutorial).toHaveAttribute("data-tutorial-id", "media-player", { timeout: 5_000 });
  await expect(card.getByRole("heading")).toHaveText("Play the recording");
  await page.keyboard.press("ArrowLeft");
  await expect(card.getByRole("heading")).toHaveText("Play the recording");
  await page.keyboard.press("Enter");
  await expect(card.getByRole("heading")).toHaveText("Jump back and forth");
  await page.keyboard.press("ArrowRight");
  await expect(card.getByRole("heading")).toHaveText("Listen faster or slower");
  await snap(page, "62-tutorial-player");
  await card.getByRole("button", { name: "Got it!" }).click();
  await expect(tutorial).toHaveCount(0);

  // Shown once: opening the file again does not start it.
  await page.reload();
  await expect(page.getByTestId("status-badge")).toBeVisible();
  await page.waitForTimeout(2_000);
  await expect(tutorial).toHaveCount(0);
});

test("the Keyboard Shortcuts modal lists the keys the app really has, with this platform's modifier", async ({ page }) => {
  await signIn(page, "Shortcut Reader");
  await openTranscript(page, "shortcuts.wav");
  await page.getByTestId("help-button").click();
  const modal = page.getByRole("dialog", { name: "Keyboard Shortcuts" });
  await expect(modal).toBeVisible();
  for (const group of ["Player", "Transcript editor", "Search", "Transcript tools", "Dialogs"]) {
    await expect(modal.getByRole("heading", { name: group })).toBeVisible();
  }
  const mod = process.platform === "darwin" ? "⌘" : "Ctrl+";
  await expect(modal.getByRole("row", { name: /^Undo/ })).toContainText(`${mod}Z`);
  await expect(modal.getByRole("row", { name: /Back 10 seconds/ })).toContainText("←");
  await snap(page, "61-shortcuts");
  // Escape, as listed, closes it.
  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);

  // A listed key does what it says: → skips the player forward 10 seconds.
  const audio = page.locator("audio");
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThan(0);
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => Math.round(el.currentTime))).toBe(10);
});
