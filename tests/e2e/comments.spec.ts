// Comments in the browser (docs/product.md#comments): one person comments on selected words by
// key and by the context menu, replies, edits, resolves (the underline goes) and filters; two
// members of a team comment with an @mention, see each other's threads and replies live, the
// mention counts in the top bar and comes by e-mail, and a resolve clears it.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, mailTo, signIn, test } from "./fixtures";
import { transcribed } from "./seed";
import { memberBrowser, teamWithMember, uploadInto } from "./team";
import { openTranscript, selectWords, utteranceText as text } from "./transcripts";

test.use({ reducedMotion: "reduce" });

const panel = (page: Page) => page.getByTestId("comments-panel");
const threads = (page: Page) => panel(page).getByTestId("comment-thread");
const word = (page: Page, i: number, w: string) =>
  text(page, i)
    .locator("[data-word-id]", { hasText: new RegExp(`^${w}$`) })
    .first();

test("one person comments on words by key and context menu, replies, edits, resolves and filters", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "Nora Notes");
  await openTranscript(page, "comments.wav");
  const firstWords = (await text(page, 1).locator("[data-word-id]").allTextContents()).slice(0, 2);

  // The key: a composer in the Comments panel with the words quoted.
  await selectWords(page, 0, "quarterly", "budget");
  await page.keyboard.press("Control+Alt+m");
  const composer = panel(page).getByTestId("comment-composer");
  await expect(composer).toContainText("“quarterly budget”");
  const box = composer.getByRole("textbox", { name: "Comment on the selected words" });
  await expect(box).toBeFocused();
  await box.fill("Check the figure\nagainst the audio");
  await composer.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(composer).toHaveCount(0);
  await expect(threads(page)).toHaveCount(1);
  await expect(threads(page).first().getByTestId("comment-body")).toHaveText("Check the figure\nagainst the audio");
  // The words are underlined and the utterance has a marker with the count.
  await expect(word(page, 0, "quarterly")).toHaveClass(/word--commented/);
  await expect(word(page, 0, "budget")).toHaveClass(/word--commented/);
  await expect(word(page, 0, "so")).not.toHaveClass(/word--commented/);
  await expect(page.getByTestId("utterance").nth(0).getByTestId("comment-marker")).toHaveAccessibleName(/^1 comment/);

  // The context menu on a selection of another utterance; markup in a body is shown as text.
  await selectWords(page, 1, firstWords[0]!, firstWords[1]!);
  await word(page, 1, firstWords[1]!).click({ button: "right" });
  const menu = page.getByRole("menu", { name: "Selected words" });
  await menu.getByRole("menuitem", { name: "Add comment" }).click();
  await expect(composer).toContainText(`“${firstWords.join(" ")}”`);
  await composer.getByRole("textbox").fill("Cut <b>this</b> part");
  await composer.getByRole("textbox").press("Control+Enter");
  await expect(threads(page)).toHaveCount(2);
  const second = threads(page).nth(1);
  await expect(second.getByTestId("comment-body")).toHaveText("Cut <b>this</b> part");
  await expect(second.locator("b")).toHaveCount(0);
  await expect(page.getByTestId("comment-filter-open")).toHaveText("Open 2");

  // Reply, then edit one's own comment.
  const first = threads(page).first();
  await first.getByRole("textbox", { name: /^Reply to / }).fill("Checked: 4.2 million");
  await first.getByRole("button", { name: "Reply" }).click();
  await expect(first.getByTestId("comment-reply")).toHaveText(/Checked: 4\.2 million/);
  await first.getByTestId("comment-edit").first().click();
  const edit = first.getByRole("textbox", { name: "Edit comment" });
  await expect(edit).toBeFocused();
  await edit.fill("Check the figure again");
  await first.getByRole("button", { name: "Save" }).click();
  await expect(first.getByTestId("comment-body").first()).toHaveText("Check the figure again");
  await expect(first).toContainText("(edited)");
  await expectAccessible(page, "the Comments panel with threads and replies");

  // Resolving takes the thread off the Open list and its words' underline away.
  await first.getByTestId("comment-resolve").click();
  await expect(threads(page)).toHaveCount(1);
  await expect(word(page, 0, "quarterly")).not.toHaveClass(/word--commented/);
  await expect(page.getByTestId("utterance").nth(0).getByTestId("comment-marker")).toHaveCount(0);
  await expect(page.getByTestId("comment-filter-resolved")).toHaveText("Resolved 1");
  await expect(page.getByTestId("comment-filter-mine")).toHaveText("Mine 2");
  await page.getByTestId("comment-filter-resolved").click();
  await expect(threads(page)).toHaveCount(1);
  await expect(threads(page).first()).toContainText("Resolved by Nora Notes");
  // A thread's words, clicked, take the caret there.
  await threads(page).first().getByTestId("comment-quote").click();
  await expect(text(page, 0)).toBeFocused();

  // The marker of the other thread brings it forward in the panel; delete asks first.
  await page.getByTestId("utterance").nth(1).getByTestId("comment-marker").click();
  await expect(page.getByTestId("comment-filter-open")).toHaveAttribute("aria-pressed", "true");
  await expect(threads(page).first()).toBeFocused();
  await threads(page).first().getByTestId("comment-delete").click();
  await threads(page).first().getByTestId("comment-delete-confirm").click();
  await expect(page.getByTestId("comment-filter-open")).toHaveText("Open 0");
  await expect(word(page, 1, firstWords[0]!)).not.toHaveClass(/word--commented/);
});

