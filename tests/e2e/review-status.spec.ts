// A file's review status in the browser: a reviewer changes it from the file header's menu (by
// mouse and by keys), the badge shows there and in the folder view, where it filters the list;
// a viewer's open list follows live, and the viewer sees the status without the menu; the owner
// reads the changes in the activity log. Axe on the header and the list.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, signIn, snap, test } from "./fixtures";
import { transcribed } from "./seed";
import { memberBrowser, teamWithMember, uploadInto } from "./team";

test.use({ reducedMotion: "reduce" });

const list = (page: Page) => page.getByRole("list", { name: "Files in this folder" });
const row = (page: Page, name: string) => list(page).getByRole("listitem").filter({ hasText: name });
const header = (page: Page) => page.getByTestId("review-control");

test("a reviewer sets a file's review status; header and list show it, the folder view filters by it, a viewer follows live", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const rita = await signIn(page, "Rita Reviewer");
  const { team, member: val } = await teamWithMember(page, rita.token, "Review Desk", "Val Viewer", "viewer");

  const interview = await uploadInto(page.request, rita.token, team.id, "interview.wav", 2);
  const briefing = await uploadInto(page.request, rita.token, team.id, "briefing.wav", 2);
  await transcribed(page.request, rita.token, interview);
  await transcribed(page.request, rita.token, briefing);

  // The viewer has the folder view open while the file is reviewed.
  const viewer = await memberBrowser(browser, page.request, val);
  const other = viewer.page;
  await other.goto(`/dashboard/folder/common?workspace=${team.id}`);
  await expect(other.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  await expect(list(other).getByTestId("review-badge")).toHaveText(["Draft", "Draft"]);

  // The reviewer opens the file: a draft; the menu puts it in review.
  await page.goto(`/dashboard/file/${interview}?workspace=${team.id}`);
  await expect(header(page).getByTestId("review-badge")).toHaveText("Draft");
  await page.getByRole("button", { name: "Review status: Draft. Change review status" }).click();
  await expect(page.getByRole("menuitemradio", { name: "Draft" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("menuitemradio", { name: "In review" }).click();
  await expect(header(page).getByTestId("review-badge")).toHaveText("In review");

  // Then approves it with the keys: Enter opens the menu on its first item, ↓ ↓ reaches Approved.
  const button = page.getByRole("button", { name: "Review status: In review. Change review status" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemradio", { name: "Draft" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitemradio", { name: "Approved" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(header(page).getByTestId("review-badge")).toHaveText("Approved");
  await expect(header(page).getByTestId("review-approval")).toHaveText(/^by Rita Reviewer on \w/);
  // Focus went back to the menu's button.
  await expect(page.getByRole("button", { name: "Review status: Approved. Change review status" })).toBeFocused();
  await expectAccessible(page, "the file header with its review status");
  await snap(page, "review-status-header");

  // The viewer's list followed, without a reload.
  await expect(row(other, "interview.wav").getByTestId("review-badge")).toHaveText("Approved");
  await expect(row(other, "briefing.wav").getByTestId("review-badge")).toHaveText("Draft");
  await other.getByLabel("Filter by review status").selectOption("approved");
  await expect(list(other).locator(".file-list-name")).toHaveText(["interview.wav"]);
  await other.getByLabel("Filter by review status").selectOption("draft");
  await expect(list(other).locator(".file-list-name")).toHaveText(["briefing.wav"]);
  await other.getByLabel("Filter by review status").selectOption("in_review");
  await expect(other.getByText("No files with this status.")).toBeVisible();
  await other.getByLabel("Filter by review status").selectOption("");
  await expect(list(other).getByRole("listitem")).toHaveCount(2);
  await expectAccessible(other, "the folder view with review badges and its filter");
  await snap(other, "review-status-list");

  // The viewer reads the status and who approved, but has no menu to change it.
  await other.goto(`/dashboard/file/${interview}?workspace=${team.id}`);
  await expect(header(other).getByTestId("review-badge")).toHaveText("Approved");
  await expect(header(other).getByTestId("review-approval")).toHaveText(/^by Rita Reviewer on /);
  await expect(other.getByRole("button", { name: /Change review status/ })).toHaveCount(0);
  expect(viewer.errors).toEqual([]);
  await viewer.context.close();

  // The owner reads both changes in the workspace's activity log.
  await page.getByRole("button", { name: "Workspaces" }).click();
  await page.getByText("Activity (last 90 days)").click();
  const log = page.getByTestId("activity-list");
  await expect(log).toContainText('Rita Reviewer changed the review status of "interview.wav" from Draft to In review');
  await expect(log).toContainText('Rita Reviewer changed the review status of "interview.wav" from In review to Approved');
});
