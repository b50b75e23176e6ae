import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { caretAt, openTranscript } from "./transcripts";

// Transcripts come from the fake OpenAI-compatible server: 6 utterances of 8 words;
// utterance 2 reads "about hiring plans…", utterance 4 "budget looks fine…".

/** The words of every utterance, as the server has them now. */
async function serverWords(page: Page): Promise<string[][]> {
  const token = await page.evaluate(() => localStorage.getItem("auth_token"));
  const fileId = page.url().split("/").pop()!;
  const res = await page.request.get(`/api/v1/transcripts/${fileId}/utterances`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { data: { transcriptWords: { text: string }[] }[] } };
  return body.data.data.map((u) => u.transcriptWords.map((w) => w.text));
}

/** Types `typed` after `word` in utterance i and waits until the edit is held as unsent. */
async function editOffline(page: Page, i: number, word: string, typed: string) {
  await caretAt(page, i, word);
  await page.keyboard.type(typed);
  await expect(page.getByTestId("save-status")).toHaveText(/Save Error/, { timeout: 5_000 });
}

test("two tabs of one file offline: closing one loses none of its edits", async ({ page, context }) => {
  await signIn(page, "Two Tabs Offline");
  await openTranscript(page, "tabs-offline.wav");
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId("utterance")).toHaveCount(6);
  await expect(other.getByTestId("save-status")).toHaveText(/Saved/);

  await context.setOffline(true);
  await editOffline(page, 2, "hiring", "s");
  await editOffline(other, 4, "budget", "s");
  // The other tab is closed while its edit is unsent (its warning is not asked for here).
  await other.close();
  await context.setOffline(false);

  // The tab left open sends its own edit and takes over the closed tab's.
  await expect
    .poll(() => serverWords(page), { timeout: 15_000 })
    .toEqual(expect.arrayContaining([expect.arrayContaining(["hirings"]), expect.arrayContaining(["budgets"])]));
  await expect(page.getByTestId("utterance-text").nth(4)).toContainText("budgets");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 10_000 });
  // Nothing is left waiting in this browser: a reload shows both and has nothing to send.
  await page.reload();
  await expect(page.getByTestId("utterance-text").nth(2)).toContainText("hirings");
  await expect(page.getByTestId("utterance-text").nth(4)).toContainText("budgets");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/);
});

test("closing a tab that holds unsent edits asks first; once saved it closes without asking", async ({ page, context }) => {
  await signIn(page, "Unsent Warning");
  await openTranscript(page, "unsent-warning.wav");
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });

  await context.setOffline(true);
  await editOffline(page, 2, "hiring", "s");
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toEqual(["beforeunload"]);
  // Dismissed: the tab stays, with its edit, and saves it once back online.
  expect(page.isClosed()).toBe(false);
  await context.setOffline(false);
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 10_000 });

  const closed = page.waitForEvent("close");
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(dialogs).toEqual(["beforeunload"]);
});
