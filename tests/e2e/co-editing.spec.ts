// Two members of a team workspace edit one transcript at once, each in their own browser:
// each sees the other in the presence bar and their caret on an utterance, each other's
// corrections without a reload, neighbouring edits both kept, different words of one utterance
// both kept, and the same word edited by both shown to the one whose save came second with both
// texts, who chooses (decision 052). Closing a tab takes its person off the other's bar. Axe on
// the file view with someone there.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, signIn, snap, test } from "./fixtures";
import { transcribed } from "./seed";
import { auth, memberBrowser, teamWithMember, uploadInto } from "./team";
import { caretAt, utteranceText as text } from "./transcripts";

test.use({ reducedMotion: "reduce" });

const bar = (page: Page) => page.getByTestId("presence-bar");
const person = (page: Page, name: string) => bar(page).getByRole("button", { name: new RegExp(`^${name}: `) });
const marks = (page: Page, i: number) => page.getByTestId("utterance").nth(i).getByTestId("presence-marks");
const conflict = (page: Page) => page.getByTestId("word-conflict");

/** Types after `word` in utterance i and answers once that edit is saved. */
async function correct(page: Page, i: number, word: string, typed: string) {
  const saved = page.waitForResponse((r) => r.url().includes("/update_words") && r.request().method() === "PATCH");
  await caretAt(page, i, word);
  await page.keyboard.type(typed);
  return saved;
}

