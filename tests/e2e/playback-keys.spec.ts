import type { Locator, Page } from "@playwright/test";
import { expect, signIn, snap, test } from "./fixtures";
import { caretAt, openTranscript, utteranceText as text } from "./transcripts";

// Playback from the keyboard wherever the caret is (docs/product.md#tutorials-and-shortcuts): Alt+K
// plays or pauses, Alt+J/L step 5 s, Alt+,/. change speed, Alt+P plays from the word at the caret,
// Alt+G puts the caret on the playing word; resuming steps back 1 s.

const state = (audio: Locator) =>
  audio.evaluate((el: HTMLAudioElement) => ({ time: el.currentTime, paused: el.paused, rate: el.playbackRate }));

async function pauseAt(audio: Locator, time: number) {
  await audio.evaluate((el: HTMLAudioElement, t) => {
    el.pause();
    el.currentTime = t;
  }, time);
}

async function ready(page: Page) {
  const audio = page.locator("audio");
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThan(0);
  return audio;
}

test("play, pause, step, change speed and play from the caret while typing in an utterance", async ({ page }) => {
  await signIn(page, "Listener");
  await openTranscript(page, "keys-while-typing.wav");
  const audio = await ready(page);
  const before = await text(page, 0).textContent();

  await caretAt(page, 0, "budget");
  await page.keyboard.press("Alt+k");
  await expect.poll(async () => (await state(audio)).paused).toBe(false);
  await page.keyboard.press("Alt+k");
  await expect.poll(async () => (await state(audio)).paused).toBe(true);
  // The keys typed nothing and the caret stayed in the text.
  await expect(text(page, 0)).toHaveText(before!);
  await expect(text(page, 0)).toBeFocused();

  await pauseAt(audio, 12);
  await page.keyboard.press("Alt+j");
  expect((await state(audio)).time).toBeCloseTo(7, 1);
  await page.keyboard.press("Alt+l");
  await page.keyboard.press("Alt+l");
  expect((await state(audio)).time).toBeCloseTo(17, 1);

  await page.keyboard.press("Alt+.");
  expect((await state(audio)).rate).toBe(1.25);
  await expect(page.getByLabel("Playback speed")).toHaveValue("1.25");
  await page.keyboard.press("Alt+,");
  await page.keyboard.press("Alt+,");
  expect((await state(audio)).rate).toBe(0.75);
  await expect(page.getByLabel("Playback speed")).toHaveValue("0.75");

  // Resuming where it paused starts a second earlier (not after the position was moved: it starts where put).
  await pauseAt(audio, 10);
  await page.keyboard.press("Alt+k");
  await expect.poll(async () => (await state(audio)).paused).toBe(false);
  expect((await state(audio)).time).toBeGreaterThanOrEqual(10);
  await page.waitForTimeout(300);
  await page.keyboard.press("Alt+k");
  await expect.poll(async () => (await state(audio)).paused).toBe(true);
  const pausedAt = (await state(audio)).time;
  await page.keyboard.press("Alt+k");
  await expect.poll(async () => (await state(audio)).paused).toBe(false);
  expect((await state(audio)).time).toBeLessThan(pausedAt - 0.5);
  await page.keyboard.press("Alt+k");

  // Utterance 2 starts at 3.2 s; its 4th word 1.05 s later: Alt+P plays from there.
  const fourth = (await text(page, 1).locator("[data-word-id]").nth(3).textContent())!;
  await caretAt(page, 1, fourth);
  await page.keyboard.press("Alt+p");
  await expect.poll(async () => (await state(audio)).paused).toBe(false);
  const started = await state(audio);
  expect(started.time).toBeGreaterThanOrEqual(4.2);
  expect(started.time).toBeLessThan(5.5);
  await page.keyboard.press("Alt+k");
  await expect(text(page, 1)).toBeFocused();
  await expect(text(page, 0)).toHaveText(before!);
  await snap(page, "60-playback-keys");
});

test("the keys work in the search box, on the player's controls and on the page, and Alt+G brings the caret to the playing word", async ({
  page,
}) => {
  await signIn(page, "Searcher");
  await openTranscript(page, "keys-elsewhere.wav");
  const audio = await ready(page);

  const search = page.getByLabel("Search transcript");
  await search.fill("budget");
  await page.keyboard.press("Alt+k");
  await expect.poll(async () => (await state(audio)).paused).toBe(false);
  await page.keyboard.press("Alt+k");
  await expect.poll(async () => (await state(audio)).paused).toBe(true);
  await expect(search).toHaveValue("budget");
  await expect(search).toBeFocused();

  // On a control of the player: the key works and focus stays where it was (Tab still leaves the player).
  const speed = page.getByLabel("Playback speed");
  await speed.focus();
  await pauseAt(audio, 10);
  await page.keyboard.press("Alt+j");
  expect((await state(audio)).time).toBeCloseTo(5, 1);
  await expect(speed).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(speed).not.toBeFocused();

  // From the search box, the caret goes to the word playing at 4.3 s (utterance 2).
  await pauseAt(audio, 4.3);
  await expect(text(page, 1).locator(".word--playing")).toHaveCount(1);
  await search.focus();
  await page.keyboard.press("Alt+g");
  await expect(text(page, 1)).toBeFocused();

  // Outside text fields "?" opens the Keyboard Shortcuts list, which shows these keys.
  await page.getByRole("button", { name: "Play" }).focus();
  await page.keyboard.press("Shift+?");
  const shortcuts = page.getByRole("dialog", { name: "Keyboard Shortcuts" });
  await expect(shortcuts.getByRole("row", { name: /Play or pause, also while typing/ })).toContainText("Alt+K");
  await expect(shortcuts.getByRole("row", { name: /Move the cursor to the playing word/ })).toContainText("Alt+G");
  await snap(page, "62-shortcuts-playback-keys");
});

test("with pause-while-typing on (User Preferences), typing pauses playback and it resumes after the quiet time", async ({ page }) => {
  await signIn(page, "Typist");
  await openTranscript(page, "pause-while-typing.wav");
  const audio = await ready(page);

  await page.getByRole("button", { name: "Preferences" }).click();
  const dialog = page.getByRole("dialog", { name: "User Preferences" });
  await dialog.getByLabel("Pause while typing in the transcript").check();
  await dialog.getByLabel("Resume after typing stops for (seconds)").fill("0.5");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toHaveCount(0);

  await caretAt(page, 0, "budget");
  await page.keyboard.press("Alt+k");
  await expect.poll(async () => (await state(audio)).paused).toBe(false);
  await page.keyboard.type("s");
  expect((await state(audio)).paused).toBe(true);
  await expect.poll(async () => (await state(audio)).paused, { timeout: 3_000 }).toBe(false);
  await page.keyboard.press("Alt+k");

  // The preferences stay after a reload.
  await page.reload();
  await page.getByRole("button", { name: "Preferences" }).click();
  await expect(dialog.getByLabel("Pause while typing in the transcript")).toBeChecked();
  await expect(dialog.getByLabel("Resume after typing stops for (seconds)")).toHaveValue("0.5");
});