test("two members: a mention reaches the other live, in the top bar and by e-mail; replies and a resolve come back", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const ada = await signIn(page, "Ada Owner");
  // Ben joins as a commenter: he comments and replies, and resolves only his own threads.
  const { team, member: ben } = await teamWithMember(page, ada.token, "Review Desk", "Ben Guest", "commenter");
  const fileId = await uploadInto(page.request, ada.token, team.id, "panel.wav");
  await transcribed(page.request, ada.token, fileId);
  const address = `/dashboard/file/${fileId}?workspace=${team.id}`;

  const second = await memberBrowser(browser, page.request, ben);
  const other = second.page;
  for (const p of [page, other]) {
    await p.goto(address);
    await expect(p.getByTestId("utterance")).toHaveCount(6);
    await expect(panel(p).getByTestId("comments-empty")).toBeVisible();
  }
  await expect(other.getByTestId("mentions-count")).toHaveCount(0);

  // Ada comments and mentions Ben from the list the @ opens (keys only).
  await selectWords(page, 0, "quarterly", "budget");
  await page.getByTestId("add-comment").click();
  const box = panel(page).getByTestId("comment-composer").getByRole("textbox");
  await box.pressSequentially("Please check @be");
  const list = panel(page).getByRole("listbox", { name: "Mention a member" });
  await expect(list.getByRole("option")).toHaveText([/^Ben Guest/]);
  await expect(box).toHaveAttribute("aria-activedescendant", (await list.getByRole("option").first().getAttribute("id"))!);
  await box.press("Enter");
  await expect(box).toHaveValue("Please check @Ben Guest ");
  await box.pressSequentially("against the tape");
  const posted = page.waitForResponse((r) => r.url().endsWith("/comments") && r.request().method() === "POST");
  await box.press("Control+Enter");
  expect((await posted).status()).toBe(201);
  const postedAt = Date.now();

  // Ben sees it without a reload, within about a second, with his name emphasised, and counted.
  await expect(threads(other)).toHaveCount(1, { timeout: 1_500 });
  console.log(`Ada's comment showed on Ben's screen ${Date.now() - postedAt} ms after it was saved`);
  await expect(threads(other).first().locator(".mention")).toHaveText("@Ben Guest");
  await expect(word(other, 0, "quarterly")).toHaveClass(/word--commented/);
  await expect(other.getByTestId("mentions-count")).toHaveText("1");
  // The @ button says what it is on hover too, not only to a screen reader.
  await expect(other.getByTestId("mentions").getByRole("button")).toHaveAttribute("title", "Mentions of you in comments");
  // Ben may not resolve Ada's thread.
  await expect(threads(other).first().getByTestId("comment-resolve")).toHaveCount(0);
  await expectAccessible(other, "a commenter's Comments panel with a mention");

  // The e-mail links to the thread: it is focused in the panel.
  const mail = await mailTo(page, ben.email, /Ada Owner mentioned you in a comment on "panel\.wav"/);
  const threadLink = /https?:\/\/[^\s"]+(\/dashboard\/file\/[^\s"]+\?comment=[\w-]+)/.exec(mail.text)?.[1];
  expect(threadLink).toBeTruthy();
  await other.goto(threadLink!);
  await expect(threads(other).first()).toBeFocused();
  await expect(other).not.toHaveURL(/comment=/);

  // Ben replies; Ada sees it live.
  await threads(other)
    .first()
    .getByRole("textbox", { name: /^Reply to Ada Owner/ })
    .fill("Checked, it says 4.2");
  await threads(other).first().getByRole("button", { name: "Reply" }).click();
  await expect(threads(page).first().getByTestId("comment-reply")).toContainText("Checked, it says 4.2", { timeout: 2_000 });

  // Ada resolves: gone from Ben's open list and from his count, and his underline too.
  await threads(page).first().getByTestId("comment-resolve").click();
  await expect(threads(other)).toHaveCount(0, { timeout: 2_000 });
  await expect(other.getByTestId("mentions-count")).toHaveCount(0);
  await expect(word(other, 0, "quarterly")).not.toHaveClass(/word--commented/);
  expect(second.errors).toEqual([]);
  await second.context.close();
});
