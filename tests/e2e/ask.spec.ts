import { expect, signIn, snap, test } from "./fixtures";
import { caretAt, openTranscript, utteranceText as text } from "./transcripts";

// The fake speech server's transcript: 6 utterances of 8 words, 0.35 s a word and 0.4 s
// between utterances, so utterance i starts at i × 3.2 s. The fake chat model answers an ask
// request "Passage n: <its first words> [n]."; "ask-slow" sends a word every 300 ms.

test("asks about a file: the answer streams in, and its citation opens the words at their time", async ({ page }) => {
  await signIn(page, "Asker");
  await openTranscript(page, "ask.wav");
  await caretAt(page, 4, "looks");
  for (let i = 0; i < "looks".length; i++) await page.keyboard.press("Backspace");
  await page.keyboard.type("zeppelin");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });

  const box = page.getByTestId("ask-file");
  const answer = box.getByTestId("ask-answer");
  await box.getByLabel("Ask about this recording").fill("ask-slow: what did they say about the zeppelin?");
  await box.getByLabel("Ask about this recording").press("Enter");
  // Streaming: the Stop button stands in for Ask, and the text grows before it is complete.
  await expect(box.getByRole("button", { name: "Stop" })).toBeVisible();
  await expect(answer).toContainText("Passage 1:");
  await expect(answer).not.toContainText("[1]");
  await expect(box.getByRole("button", { name: "Ask" })).toBeVisible({ timeout: 10_000 });
  await expect(answer).toHaveText("Passage 1: budget zeppelin fine but we should talk about. [1].");
  await expect(page.getByTestId("ask-recent")).toContainText("ask-slow: what did they say about the zeppelin?");
  await snap(page, "65-ask-file");

  // Stop ends an answer being written; what came so far stays.
  await box.getByLabel("Ask about this recording").fill("ask-slow: where is the zeppelin?");
  await box.getByRole("button", { name: "Ask" }).click();
  await expect(answer).toContainText("Passage 1:");
  await box.getByRole("button", { name: "Stop" }).click();
  await expect(answer).toContainText("Stopped.");
  await expect(box.getByRole("button", { name: "Ask" })).toBeVisible();
  await box.getByLabel("Ask about this recording").fill("what did they say about the zeppelin?");
  await box.getByLabel("Ask about this recording").press("Enter");
  await expect(answer).toHaveText("Passage 1: budget zeppelin fine but we should talk about. [1].");

  await answer.getByRole("link", { name: "Source 1, at 0:12" }).click();
  await expect(text(page, 4)).toHaveAttribute("data-search-target", "true");
  await expect(text(page, 4)).toBeInViewport();
  const audio = page.locator("audio");
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeCloseTo(12.8, 1);
  const highlighted = await page.evaluate(() => {
    const highlight = CSS.highlights.get("library-hit");
    return highlight ? [...highlight].map((range) => range.toString()) : [];
  });
  expect(highlighted.join(" ")).toMatch(/^budget zeppelin fine but we should talk about/);

  // The whole library, from beside the files' search: a source names its file and opens it.
  await page.getByRole("button", { name: "Ask your library" }).click();
  const dialog = page.getByRole("dialog", { name: "Ask your library" });
  await dialog.getByLabel("Ask about every file in this workspace").fill("Where is the zeppelin?");
  await dialog.getByRole("button", { name: "Ask" }).click();
  await expect(dialog.getByTestId("ask-answer")).toContainText("zeppelin");
  await dialog.getByText("Sources (1)").click();
  await snap(page, "66-ask-library");
  await dialog.getByRole("link", { name: "ask.wav · 0:12" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(text(page, 4)).toHaveAttribute("data-search-target", "true");
});
