import { expect, signIn, snap, test } from "./fixtures";
import { sineWav } from "./media";
import { openTranscript } from "./transcripts";

// The fake speech server's transcript has two speakers taking turns over 6 utterances.

test("merge a speaker from the Speakers panel, undo brings it back, and the picker changes all of a speaker's utterances", async ({
  page,
}) => {
  await signIn(page, "Merger");
  await openTranscript(page, "merge-speakers.wav");
  const chips = page.getByTestId("utterance-speaker");
  const rows = page.getByTestId("speaker-row");
  await expect(rows).toHaveCount(2);
  const first = (await chips.nth(0).textContent())!;
  const second = (await chips.nth(1).textContent())!;
  expect(first).not.toBe(second);

  // The speaker's menu, from the keyboard: "Merge into <the other>".
  const menuButton = page.getByRole("button", { name: `Actions for ${first}` });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  const item = page.getByRole("menuitem", { name: `Merge into ${second}` });
  await item.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Merged ${first} into ${second}`)).toBeVisible();
  for (let i = 0; i < 6; i++) await expect(chips.nth(i)).toHaveText(second);
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("6 utterances");
  await snap(page, "60-speakers-merged");

  // One undo: the speaker and its utterances are back.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(chips.nth(0)).toHaveText(first);
  await expect(chips.nth(1)).toHaveText(second);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: first })).toContainText("3 utterances");

  // From an utterance's speaker picker: change all of the first speaker's utterances to the second.
  await chips.nth(0).click();
  const picker = page.getByTestId("speaker-picker");
  await picker.getByRole("option", { name: `Change all of ${first}'s utterances to…` }).click();
  await snap(page, "61-change-all-picker");
  await page
    .getByRole("listbox", { name: `Change all of ${first}'s utterances to…` })
    .getByRole("option", { name: second })
    .click();
  for (let i = 0; i < 6; i++) await expect(chips.nth(i)).toHaveText(second);
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  await expect(rows).toHaveCount(1);

  // It stays after a reload.
  await page.reload();
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  for (let i = 0; i < 6; i++) await expect(chips.nth(i)).toHaveText(second);
});

test("the tab title counts transcriptions finished while the tab was not focused", async ({ page }) => {
  await signIn(page, "Waiter");
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  const title = await page.title();
  // Headless pages always report focus: pretend the user is in another tab.
  await page.evaluate(() => {
    document.hasFocus = () => false;
  });
  await page.getByTestId("upload-input").setInputFiles({ name: "away.wav", mimeType: "audio/wav", buffer: sineWav(5) });
  await expect(page.getByText("away.wav: Transcription completed")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle(`(1) ${title}`);
  await page.evaluate(() => {
    document.hasFocus = () => true;
    window.dispatchEvent(new Event("focus"));
  });
  await expect(page).toHaveTitle(title);
});

test("renames a speaker where the name is shown: the transcript's speaker picker, saved for every utterance and the Tools sidebar", async ({
  page,
}) => {
  await signIn(page, "Renamer");
  await openTranscript(page, "rename-speaker.wav");
  const chips = page.getByTestId("utterance-speaker");
  const first = (await chips.nth(0).textContent())!;
  await chips.nth(0).click();
  await page.getByRole("option", { name: `Rename ${first}…` }).click();
  const field = page.getByTestId("speaker-picker").getByLabel("Speaker name");
  await expect(field).toHaveValue(first);
  // An empty name is refused in place, and nothing changes.
  await field.fill("   ");
  await field.press("Enter");
  await expect(page.getByTestId("speaker-picker").getByRole("alert")).toBeVisible();
  await field.fill("Ada Moderator");
  await field.press("Enter");
  await expect(page.getByTestId("speaker-picker")).toHaveCount(0);
  await expect(chips.nth(0)).toHaveText("Ada Moderator");
  await expect(chips.nth(2)).toHaveText("Ada Moderator");
  await expect(page.getByTestId("speaker-row").filter({ hasText: "Ada Moderator" })).toHaveCount(1);
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  await page.reload();
  await expect(chips.nth(0)).toHaveText("Ada Moderator");
});
