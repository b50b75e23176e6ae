// Share links end to end: the owner creates a link, a visitor with no account
// opens it in a fresh browser context, plays and searches; the owner's
// correction shows after a reload; once revoked the open page says the link is gone.
import type { Page } from "@playwright/test";
import { SHARE_LIMITS } from "../../common/shares";
import { expect, signIn, snap, test } from "./fixtures";
import { caretAt, openTranscript, utteranceText } from "./transcripts";

/** Console errors of a page outside the fixture's own (the visitor's), beside expected refusals. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of (404|429)/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test("owner shares a transcript; a visitor reads, plays and searches it; corrections show; revoking ends it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, "Sharer");
  await openTranscript(page, "shared-take.wav");

  // The owner creates a link with the recording, from the tools sidebar.
  await page.getByTestId("tools-share").click();
  const dialog = page.getByRole("dialog", { name: /Share/ });
  await dialog.getByLabel("For (optional)").fill("The editor");
  await dialog.getByTestId("share-create").click();
  const url = await dialog.getByTestId("share-url").inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByTestId("share-row")).toHaveCount(1);
  await expect(dialog.getByTestId("share-row")).toContainText("The editor");
  await expect(dialog.getByTestId("share-views")).toHaveText("0 views");
  await dialog.getByRole("button", { name: "Close", exact: true }).click();

  // A visitor in a fresh context, with no account.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const visitorErrors = collectErrors(visitor);
  const response = await visitor.goto(url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(visitor.getByTestId("shared-title")).toHaveText("shared-take.wav");
  await expect(visitor.getByTestId("utterance")).toHaveCount(6);
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  // Read-only: nothing to type into in the transcript.
  await expect(visitor.locator("[contenteditable]")).toHaveCount(0);
  await snap(visitor, "shared-page");

  // Search finds words across the transcript.
  await visitor.getByLabel("Search transcript").fill("budget");
  await expect(visitor.getByTestId("search-count")).toHaveText(/^1 of \d+$/);

  // Click a word: the player seeks there; play runs the clock and the playing word is highlighted.
  const word = utteranceText(visitor, 1).getByText("hiring", { exact: true });
  await utteranceText(visitor, 1).hover();
  await word.click();
  await expect(word).toHaveClass(/word--playing/);
  await visitor.getByRole("button", { name: "Play" }).click();
  await expect(visitor.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(visitor.getByTestId("player-time")).not.toHaveText(/^0:00 \//);
  await visitor.getByRole("button", { name: "Pause" }).click();

  // Text downloads from the page.
  const [txt] = await Promise.all([visitor.waitForEvent("download"), visitor.getByRole("link", { name: "TXT" }).click()]);
  expect(txt.suggestedFilename()).toBe("shared-take.txt");

  // The owner corrects a word; the visitor sees it after a reload.
  await caretAt(page, 0, "budget");
  await page.keyboard.type("ary");
  await page.getByTestId("utterance-text").nth(1).click();
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/);
  // A clock the test can move on, to see the open page notice the revocation below.
  await visitor.clock.install();
  await visitor.reload();
  await expect(utteranceText(visitor, 0)).toContainText("budgetary");

  // The owner sees the view and revokes the link; the open page says it is gone, and so does a new visit.
  await page.getByTestId("tools-share").click();
  await expect(dialog.getByTestId("share-views")).toHaveText(/^1 view/);
  await dialog.getByTestId("share-revoke").click();
  await expect(dialog.getByTestId("share-row")).toHaveCount(0);
  await visitor.clock.fastForward(SHARE_LIMITS.recheckMs + 1_000);
  await expect(visitor.getByTestId("shared-gone")).toHaveText(/This link is no longer available/);
  const again = await visitor.goto(url);
  expect(again?.status()).toBe(404);
  await expect(visitor.getByTestId("shared-gone")).toBeVisible();
  expect(visitorErrors).toEqual([]);
  await visitorContext.close();
});
