import { readFileSync } from "node:fs";
import { expect, signIn, test } from "./fixtures";
import { caretAt, openTranscript } from "./transcripts";

// The fake speech server's transcript: 6 utterances of 8 words, utterance i at i × 3.2 s. The
// fake chat model answers a chapter every 3 utterances, titled by its first three words.

test("chapters: generate, go to one, rename, undo, and the TXT export lists them", async ({ page }) => {
  await signIn(page, "Chapters");
  await openTranscript(page, "chapters.wav");
  const panel = page.getByTestId("chapters-panel");
  await panel.getByRole("button", { name: "Generate chapters" }).click();
  const chapters = panel.getByTestId("chapter");
  await expect(chapters).toHaveCount(2, { timeout: 15_000 });
  await expect(chapters.nth(0)).toContainText("0:00 so the quarterly");
  await expect(chapters.nth(1)).toContainText("0:09 next review so");

  // Going to a chapter plays from there and marks it as the one playing.
  await panel.getByRole("button", { name: "next review so, at 0:09" }).click();
  const audio = page.locator("audio");
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeCloseTo(9.6, 1);
  await expect(chapters.nth(1)).toHaveAttribute("aria-current", "true");

  await panel.getByRole("button", { name: "Rename chapter next review so" }).click();
  await panel.getByLabel("Chapter title").fill("Next review");
  await panel.getByLabel("Chapter title").press("Enter");
  await expect(chapters.nth(1)).toContainText("0:09 Next review");

  // The editor's undo takes the rename back.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(chapters.nth(1)).toContainText("0:09 next review so");

  const download = page.waitForEvent("download");
  await page.getByTestId("export-options").getByTestId("export-txt").click();
  const txt = readFileSync((await (await download).path())!, "utf8");
  expect(txt).toMatch(/0:00 so the quarterly\s+0:09 next review so/);
});

test("the first Add chapter here puts the chapter at the caret, with a beginning chapter before it", async ({ page }) => {
  await signIn(page, "Chapter Caret");
  // The caret goes into the fourth utterance (0:09) at once, before the Tools sidebar is drawn.
  await openTranscript(page, "chapter-caret.wav");
  await caretAt(page, 3, "review");
  const panel = page.getByTestId("chapters-panel");
  await panel.getByRole("button", { name: "Add chapter here" }).click();
  const chapters = panel.getByTestId("chapter");
  // Chapters cover the recording: a beginning one, and the new one at the caret's word ("review",
  // 9.6 s + one word), not at the start of the recording.
  await expect(chapters).toHaveCount(2);
  await expect(chapters.nth(0)).toContainText("0:00 Beginning");
  await expect(chapters.nth(1)).toContainText(/0:(09|10) New chapter/);
});

test("the transcript shows where each chapter starts, with its title", async ({ page }) => {
  await signIn(page, "Chapter Marks");
  await openTranscript(page, "chapter-marks.wav");
  await expect(page.getByTestId("chapter-marker")).toHaveCount(0);
  await caretAt(page, 3, "review");
  const panel = page.getByTestId("chapters-panel");
  await panel.getByRole("button", { name: "Add chapter here" }).click();
  await expect(panel.getByTestId("chapter")).toHaveCount(2);
  // One marker before the first utterance (Beginning), one before the utterance the new chapter starts in.
  const cards = page.getByTestId("utterance");
  await expect(cards.nth(0).getByTestId("chapter-marker")).toHaveText("Chapter: Beginning");
  await expect(cards.nth(3).getByTestId("chapter-marker")).toHaveText("Chapter: New chapter");
  await expect(page.getByRole("heading", { name: "Chapter: New chapter" })).toBeVisible();
  await expect(page.getByTestId("chapter-marker")).toHaveCount(2);
  // The marker is outside the words: the utterance's text is unchanged.
  await expect(page.getByTestId("utterance-text").nth(3)).not.toContainText("New chapter");
});
