import AxeBuilder from "@axe-core/playwright";
import { expect, signIn, snap, test } from "./fixtures";
import { caretAt, openTranscript, utteranceText as text } from "./transcripts";

// The fake speech server's transcript: 6 utterances of 8 words, 0.35 s a word and 0.4 s
// between utterances, so utterance i starts at i × 3.2 s.

test("the sidebar search finds an edited word in a transcript and opens it at its place", async ({ page }) => {
  await signIn(page, "Searcher");
  await openTranscript(page, "search-hit.wav");

  // A correction is found from the next keystroke on (the index follows edits).
  await caretAt(page, 4, "looks");
  for (let i = 0; i < "looks".length; i++) await page.keyboard.press("Backspace");
  await page.keyboard.type("zeppelin");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });

  await page.goto("/dashboard");
  const search = page.getByRole("combobox", { name: "Search files, folders and transcripts" });
  const results = page.getByRole("listbox", { name: "Search results" });

  // A phrase: hits grouped under their file.
  await search.fill('"hiring plans"');
  await expect(page.getByTestId("library-search").getByRole("status")).toHaveText("3 matches in 1 file");
  await expect(results.getByRole("group", { name: "search-hit.wav" }).getByRole("option")).toHaveCount(3);

  // The last word matches as a prefix; the matched words are marked.
  await search.fill("zepp");
  const hit = results.getByRole("option");
  await expect(hit).toHaveCount(1);
  await expect(hit.locator("mark")).toHaveText("zeppelin");
  await expect(hit).toContainText("Speaker 1 0:12");
  await snap(page, "60-library-search");
  // The open list of hits passes axe (no serious or critical violation).
  const axe = await new AxeBuilder({ page }).include(".library-search").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // From the keyboard: the arrow chooses, Enter opens the file at the utterance.
  await search.press("ArrowDown");
  await expect(hit).toHaveAttribute("aria-selected", "true");
  await expect(search).toHaveAttribute("aria-activedescendant", (await hit.getAttribute("id"))!);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/file\/[^?]+$/);
  await expect(text(page, 4)).toHaveAttribute("data-search-target", "true");
  await expect(text(page, 4)).toBeInViewport();
  const audio = page.locator("audio");
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeCloseTo(12.8, 1);
  const highlighted = await page.evaluate(() => {
    const highlight = CSS.highlights.get("library-hit");
    return highlight ? [...highlight].map((range) => range.toString()) : [];
  });
  expect(highlighted).toEqual(["zeppelin"]);

  // Escape clears the search.
  await search.press("Escape");
  await expect(search).toHaveValue("");
  await expect(results).toHaveCount(0);
});
