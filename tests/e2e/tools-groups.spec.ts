// The Tools sidebar in groups that fold, each one step away from a row at its top, the person's
// choice kept in this browser; and its summary, notes and speakers drawn with the transcript.
import { expect, signIn, snap, test } from "./fixtures";
import { openTranscript } from "./transcripts";

const GROUPS = ["Overview", "Comments", "Chapters", "Ask", "Export"];

test("each tool group is one step away, folds with the keyboard, and stays as left after a reload (1280 and 390 px)", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "Group Folder");
  await openTranscript(page, "groups.wav");
  const tools = page.getByRole("complementary", { name: "Transcript Tools" });
  const nav = tools.getByRole("navigation", { name: "Tool groups" });
  await expect(nav.getByRole("button")).toHaveText(GROUPS);
  // Every group open on a first visit.
  for (const id of ["overview", "comments", "chapters", "ask", "export"]) {
    await expect(page.getByTestId(`tools-group-${id}`)).toHaveAttribute("open", "");
  }

  // One step: the row's Export brings its group to the top of the sidebar (the page itself never scrolls).
  const exportGroup = page.getByTestId("tools-group-export");
  await nav.getByRole("button", { name: "Export" }).click();
  await expect(exportGroup.locator("summary")).toBeFocused();
  await expect(exportGroup.getByTestId("export-options")).toBeInViewport();
  expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
  // Nothing inside the sidebars or the transcript stretches the page past the window (a blank band to scroll to).
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(800);

  // Folded with the keyboard from its heading: its tools are gone, its neighbours stay.
  const comments = page.getByTestId("tools-group-comments");
  await comments.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(comments).not.toHaveAttribute("open", "");
  await expect(page.getByTestId("comments-panel")).toHaveCount(0);
  await page.getByTestId("tools-group-ask").locator("summary").press("Space");
  await expect(page.getByTestId("tools-group-ask")).not.toHaveAttribute("open", "");
  await expect(page.getByTestId("speakers")).toBeVisible();
  await nav.getByRole("button", { name: "Overview" }).click();
  await snap(page, "43-tools-groups-1280");

  // Kept in this browser: after a reload the two are still folded, the others open.
  await page.reload();
  await expect(page.getByTestId("utterance").first()).toBeVisible();
  await expect(page.getByTestId("speakers")).toBeVisible();
  await expect(comments).not.toHaveAttribute("open", "");
  await expect(page.getByTestId("tools-group-ask")).not.toHaveAttribute("open", "");
  await expect(page.getByTestId("tools-group-chapters")).toHaveAttribute("open", "");

  // The row opens a folded group in one step.
  await nav.getByRole("button", { name: "Comments" }).click();
  await expect(comments).toHaveAttribute("open", "");
  await expect(page.getByTestId("comments-panel")).toBeInViewport();

  // A phone: the tools open over the page; the row is whole on screen, nothing runs off sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Toggle transcript tools" }).click();
  await expect(tools).toBeInViewport({ ratio: 1 });
  for (const name of GROUPS) await expect(nav.getByRole("button", { name })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await nav.getByRole("button", { name: "Chapters" }).click();
  await expect(page.getByTestId("chapters-panel")).toBeInViewport();
  await nav.getByRole("button", { name: "Overview" }).click();
  await snap(page, "44-tools-groups-390");
});

test("after a save and a reload, the summary, notes and speakers draw within 100 ms of the transcript's first words", async ({ page }) => {
  await signIn(page, "Quick Tools");
  await openTranscript(page, "quick-tools.wav");
  const summary = page.getByTestId("summary-editor").getByLabel("Summary");
  await summary.fill("Saved just now.");
  await summary.press("Control+Enter");
  await expect(page.getByTestId("summary-editor").getByTestId("summary-state")).toHaveText("Saved");

  // When each first shows, timed in the page from its first frame.
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { __seen: Record<string, number> }).__seen = seen;
    const look = () => {
      const now = performance.now();
      if (!seen.words && document.querySelector('[data-testid="utterance-text"] [data-word-id]')) seen.words = now;
      const text = document.querySelector<HTMLTextAreaElement>('[data-testid="summary-editor"] textarea');
      if (!seen.summary && text?.value === "Saved just now.") seen.summary = now;
      if (!seen.speakers && document.querySelector('[data-testid="speaker-row"]')) seen.speakers = now;
      if (!seen.notes && document.querySelector('[data-testid="notes-editor"]')) seen.notes = now;
      if (!(seen.words && seen.summary && seen.speakers && seen.notes)) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.reload();
  await expect(summary).toHaveValue("Saved just now.");
  await expect(page.getByTestId("speaker-row").first()).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { __seen: Record<string, number> }).__seen);
  for (const part of ["summary", "notes", "speakers"]) {
    expect(seen[part]! - seen.words!, `${part} drawn after the first words (ms)`).toBeLessThanOrEqual(100);
  }
});