test("two members co-edit a team transcript: presence, carets, live edits, stale edits merged or the conflict chosen", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const ada = await signIn(page, "Ada Owner");
  // Ben is invited as an editor and accepts the e-mailed invitation.
  const { team, member: ben } = await teamWithMember(page, ada.token, "Quote Desk", "Ben Guest", "editor");

  const fileId = await uploadInto(page.request, ada.token, team.id, "interview.wav");
  await transcribed(page.request, ada.token, fileId);
  const address = `/dashboard/file/${fileId}?workspace=${team.id}`;

  const second = await memberBrowser(browser, page.request, ben);
  const other = second.page;
  for (const p of [page, other]) {
    await p.goto(address);
    await expect(p.getByTestId("utterance")).toHaveCount(6);
    await expect(p.getByTestId("save-status")).toHaveText(/Saved/);
  }

  // Each sees the other, never themself.
  await expect(person(page, "Ben Guest")).toBeVisible();
  await expect(person(other, "Ada Owner")).toBeVisible();
  await expect(bar(page).getByRole("button")).toHaveCount(1);
  await expect(bar(other).getByRole("button")).toHaveCount(1);
  await expect(person(other, "Ada Owner")).toHaveText(/^AO/);
  await expect(other.getByTestId("announcement")).toHaveText("Ada Owner has this file open.");

  // Ada's caret in the first utterance shows on Ben's screen, on that row and in her label.
  await caretAt(page, 0, "quarterly");
  await expect(marks(other, 0)).toContainText("Ada Owner is here");
  await expect(person(other, "Ada Owner")).toHaveAccessibleName("Ada Owner: in the utterance at 0:00");
  await expect(marks(other, 1)).toHaveCount(0);
  await snap(other, "40-co-editing-presence");
  // Showing someone does not take the focus from where it is.
  await text(other, 3).focus();
  await person(other, "Ada Owner").focus();
  await expect(person(other, "Ada Owner")).toBeFocused();

  // Ada corrects a word: Ben sees it within 1 s of its save, without a reload.
  const adaText = (await text(page, 0).textContent())!;
  await (await correct(page, 0, "quarterly", "X")).finished();
  const savedAt = Date.now();
  await expect(text(other, 0)).toContainText("quarterlyX", { timeout: 1_000 });
  console.log(`Ada's saved edit showed on Ben's screen after ${Date.now() - savedAt} ms`);
  expect(adaText).not.toContain("quarterlyX");

  // Neighbouring utterances edited at the same time: both edits are kept, on both screens.
  const adaSave = correct(page, 0, "budget", "A");
  const benSave = correct(other, 1, (await text(other, 1).locator("[data-word-id]").first().textContent())!, "B");
  await Promise.all([(await adaSave).finished(), (await benSave).finished()]);
  for (const p of [page, other]) {
    await expect(text(p, 0)).toContainText("quarterlyX budgetA");
    await expect(text(p, 1)).toContainText(/^\S+B /);
    await expect(p.getByTestId("save-status")).toHaveText(/Saved/);
  }
  await expect(person(page, "Ben Guest")).toHaveAccessibleName("Ben Guest: in the utterance at 0:03");

  // Axe on the file view with someone shown in the bar and on a row.
  await expect(marks(page, 1)).toContainText("Ben Guest is here");
  await expectAccessible(page, "the file view with presence shown");

  // Different words of one utterance from both, before either save: the later save is merged
  // onto the earlier by word (docs/api.md, Versions), and both corrections stay on both screens.
  const [first, last] = await text(page, 2)
    .locator("[data-word-id]")
    .evaluateAll((spans) => [spans[0]!.textContent!, spans[spans.length - 1]!.textContent!]);
  const answers = await Promise.all([correct(page, 2, first!, "A"), correct(other, 2, last!, "B")]);
  await Promise.all(answers.map((a) => a.finished()));
  expect(answers.map((a) => a.status())).toEqual([200, 200]);
  for (const p of [page, other]) {
    await expect(text(p, 2)).toContainText(`${first}A`);
    await expect(text(p, 2)).toContainText(`${last}B`);
    await expect(p.getByTestId("save-status")).toHaveText(/Saved/);
  }

  // The same word from both, before either save: the one whose save came second sees both texts at
  // the utterance, the other's text meanwhile; Use mine saves their own over it, on both screens.
  const word = (await text(page, 2).locator("[data-word-id]").nth(1).textContent())!;
  await caretAt(page, 2, word);
  await caretAt(other, 2, word);
  await page.keyboard.type("1");
  await other.keyboard.type("2");
  await expect.poll(async () => (await conflict(page).count()) + (await conflict(other).count()), { timeout: 10_000 }).toBe(1);
  const asked = (await conflict(page).count()) ? page : other;
  const answered = asked === page ? other : page;
  const theirs = asked === page ? `${word}2` : `${word}1`;
  const mine = asked === page ? `${word}1` : `${word}2`;
  await expect(conflict(asked)).toContainText(`Someone else changed this word:theirs «${theirs}» / yours «${mine}»`);
  await expect(asked.getByText("Someone else changed a word you edited: choose which text to keep at the utterance")).toBeVisible();
  for (const p of [page, other]) await expect(text(p, 2)).toContainText(theirs);
  await snap(asked, "41-co-editing-word-conflict");
  await expectAccessible(asked, "the file view with a word conflict shown");
  const saved = asked.waitForResponse((r) => r.url().includes("/update_words") && r.request().method() === "PATCH");
  await conflict(asked).getByRole("button", { name: "Use mine" }).click();
  expect((await saved).status()).toBe(200);
  await expect(conflict(asked)).toHaveCount(0);
  for (const p of [answered, asked]) {
    await expect(text(p, 2)).toContainText(mine);
    await expect(text(p, 2)).not.toContainText(theirs);
  }
  await expect(asked.getByTestId("save-status")).toHaveText(/Saved/);

  // Ada closes her tab: Ben's bar drops her (well within 30 s), and it is said.
  await page.close();
  const closedAt = Date.now();
  await expect(bar(other)).toHaveCount(0, { timeout: 30_000 });
  console.log(`Ada left Ben's presence bar ${Date.now() - closedAt} ms after her tab closed`);
  await expect(marks(other, 0)).toHaveCount(0);
  await expect(other.getByTestId("announcement")).toHaveText("Ada Owner left this file.");

  // Ben is removed from the team: his file socket is closed and not opened again, and he is told.
  const fileSockets: string[] = [];
  other.on("websocket", (ws) => ws.url().includes("&file=") && fileSockets.push(ws.url()));
  const benId = (ben.user as { id: string }).id;
  const removed = await other.request.delete(`/api/v1/workspaces/${team.id}/members/${benId}`, { headers: auth(ada.token) });
  expect(removed.status()).toBe(200);
  await expect(other.getByText("You are no longer a member of this file's workspace")).toBeVisible();
  await other.waitForTimeout(3_000);
  expect(fileSockets).toEqual([]);
  expect(second.errors).toEqual([]);
  await second.context.close();
});
