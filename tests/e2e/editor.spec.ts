import { expect, signIn, snap, test } from "./fixtures";
import { caretAt, openTranscript, utteranceText as text } from "./transcripts";

// Transcripts come from the fake OpenAI-compatible server: 6 utterances of 8
// words ("so the quarterly budget looks fine but we …"), two speakers, and
// every third utterance below 0.8 confidence.

test("click a word to seek, correct it, and find it after a reload with its times", async ({ page }) => {
  await signIn(page, "Editor");
  await openTranscript(page, "edit-words.wav");
  const audio = page.locator("audio");
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThan(0);

  // A word click moves the playback position to the word and pauses.
  await audio.evaluate((el: HTMLAudioElement) => el.play());
  const word = text(page, 1).locator("[data-word-id]").nth(3);
  await word.click();
  const position = await audio.evaluate((el: HTMLAudioElement) => ({ time: el.currentTime, paused: el.paused }));
  expect(position.paused).toBe(true);
  // Utterance 2 starts at 8 words × 0.35 s + 0.4 s = 3.2 s; its 4th word 1.05 s later.
  expect(position.time).toBeCloseTo(4.25, 1);

  // Type a correction: the status counts the pending save, then settles.
  await caretAt(page, 0, "quarterly");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("Y");
  await expect(page.getByTestId("save-status")).toHaveText(/Saving \(1\)/);
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  await snap(page, "30-editor-saved");

  await page.reload();
  await expect(text(page, 0)).toContainText("so the quarterlY budget");
  const times = await text(page, 0).evaluate((el) => el.querySelectorAll("[data-word-id]")[2]!.textContent);
  expect(times).toBe("quarterlY");
  // Its times are the original word's: clicking it seeks to 0.70 s.
  await text(page, 0).locator("[data-word-id]").nth(2).click();
  expect(await audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeCloseTo(0.7, 1);
});

test("Enter splits, Backspace at the start merges, a speaker changes, and undo/redo work from the toolbar and the modal", async ({
  page,
}) => {
  await signIn(page, "Splitter");
  await openTranscript(page, "split-merge.wav");
  const first = await text(page, 0).textContent();

  await caretAt(page, 0, "looks", "before");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("utterance")).toHaveCount(7);
  await expect(text(page, 1)).toHaveText(/^looks fine/);
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  await snap(page, "31-after-split");

  await caretAt(page, 1, "looks", "before");
  await page.keyboard.press("Backspace");
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  await expect(text(page, 0)).toHaveText(first!);
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });

  // Change the speaker of the second utterance to the first speaker.
  const speaker0 = await page.getByTestId("utterance-speaker").nth(0).textContent();
  await page.getByTestId("utterance-speaker").nth(1).click();
  await page.getByTestId("speaker-picker").getByRole("option", { name: speaker0! }).click();
  await expect(page.getByTestId("utterance-speaker").nth(1)).toHaveText(speaker0!);
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });

  // Undo the speaker change from the toolbar, then redo it.
  await expect(page.getByRole("button", { name: "Undo" })).toBeEnabled();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("utterance-speaker").nth(1)).not.toHaveText(speaker0!);
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(page.getByTestId("utterance-speaker").nth(1)).toHaveText(speaker0!);

  // The modal lists the operations and undoes the last two (speaker, merge): the split is back.
  await page.getByRole("button", { name: "Edit History" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit History" });
  await expect(dialog.getByTestId("history-list").getByRole("listitem")).toHaveCount(3);
  await expect(dialog.getByText("Current")).toBeVisible();
  await expect(dialog.getByTestId("history-count")).toHaveText("3 of 3 operations");
  await snap(page, "32-history-modal");
  await dialog.getByRole("button", { name: "Undo" }).click();
  await expect(dialog.getByTestId("history-count")).toHaveText("2 of 3 operations");
  await dialog.getByRole("button", { name: "Undo" }).click();
  await expect(dialog.getByTestId("history-count")).toHaveText("1 of 3 operations");
  await expect(page.getByTestId("utterance")).toHaveCount(7);
  await page.keyboard.press("Escape");

  // Ctrl+Shift+Z redoes the merge.
  await text(page, 3).click();
  await page.keyboard.press("Control+Shift+Z");
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  await page.reload();
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  await expect(text(page, 0)).toHaveText(first!);
});

