// Options per transcription, end to end: the upload area's Options step (saved as the
// user's defaults), what the speech server really received (the fake server records
// every request), Transcript Details showing the options and the detected language, and
// a Re-transcribe… with other options; and a correction made twice offered as a term.
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { sineWav } from "./media";
import { openTranscript, utteranceText } from "./transcripts";

const fakeOpenAi = `http://127.0.0.1:${Number(process.env.FAKE_OPENAI_PORT ?? 8789)}`;
type Received = { file: string; model: string | null; language: string | null; prompt: string | null };
const received = async (file: string) =>
  ((await (await fetch(`${fakeOpenAi}/fake/received`)).json()) as Received[]).filter((r) => r.file === file);

test("upload with a language and two terms, see them in Transcript Details, re-transcribe with another language", async ({ page }) => {
  await signIn(page, "Ada Options");
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");

  // The Options step offers what the active service (OpenAI-compatible) can take.
  await page.getByTestId("upload-options-toggle").click();
  const panel = page.getByRole("region", { name: "Transcription options" });
  // It has no speaker parameter, but keeps the speakers a server marks (the fake one marks two).
  await expect(panel.getByTestId("speakers-note")).toHaveText(
    "OpenAI-compatible server cannot be told about speakers: the transcript keeps the speakers the server marks on its segments, and gives every utterance one speaker only when it marks none.",
  );
  // Languages by their names in words, never a capitalised code.
  const language = panel.getByLabel("Language");
  await expect(language.locator('option[value="ba"]')).toHaveText("Bashkir (ba)");
  await expect(language.locator('option[value="bo"]')).toHaveText("Tibetan (bo)");
  const names = await language.locator("option").allTextContents();
  expect(names.filter((n) => /^(\w)(\w{1,2}) \(\1\2\)$/i.test(n) && n[0] === n[0]!.toUpperCase())).toEqual([]);
  await panel.getByLabel("Language").selectOption("de");
  await panel.getByLabel("Vocabulary").fill("MoveFlow\nJane Doe");
  await panel.getByRole("button", { name: "Save options" }).click();
  await expect(page.getByTestId("upload-options-summary")).toHaveText("German · 2 terms · Speakers: detected");
  // On a line of its own, not squeezed beside the links into a column of five lines.
  const line = await page.getByTestId("upload-options-summary").evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await page.getByTestId("upload-options-summary").boundingBox())!.height).toBeLessThanOrEqual(2 * line + 1);

  const name = `options-${Date.now()}.wav`;
  await page.getByTestId("upload-input").setInputFiles({ name, mimeType: "audio/wav", buffer: sineWav(5) });
  await expect(page.getByText(`${name}: Transcription completed`)).toBeVisible({ timeout: 30_000 });
  expect(await received(name)).toEqual([{ file: name, model: "whisper-1", language: "de", prompt: "MoveFlow, Jane Doe" }]);

  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name, exact: true }).click();
  const details = page.getByTestId("transcript-details");
  await expect(details.getByTestId("detail-language")).toHaveText("German (de)");
  await expect(details.getByTestId("detail-detected-language")).toHaveText("German");
  await expect(details.getByTestId("detail-vocabulary")).toHaveText("MoveFlow, Jane Doe");
  await expect(details.getByTestId("detail-speaker-hint")).toHaveText("Detected");

  // The saved options stay the defaults after a reload.
  await page.reload();
  await expect(page.getByTestId("upload-options-summary")).toHaveText("German · 2 terms · Speakers: detected");

  // Re-transcribe… starts from the file's options; French replaces German, the terms stay.
  await page.getByTestId("retranscribe-open").click();
  const dialog = page.getByRole("dialog", { name: "Re-transcribe" });
  await expect(dialog.getByLabel("Vocabulary")).toHaveValue("MoveFlow\nJane Doe");
  await dialog.getByLabel("Language").selectOption("fr");
  await dialog.getByRole("button", { name: "Re-transcribe" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name}: Transcription completed`).last()).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await received(name)).map((r) => r.language)).toEqual(["de", "fr"]);
  expect((await received(name))[1]).toMatchObject({ prompt: "MoveFlow, Jane Doe" });
  await expect(details.getByTestId("detail-language")).toHaveText("French (fr)");
  await expect(details.getByTestId("detail-detected-language")).toHaveText("French");
});

/** Selects the first occurrence of `word` in utterance i, so typing replaces it. */
async function selectWord(page: Page, i: number, word: string) {
  await utteranceText(page, i).evaluate((el, word) => {
    const span = [...el.querySelectorAll<HTMLElement>("[data-word-id]")].find((s) => s.textContent === word)!;
    (el as HTMLElement).focus();
    const range = document.createRange();
    range.selectNodeContents(span.firstChild!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  }, word);
}

test("a word corrected the same way twice is offered as a vocabulary term, and accepted it is in the vocabulary", async ({ page }) => {
  await signIn(page, "Grace Vocabulary");
  await openTranscript(page, `vocab-${Date.now()}.wav`);
  await expect(utteranceText(page, 0)).toContainText("quarterly budget");
  await expect(utteranceText(page, 3)).toContainText("quarterly budget");

  await selectWord(page, 0, "budget");
  await page.keyboard.type("BudgetPro");
  await expect(utteranceText(page, 0)).toContainText("quarterly BudgetPro");
  // One correction is not yet a pattern.
  await expect(page.getByTestId("vocabulary-suggestion")).toHaveCount(0);

  await selectWord(page, 3, "budget");
  await page.keyboard.type("BudgetPro");
  const offer = page.getByTestId("vocabulary-suggestion");
  await expect(offer).toContainText("Add “BudgetPro” to your vocabulary?");
  // The offer never takes the caret from the transcript.
  await expect(utteranceText(page, 3)).toBeFocused();
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/);

  await offer.getByRole("button", { name: "Add to vocabulary" }).click();
  await expect(page.getByText('Added "BudgetPro" to your vocabulary')).toBeVisible();
  await expect(offer).toHaveCount(0);
  await page.getByRole("button", { name: "Preferences" }).click();
  await expect(page.getByRole("dialog", { name: "User Preferences" }).getByLabel("My vocabulary")).toHaveValue("BudgetPro");
});

test("a hint the service cannot use is said on the file, not silently dropped", async ({ page }) => {
  const session = await signIn(page, "Hint Unused");
  // A speaker count saved earlier (the form offers none for this service).
  const saved = await page.request.put("/api/v1/preferences", {
    headers: { authorization: `Bearer ${session.token}` },
    data: { preferences: { transcription: { defaults: { speakers: 3 } } } },
  });
  expect(saved.status()).toBe(200);
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  const name = `hint-${Date.now()}.wav`;
  await page.getByTestId("upload-input").setInputFiles({ name, mimeType: "audio/wav", buffer: sineWav(5) });
  await expect(page.getByText(`${name}: Transcription completed`)).toBeVisible({ timeout: 30_000 });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name, exact: true }).click();
  await expect(page.getByTestId("option-notices")).toContainText(
    "OpenAI-compatible server cannot be told about speakers; the hint of 3 speakers was not used.",
  );
  await expect(page.getByTestId("detail-speaker-hint")).toHaveText("3 speakers");
  // The notice does not disturb the view: one player.
  await expect(page.locator("audio")).toHaveCount(1);
});
