import type { Locator } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { sineWav } from "./media";
import { utteranceText as text } from "./transcripts";

// A file named "bench3h" gets a 3-hour transcript from the fake speech server:
// 3,000 utterances of 10 words (3.9 s each), every third below 0.8 confidence.
// Such a transcript is drawn lean: only marked words have a span until a text is
// pointed at, focused or one of its words is needed.

/** The words of a text the browser marks as low confidence by ranges (`::highlight(word-low)`). */
const lowMarked = (el: Locator) =>
  el.evaluate((root) =>
    [...(CSS.highlights.get("word-low") ?? [])]
      .filter((r) => root.contains(r.startContainer))
      .map((r) => {
        const range = document.createRange();
        range.setStart(r.startContainer, r.startOffset);
        range.setEnd(r.endContainer, r.endOffset);
        return range.toString();
      }),
  );

test("a long transcript is drawn lean, and its words still seek, highlight and search", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "Long");
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  const name = "long-bench3h.wav";
  await page.getByTestId("upload-input").setInputFiles({ name, mimeType: "audio/wav", buffer: sineWav(25) });
  await expect(page.getByText(`${name}: Transcription completed`)).toBeVisible({ timeout: 60_000 });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name, exact: true }).click();
  await expect(page.getByTestId("utterance")).toHaveCount(3000, { timeout: 30_000 });

  // Lean: a confident utterance has bare text; a low-confidence one is bare text too, its words
  // marked by ranges the browser underlines (one text node per utterance, not a span per word).
  await expect(text(page, 1).locator("[data-word-id]")).toHaveCount(0);
  await expect(text(page, 1)).toHaveText(/^\S+( \S+){9}$/);
  // (The first text holds the playing word at 0 s, which gets every word's span.)
  await expect(text(page, 3).locator("[data-word-id]")).toHaveCount(0);
  expect(await lowMarked(text(page, 3))).toEqual((await text(page, 3).textContent())!.split(" "));
  expect(await lowMarked(text(page, 1))).toEqual([]);
  const nodes = await page.getByTestId("transcript").evaluate((root) => {
    let n = 0;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
    while (walker.nextNode()) n++;
    return n;
  });
  expect(nodes).toBeLessThan(40_000);

  // Pointing at a text draws every word's span; a click seeks to the word.
  const audio = page.locator("audio");
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThan(0);
  await text(page, 1).hover();
  await expect(text(page, 1).locator("[data-word-id]")).toHaveCount(10);
  await text(page, 1).locator("[data-word-id]").nth(3).click();
  // Utterance 2 starts at 3.9 s; its 4th word 1.05 s later.
  expect(await audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeCloseTo(4.95, 1);

  await page.mouse.move(0, 0);

  // A press that lands on a text still drawn lean (touch, or content scrolled under a
  // still pointer) seeks to the word under it: utterance 5's 3rd word, at 15.6 + 0.7 s.
  await expect(text(page, 4).locator("[data-word-id]")).toHaveCount(0);
  await text(page, 4).evaluate((el) => {
    el.scrollIntoView({ block: "center" });
    const words = el.textContent!.split(" ");
    const start = words[0]!.length + words[1]!.length + 2;
    const range = document.createRange();
    range.setStart(el.firstChild!, start);
    range.setEnd(el.firstChild!, start + words[2]!.length);
    const rect = range.getBoundingClientRect();
    const at = { bubbles: true, clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2 };
    el.dispatchEvent(new PointerEvent("pointerdown", at));
    el.dispatchEvent(new MouseEvent("click", at));
  });
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeCloseTo(16.3, 1);

  // The playing word is highlighted in a text still drawn lean (utterance 6, its 2nd word at 20 s).
  await expect(text(page, 5).locator("[data-word-id]")).toHaveCount(0);
  const second = (await text(page, 5).textContent())!.split(" ")[1]!;
  // Seeks right after the click's own are ignored for a moment (spec'd sync suppression): seek until one counts.
  await expect(async () => {
    await audio.evaluate((el: HTMLAudioElement) => {
      el.currentTime = 20;
    });
    await expect(text(page, 5).locator(".word--playing")).toHaveText(second, { timeout: 500 });
  }).toPass();

  // Search highlights stay on their words when a text is drawn again in full.
  const search = page.getByRole("searchbox", { name: "Search transcript" });
  await search.fill("hiring");
  await expect(page.getByTestId("search-count")).toHaveText(/^1 of \d+$/);
  // The second match is in utterance 3, still lean.
  await search.press("Enter");
  await expect(page.getByTestId("search-count")).toHaveText(/^2 of \d+$/);
  await expect(text(page, 2).locator("[data-word-id]")).toHaveCount(0);
  const current = () =>
    page.evaluate(() => {
      const found = [...(CSS.highlights.get("search-current") ?? [])][0];
      if (!found) return null;
      const range = document.createRange();
      range.setStart(found.startContainer, found.startOffset);
      range.setEnd(found.endContainer, found.endOffset);
      return { text: range.toString(), connected: found.startContainer.isConnected };
    });
  expect(await current()).toEqual({ text: "hiring", connected: true });
  await text(page, 2).hover();
  await expect(text(page, 2).locator("[data-word-id]")).toHaveCount(10);
  await expect.poll(current).toEqual({ text: "hiring", connected: true });

  // Replace all draws a low-confidence text far off screen as plain text; its marks come once it is near.
  await page.getByRole("button", { name: "Find and replace" }).click();
  await search.fill("budget");
  await page.getByRole("textbox", { name: "Replace with" }).fill("forecast");
  await page.getByRole("button", { name: "Replace all", exact: true }).click();
  await expect(page.getByTestId("search-count")).toHaveText("0 of 0");
  const far = await page.getByTestId("utterance-text").evaluateAll((els) => {
    for (let i = els.length - 1; i >= 0; i--) if (i % 3 === 0 && els[i]!.textContent!.includes("forecast")) return i;
    return -1;
  });
  expect(far).toBeGreaterThan(2000);
  await expect(text(page, far).locator("[data-word-id]")).toHaveCount(0);
  // Its marks, as spans (an edited word has one) or ranges, come once it is near.
  const marks = async () => (await lowMarked(text(page, far))).length + (await text(page, far).locator(".word--low").count());
  expect(await marks()).toBe(0);
  await text(page, far).scrollIntoViewIfNeeded();
  await expect.poll(marks).toBeGreaterThan(0);
  await expect(text(page, far)).toContainText("forecast");
});
