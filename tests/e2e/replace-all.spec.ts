import type { Page } from "@playwright/test";
import { expect, signIn, snap, test } from "./fixtures";
import { openTranscript, utteranceText as text } from "./transcripts";

// The generated transcript (tests/support/fake-openai.ts): "budget" is in utterances 0, 3 and 4;
// "fine" in utterances 0, 1, 3 and 4.

interface ServerUtterance {
  transcriptWords: { id: string; text: string; startTime: number; endTime: number }[];
}

async function api(page: Page, path: string): Promise<unknown> {
  const token = await page.evaluate(() => localStorage.getItem("auth_token"));
  const fileId = page.url().split("/").pop()!;
  const res = await page.request.get(`/api/v1/transcripts/${fileId}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
}

const serverUtterances = async (page: Page) => ((await api(page, "/utterances")) as { data: ServerUtterance[] }).data;
const wordsNamed = (list: ServerUtterance[], word: string) => list.flatMap((u) => u.transcriptWords.filter((w) => w.text === word));

test("find and replace from the keyboard: replace one match, replace all, then one undo brings every match back", async ({ page }) => {
  await signIn(page, "Replacer");
  await openTranscript(page, "replace.wav");
  const before = await serverUtterances(page);
  const budgets = wordsNamed(before, "budget");
  expect(budgets).toHaveLength(3);

  const search = page.getByRole("searchbox", { name: "Search transcript" });
  await search.focus();
  await page.keyboard.type("fine");
  await expect(page.getByTestId("search-count")).toHaveText("1 of 4");
  // The replace field opens from its button (Enter on it) and takes the focus from the keyboard.
  const toggle = page.getByRole("button", { name: "Find and replace" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Replace with" })).toBeFocused();
  await page.keyboard.type("good");
  // Enter replaces the current match only and moves on.
  await page.keyboard.press("Enter");
  await expect(text(page, 0)).toHaveText("so the quarterly budget looks good but we.");
  await expect(text(page, 1)).toHaveText(/^fine but we/);
  await expect(page.getByTestId("search-count")).toHaveText("1 of 3");

  // Replace all: Ctrl+Enter in the replace field, with whole words.
  await search.fill("budget");
  await expect(page.getByTestId("search-count")).toHaveText("1 of 3");
  await page.getByRole("checkbox", { name: "Whole word" }).check();
  await page.getByRole("textbox", { name: "Replace with" }).fill("forecast");
  await page.getByRole("textbox", { name: "Replace with" }).focus();
  await page.keyboard.press("Control+Enter");
  await expect(page.getByText("Replaced 3 matches")).toBeVisible();
  await expect(page.getByTestId("search-count")).toHaveText("0 of 0");
  for (const i of [0, 3, 4]) await expect(text(page, i)).toContainText("forecast");
  await expect(page.getByTestId("transcript")).not.toContainText("budget");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/);
  await snap(page, "replace-all");

  // On the server: one word for one word, each keeps its id and times; one history entry.
  const after = await serverUtterances(page);
  expect(wordsNamed(after, "budget")).toEqual([]);
  const timing = ({ id, startTime, endTime }: { id: string; startTime: number; endTime: number }) => ({ id, startTime, endTime });
  expect(wordsNamed(after, "forecast").map(timing)).toEqual(budgets.map(timing));
  await expect
    .poll(async () => ((await api(page, "/edit-history")) as { operations: { summary: string }[] }).operations.map((o) => o.summary))
    .toEqual(['Edited "fine" → "good"', 'Replaced "budget" with "forecast" (3×)']);

  // One undo, from the keyboard on the toolbar's Undo button, reverts the whole replacement.
  const undoButton = page.getByRole("button", { name: "Undo" });
  await expect(undoButton).toBeEnabled();
  await undoButton.focus();
  await page.keyboard.press("Enter");
  for (const i of [0, 3, 4]) await expect(text(page, i)).toContainText("budget");
  await expect(page.getByTestId("transcript")).not.toContainText("forecast");
  await expect(text(page, 0)).toHaveText("so the quarterly budget looks good but we.");
  await expect(page.getByTestId("search-count")).toHaveText("1 of 3");
  await expect.poll(async () => wordsNamed(await serverUtterances(page), "budget")).toEqual(budgets);
});
