import { readFileSync } from "node:fs";
import { expect, signIn, snap, test } from "./fixtures";
import { caretAt, openTranscript } from "./transcripts";

// The fake speech server's transcript: 6 utterances of 8 words, 0.35 s a word; the first says
// "so the quarterly budget looks fine but we". The fake chat model translates into Spanish
// word by word from a small map ("[es]word" for a word it lacks).

test("translates into Spanish, shows it beside the utterances, updates an edited one, exports Spanish subtitles", async ({ page }) => {
  await signIn(page, "Translator");
  await openTranscript(page, "translate.wav");
  const panel = page.getByTestId("translations");
  await panel.getByLabel("Translate into").selectOption("es");
  await panel.getByRole("button", { name: "Translate" }).click();
  const row = panel.getByTestId("translation-row").filter({ hasText: "Spanish" });
  await expect(row.getByTestId("translation-status")).toHaveText("Translated", { timeout: 20_000 });

  await row.getByLabel("Show beside the transcript: Spanish").check();
  const translations = page.getByTestId("utterance-translation");
  await expect(translations).toHaveCount(6);
  await expect(translations.first()).toHaveAttribute("lang", "es");
  await expect(translations.first()).toContainText("así el trimestral presupuesto parece bien pero nosotros");
  await snap(page, "70-translation-side-by-side");

  // An edit makes its translation stale; updating translates that one again.
  await caretAt(page, 0, "fine");
  await page.keyboard.type("ly");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  await expect(translations.first()).toContainText("Changed since translated");
  await row.getByRole("button", { name: "Update 1 changed utterance" }).click();
  await expect(translations.first()).toContainText("[es]finely", { timeout: 20_000 });
  await expect(translations.first()).not.toContainText("Changed since translated");

  // Subtitles in Spanish with the utterances' own times.
  const exportsPanel = page.getByTestId("export-options");
  await exportsPanel.getByLabel("Language").selectOption("es");
  const download = page.waitForEvent("download");
  await exportsPanel.getByTestId("export-srt").click();
  const srt = await download;
  expect(srt.suggestedFilename()).toBe("translate.es.srt");
  const text = readFileSync((await srt.path())!, "utf8");
  expect(text).toMatch(/^1\n00:00:00,000 --> 00:00:02,750\n/);
  expect(text.replace(/\s+/g, " ")).toContain("así el trimestral presupuesto parece [es]finely pero nosotros");
  expect(text.match(/ --> /g)).toHaveLength(6);
});
