// Redaction in the browser (decision 058): selected words redacted by key with the dialog's
// warning, the marker shown at once and after a reload, the history's "Redacted" entry, and a
// term redacted everywhere from "Find what to redact" opened by the context menu.
import { expect, signIn, test } from "./fixtures";
import { openTranscript, selectWords, utteranceText as text } from "./transcripts";

test.use({ reducedMotion: "reduce" });

test("redact selected words by key, then a term everywhere from the finder", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "Rhea Redacts");
  await openTranscript(page, "redaction.wav");

  // The key asks first, quoting the words and saying it cannot be undone.
  await selectWords(page, 0, "quarterly", "budget");
  await page.keyboard.press("Alt+Shift+KeyR");
  const dialog = page.getByRole("dialog", { name: "Redact words" });
  await expect(dialog.getByTestId("redaction-quote")).toHaveText("quarterly budget");
  await expect(dialog).toContainText("This cannot be undone.");
  await dialog.getByRole("radio", { name: "[Number]" }).check();
  await dialog.getByRole("button", { name: "Redact", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(text(page, 0)).toHaveText("so the [Number] looks fine but we.");
  // The recording is rewritten (a WAV) and the player follows it to the new object.
  await expect.poll(async () => (await page.locator("audio").getAttribute("src")) ?? "", { timeout: 30_000 }).toContain("redacted-");

  // The server has it: after a reload, and in the edit history.
  await page.reload();
  await expect(text(page, 0)).toHaveText("so the [Number] looks fine but we.");
  await page.getByRole("button", { name: "Edit History" }).click();
  await expect(page.getByRole("dialog", { name: "Edit History" })).toContainText("Redacted [Number]");
  await page.keyboard.press("Escape");

  // Find what to redact, from the context menu: a typed term, every occurrence at once.
  const before = (await page.getByTestId("utterance-text").allTextContents()).join(" ").split("hiring").length - 1;
  expect(before).toBeGreaterThan(1);
  await text(page, 1).locator("[data-word-id]", { hasText: "talk" }).click({ button: "right" });
  await page.getByRole("menuitem", { name: "Find what to redact…" }).click();
  const finder = page.getByRole("dialog", { name: "Find what to redact" });
  await finder.getByRole("radio", { name: "[Other]" }).check();
  await finder.getByPlaceholder("A name, a number, a phrase").fill("hiring");
  await finder.getByRole("button", { name: "Redact", exact: true }).click();
  await expect(page.getByText(`Redacted ${before} places`)).toBeVisible();
  await page.keyboard.press("Escape");
  const all = async () => (await page.getByTestId("utterance-text").allTextContents()).join(" ");
  await expect.poll(async () => (await all()).split("[Other]").length - 1).toBe(before);
  expect(await all()).not.toContain("hiring");
});