test("search wraps around and low-confidence words are reviewed with Ctrl+I", async ({ page }) => {
  await signIn(page, "Searcher");
  await openTranscript(page, "search-review.wav");
  const search = page.getByRole("searchbox", { name: "Search transcript" });
  await search.fill("t");
  await expect(page.getByTestId("search-count")).toHaveText("");
  await search.fill("budget");
  await expect(page.getByTestId("search-count")).toHaveText(/^1 of \d+$/);
  const total = Number((await page.getByTestId("search-count").textContent())!.split(" of ")[1]);
  expect(total).toBeGreaterThan(1);
  await search.press("Shift+Enter");
  await expect(page.getByTestId("search-count")).toHaveText(`${total} of ${total}`);
  await search.press("Enter");
  await expect(page.getByTestId("search-count")).toHaveText(`1 of ${total}`);
  await snap(page, "33-search");

  const count = page.getByTestId("low-confidence-count");
  await expect(count).toHaveText(/^\d+ low-confidence$/);
  const lows = Number((await count.textContent())!.split(" ")[0]);
  await page.getByRole("button", { name: "Next low-confidence word" }).click();
  await expect(count).toHaveText(`Low confidence: 1 of ${lows}`);
  // A low original cycles original → 0 (inaudible, still flagged) → 1 (reviewed).
  const word = page.locator(".word--low").first();
  const id = await word.getAttribute("data-word-id");
  await page.keyboard.press("Control+i");
  await expect(page.locator(`[data-word-id="${id}"]`)).toHaveClass(/word--inaudible/);
  await expect(page.locator(`[data-word-id="${id}"]`)).toHaveAttribute("title", "Inaudible");
  await page.keyboard.press("Control+i");
  await expect(count).toHaveText(new RegExp(`of ${lows - 1}$|^${lows - 1} low-confidence$`));
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  await page.reload();
  await expect(page.getByTestId("low-confidence-count")).toHaveText(`${lows - 1} low-confidence`);
});

test("an edit made offline survives a reload and is saved once back online", async ({ page, context }) => {
  await signIn(page, "Offline Editor");
  await openTranscript(page, "offline-edit.wav");
  await context.setOffline(true);
  await caretAt(page, 2, "hiring");
  await page.keyboard.type("s");
  await expect(page.getByTestId("save-status")).toHaveText(/Save Error|Saving/, { timeout: 5_000 });
  await snap(page, "34-offline-pending");
  // Reload while offline is impossible; close the page instead and come back online.
  const url = page.url();
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(url);
  await expect(again.getByTestId("utterance-text").nth(2)).toContainText("hirings");
  await expect(again.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 10_000 });
  // On the server now: a third tab reads it from the API.
  const token = await again.evaluate(() => localStorage.getItem("auth_token"));
  const fileId = url.split("/").pop()!;
  const res = await again.request.get(`/api/v1/transcripts/${fileId}/utterances`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { data: { transcriptWords: { text: string }[] }[] } };
  expect(body.data.data[2]!.transcriptWords.map((w) => w.text)).toContain("hirings");
});

test("two tabs of the same user converge", async ({ page, context }) => {
  await signIn(page, "Two Tabs");
  await openTranscript(page, "two-tabs.wav");
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId("utterance")).toHaveCount(6);
  await expect(other.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  // From here on, the other tab reads only the utterances a change names, and the tab
  // that made the change reads none.
  const reads = { page: [] as string[], other: [] as string[] };
  page.on("request", (r) => void (r.url().includes("/utterances?") && reads.page.push(r.url())));
  other.on("request", (r) => void (r.url().includes("/utterances?") && reads.other.push(r.url())));

  await caretAt(page, 0, "looks", "before");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  await expect(other.getByTestId("utterance")).toHaveCount(7, { timeout: 5_000 });
  await expect(other.getByTestId("utterance-text").nth(1)).toHaveText(/^looks fine/);
  await snap(other, "35-second-tab");

  // A merge removes the half again: the other tab drops it.
  await caretAt(page, 1, "looks", "before");
  await page.keyboard.press("Backspace");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  await expect(other.getByTestId("utterance")).toHaveCount(6, { timeout: 5_000 });
  await expect(other.getByTestId("utterance-text").nth(0)).toHaveText(
    (await page.getByTestId("utterance-text").nth(0).textContent()) ?? "",
  );
  expect(reads.page).toEqual([]);
  expect(reads.other.length).toBeGreaterThan(0);
  for (const url of reads.other) expect(new URL(url).searchParams.get("ids")).toBeTruthy();
});
