import { expect, signIn, test } from "./fixtures";
import { openTranscript } from "./transcripts";

// A transcript's history keeps within a byte budget (decision 031): past it the oldest
// operations go, and the Edit History modal says so.

test("the Edit History modal says when older changes were dropped to save space", async ({ page }) => {
  const { token } = await signIn(page, "Historian");
  await openTranscript(page, "history-budget.wav");
  const fileId = page.url().split("/").pop()!;
  const headers = { Authorization: `Bearer ${token}` };
  const res = await page.request.get(`/api/v1/transcripts/${fileId}/utterances`, { headers });
  const first = ((await res.json()) as { data: { data: { id: string }[] } }).data.data[0]!;

  // Four edits of 5,000 words of 100 characters each: past a transcript's budget of history.
  for (let round = 0; round < 4; round++) {
    const words = Array.from({ length: 5_000 }, (_, i) => ({
      id: `r${round}w${i}`,
      text: `${round}-${i}-`.padEnd(100, "abcdefghij"),
      start_time: i * 0.0002,
      end_time: i * 0.0002 + 0.0001,
      confidence_score: 0.9,
    }));
    const edit = await page.request.patch(`/api/v1/transcripts/${fileId}/utterances/${first.id}/update_words`, {
      headers,
      data: { words },
    });
    expect(edit.status()).toBe(200);
  }

  await page.getByRole("button", { name: "Edit History" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit History" });
  await expect(dialog.getByTestId("history-truncated")).toHaveText("Older changes were dropped to save space.");
  const kept = await dialog.getByTestId("history-list").getByRole("listitem").count();
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(4);
  await expect(dialog.getByRole("button", { name: "Undo" })).toBeEnabled();
});
