import { expect, signIn, snap, test } from "./fixtures";
import { openTranscript } from "./transcripts";

test("rename a speaker everywhere, add and delete an empty one, undo the rename", async ({ page }) => {
  await signIn(page, "Tools");
  await openTranscript(page, "tools-speakers.wav");
  const panel = page.getByTestId("speakers");
  const cards = page.getByTestId("utterance-speaker");
  const first = (await cards.first().textContent())!;
  const theirs = await cards.evaluateAll((els, name) => els.filter((e) => e.textContent === name).length, first);

  await panel.getByRole("button", { name: first, exact: true }).click();
  const editor = panel.getByTestId("speaker-editor");
  await editor.getByLabel("Speaker name").fill("   ");
  await expect(editor.getByRole("button", { name: "Save" })).toBeDisabled();
  await editor.getByLabel("Speaker name").fill("Ada Lovelace");
  await editor.getByLabel("Role (optional)").fill("  Host ");
  await editor.getByLabel("Speaker name").press("Enter");
  await expect(panel.getByText("Ada Lovelace")).toBeVisible();
  await expect(panel.getByText("· Host")).toBeVisible();
  // Every card of that speaker shows the new name at once.
  await expect(cards.filter({ hasText: "Ada Lovelace" })).toHaveCount(theirs);
  await snap(page, "40-speaker-renamed");

  // Escape cancels an edit.
  await panel.getByRole("button", { name: /^Ada Lovelace/ }).click();
  await panel.getByLabel("Speaker name").fill("Nobody");
  await panel.getByLabel("Speaker name").press("Escape");
  await expect(panel.getByText("Nobody")).toHaveCount(0);

  // Add an empty speaker, then delete it.
  await panel.getByRole("button", { name: "+ Add speaker" }).click();
  await expect(page.getByText("Speaker 3 created successfully!")).toBeVisible();
  await panel.getByTestId("speaker-editor").getByLabel("Speaker name").press("Escape");
  // The toast sits over the sidebar's corner until it fades; the delete button shows on hover.
  await expect(page.getByText("Speaker 3 created successfully!")).toBeHidden();
  await panel.getByTestId("speaker-row").filter({ hasText: "Speaker 3" }).hover();
  await panel.getByRole("button", { name: "Delete Speaker 3" }).click();
  await expect(page.getByText("Speaker 3 deleted successfully")).toBeVisible();
  await expect(panel.getByTestId("speaker-row")).toHaveCount(2);
  // A speaker with utterances has no delete button.
  await expect(panel.getByRole("button", { name: /^Delete / })).toHaveCount(0);

  // Undo the deletion, the addition, then the rename with its role: the original name is back on every card.
  const undo = page.getByRole("button", { name: "Undo", exact: true });
  await undo.click();
  await expect(panel.getByTestId("speaker-row")).toHaveCount(3);
  await undo.click();
  await expect(panel.getByTestId("speaker-row")).toHaveCount(2);
  await undo.click();
  await expect(cards.filter({ hasText: first })).toHaveCount(theirs);
  await expect(panel.getByText("Ada Lovelace")).toHaveCount(0);
});

test("summary and notes save with Ctrl+Enter and are there after a reload", async ({ page }) => {
  await signIn(page, "Notes");
  await openTranscript(page, "tools-notes.wav");
  const summary = page.getByTestId("summary-editor");
  await summary.getByLabel("Summary").fill("  Budget review; hiring plans next.  ");
  await expect(summary.getByTestId("summary-state")).toHaveText("Unsaved changes");
  await summary.getByLabel("Summary").press("Control+Enter");
  await expect(summary.getByTestId("summary-state")).toHaveText("Saved");
  await expect(summary.getByLabel("Summary")).toHaveValue("Budget review; hiring plans next.");
  const notes = page.getByTestId("notes-editor");
  await notes.getByLabel("Notes").fill("Ask Ada about Q3.");
  await notes.getByLabel("Notes").press("Control+Enter");
  await expect(notes.getByTestId("notes-state")).toHaveText("Saved");
  await snap(page, "41-summary-notes");
  await page.reload();
  await expect(page.getByTestId("summary-editor").getByLabel("Summary")).toHaveValue("Budget review; hiring plans next.");
  await expect(page.getByTestId("notes-editor").getByLabel("Notes")).toHaveValue("Ask Ada about Q3.");
  await page.getByRole("button", { name: "Edit History" }).click();
  await expect(page.getByRole("dialog", { name: "Edit History" }).getByText("Edited notes")).toBeVisible();
});

test("a summary is generated after transcription, regenerated in another type, and undo brings the previous one back", async ({ page }) => {
  // Locally one consumer takes the queue's jobs one at a time: this summary may wait behind the
  // summary of an earlier test's 3-hour transcript.
  test.setTimeout(150_000);
  await signIn(page, "Summaries");
  await openTranscript(page, "tools-summary.wav");
  const editor = page.getByTestId("summary-editor");
  const text = editor.getByLabel("Summary");
  await expect(text).toHaveValue(/^Summary \(bullets\): Speaker 1: so the quarterly budget/, { timeout: 90_000 });
  await expect(editor.getByTestId("summary-origin")).toHaveText("Generated by fake-chat · Bullet points");
  const first = await text.inputValue();

  await editor.getByLabel("Generate as").selectOption("headline");
  await editor.getByRole("button", { name: "Regenerate" }).click();
  await expect(text).toHaveValue(/^Summary \(headline\): /, { timeout: 20_000 });
  await expect(editor.getByTestId("summary-origin")).toHaveText("Generated by fake-chat · Headline");
  await snap(page, "42-summary-regenerated");

  // The regenerated summary is an edit like any other: undo restores the one it replaced.
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(text).toHaveValue(first);
});
