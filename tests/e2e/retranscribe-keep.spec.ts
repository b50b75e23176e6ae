// Re-transcribing a corrected file keeps the correction (decision 017): the dialog
// says what will be kept, the speech server is really asked again (the fake server
// records every request), the corrected word is still there afterwards, the merge
// is one entry in the edit history, and one undo brings the previous transcript back.
import { expect, signIn, test } from "./fixtures";
import { openTranscript, utteranceText } from "./transcripts";

const fakeOpenAi = `http://127.0.0.1:${Number(process.env.FAKE_OPENAI_PORT ?? 8789)}`;
const received = async (file: string) =>
  ((await (await fetch(`${fakeOpenAi}/fake/received`)).json()) as { file: string }[]).filter((r) => r.file === file);

test("re-transcribe a corrected file and find the corrections still there; one undo brings back the previous transcript", async ({
  page,
}) => {
  await signIn(page, "Ada Retranscribe");
  const name = `retranscribe-${Date.now()}.wav`;
  await openTranscript(page, name);
  const texts = () => page.getByTestId("utterance-text").allTextContents();

  // Correct "budget" in the first utterance.
  await utteranceText(page, 0).evaluate((el) => {
    const span = [...el.querySelectorAll<HTMLElement>("[data-word-id]")].find((s) => s.textContent === "budget")!;
    (el as HTMLElement).focus();
    const range = document.createRange();
    range.selectNodeContents(span.firstChild!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  await page.keyboard.type("BudgetPro");
  await expect(utteranceText(page, 0)).toContainText("quarterly BudgetPro");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  const corrected = await texts();
  expect(await received(name)).toHaveLength(1);

  // The dialog says what is kept, and discarding is an explicit choice, off by default.
  await page.getByTestId("retranscribe-open").click();
  const dialog = page.getByRole("dialog", { name: "Re-transcribe" });
  await expect(dialog.getByTestId("retranscribe-corrections")).toContainText("Your 1 corrected utterance will be kept");
  await expect(dialog.getByLabel("Discard my corrections")).not.toBeChecked();
  await dialog.getByRole("button", { name: "Re-transcribe" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name}: Transcription completed`).last()).toBeVisible({ timeout: 30_000 });

  // The speech server was asked again, and the correction is still there, the rest as recognized.
  await expect.poll(async () => (await received(name)).length).toBe(2);
  await expect(utteranceText(page, 0)).toContainText("quarterly BudgetPro");
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  expect(await texts()).toEqual(corrected);

  await page.getByRole("button", { name: "Edit History" }).click();
  const history = page.getByRole("dialog", { name: "Edit History" });
  await expect(history.getByText("Re-transcribed with OpenAI-compatible server; kept 1 corrected utterance")).toBeVisible();
  await page.keyboard.press("Escape");

  // Undo the re-transcription (the transcript as it was), then the correction itself.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  await expect(utteranceText(page, 0)).toContainText("quarterly BudgetPro");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(utteranceText(page, 0)).toContainText("quarterly budget");
  await expect(utteranceText(page, 0)).not.toContainText("BudgetPro");
});
