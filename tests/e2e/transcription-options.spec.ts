// Options per transcription, end to end: the upload area's Options step (saved as the
// user's defaults), what the speech server really received (the fake server records
// every request), Transcript Details showing the options and the detected language, and
// a Re-transcribe… with other options.
import { expect, signIn, test } from "./fixtures";
import { sineWav } from "./media";

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
  await expect(panel.getByText("OpenAI-compatible server does not separate speakers")).toBeVisible();
  await panel.getByLabel("Language").selectOption("de");
  await panel.getByLabel("Vocabulary").fill("MoveFlow\nJane Doe");
  await panel.getByRole("button", { name: "Save options" }).click();
  await expect(page.getByTestId("upload-options-summary")).toHaveText("German · 2 terms · Speakers: detected");

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
