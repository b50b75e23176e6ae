// The files sidebar's workspace switcher: a team workspace made from its "Manage workspaces…"
// entry, switched to with the keyboard alone, a file uploaded there that Personal does not
// show, and the file moved back to Personal from its menu. Axe on the open switcher.
import type { Page } from "@playwright/test";
import { createUser, expect, expectAccessible, linkPath, mailTo, signIn, test } from "./fixtures";
import { sineWav } from "./media";

test.use({ reducedMotion: "reduce" });

const switcher = (page: Page) => page.getByRole("button", { name: /^Workspace: / });
const tree = (page: Page) => page.getByRole("tree", { name: "Folders and files" });

/** Opens the switcher from the keyboard and picks `name` with the arrows and Enter. */
async function switchWithKeys(page: Page, name: RegExp) {
  await switcher(page).focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: /^Workspace: / });
  await expect(menu).toBeVisible();
  const choice = menu.getByRole("menuitemradio", { name });
  for (let i = 0; i < 5 && !(await choice.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("ArrowDown");
  await expect(choice).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
}

test("a team workspace from the switcher: switched to by keys, a file uploaded there and moved back to Personal", async ({ page }) => {
  await signIn(page, "Sam Switcher");
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  await expect(switcher(page)).toHaveText(/Personal/);

  // "Manage workspaces…" opens the workspaces dialog, where the team is made.
  await switcher(page).click();
  await page.getByRole("menuitem", { name: "Manage workspaces…" }).click();
  const dialog = page.getByRole("dialog", { name: "Workspaces" });
  await dialog.getByLabel("New team workspace").fill("Field Team");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByRole("button", { name: /Field Team/ })).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The switcher lists Personal first and the team with its role; axe on the open menu.
  await switcher(page).focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: /^Workspace: / });
  await expect(menu.getByRole("menuitemradio")).toHaveText(["Personal", "Field Team · Owner"]);
  await expect(menu.getByRole("menuitemradio", { name: "Personal" })).toHaveAttribute("aria-checked", "true");
  await expectAccessible(page, "the open workspace switcher");
  await page.keyboard.press("Escape");
  await expect(switcher(page)).toBeFocused();

  await switchWithKeys(page, /Field Team/);
  await expect(page).toHaveURL(/\/dashboard\?workspace=[^&]+$/);
  const teamUrl = page.url();
  await expect(switcher(page)).toHaveText(/Field Team/);
  await expect(page.getByTestId("sidebar-counts")).toHaveText(/0 files/);

  // An upload here goes into the team; it opens by itself when transcribed.
  await page.getByTestId("upload-input").setInputFiles({ name: "team-call.wav", mimeType: "audio/wav", buffer: sineWav(6) });
  await expect(page.getByText("team-call.wav: Transcription completed")).toBeVisible({ timeout: 30_000 });
  await expect(tree(page).getByRole("treeitem", { name: "team-call.wav" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/file\/[^?]+\?workspace=/);

  const fileUrl = page.url();

  // Personal does not have it.
  await switchWithKeys(page, /Personal/);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(switcher(page)).toHaveText(/Personal/);
  await expect(page.getByTestId("sidebar-counts")).toHaveText(/0 files/);
  await expect(tree(page).getByRole("treeitem", { name: "team-call.wav" })).toHaveCount(0);

  // A link to the file without the workspace opens it in its own workspace.
  await page.goto(new URL(fileUrl).pathname);
  await expect(page.getByTestId("file-view")).toBeVisible();
  await expect(page).toHaveURL(fileUrl);
  await expect(switcher(page)).toHaveText(/Field Team/);

  // The file's menu moves it to Personal; the open file is followed there.
  await page.getByRole("button", { name: "Actions for team-call.wav" }).click();
  await page.getByRole("menuitem", { name: "Move to workspace…" }).click();
  const move = page.getByRole("dialog", { name: /Move “team-call.wav” to another workspace/ });
  await expect(move.getByLabel("Destination workspace")).toHaveValue(/.+/);
  await move.getByRole("button", { name: "Move" }).click();
  await expect(page.getByText("Moved team-call.wav to Personal")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/file\/[^?]+$/);
  await expect(switcher(page)).toHaveText(/Personal/);
  await expect(tree(page).getByRole("treeitem", { name: "team-call.wav" })).toBeVisible();

  await page.goto(teamUrl);
  await expect(switcher(page)).toHaveText(/Field Team/);
  await expect(page.getByTestId("sidebar-counts")).toHaveText(/0 files/);

  // A workspace the user is not a member of falls back to Personal, saying so.
  await page.goto("/dashboard?workspace=not-a-member");
  await expect(page.getByText("That workspace is not available to you: showing your personal workspace")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(switcher(page)).toHaveText(/Personal/);

  // On a phone the switcher is in the files overlay.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole("button", { name: "Toggle files sidebar" }).click();
  await expect(switcher(page)).toBeVisible();
  await switchWithKeys(page, /Field Team/);
  await expect(switcher(page)).toHaveText(/Field Team/);
});

test("a viewer reads a team's file: no upload, folders, file actions or re-transcription, and the transcript is read-only", async ({
  page,
  browser,
}) => {
  const owner = await signIn(page, "Olga Owner");
  const auth = { authorization: `Bearer ${owner.token}` };
  const created = await page.request.post("/api/v1/workspaces", { headers: auth, data: { name: "Reading Room" } });
  const team = ((await created.json()) as { data: { id: string } }).data;
  await page.goto(`/dashboard?workspace=${team.id}`);
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  await page.getByTestId("upload-input").setInputFiles({ name: "briefing.wav", mimeType: "audio/wav", buffer: sineWav(6) });
  await expect(page.getByText("briefing.wav: Transcription completed")).toBeVisible({ timeout: 30_000 });

  // A viewer joins through an invitation.
  const viewer = await createUser(page.request, "Vic Viewer");
  const invited = await page.request.post(`/api/v1/workspaces/${team.id}/invitations`, {
    headers: auth,
    data: { email: viewer.email, role: "viewer" },
  });
  expect(invited.status()).toBe(201);
  const token = new URLSearchParams(
    linkPath(await mailTo(page, viewer.email, /You're invited to a workspace/), "/invitations/accept").split("?")[1],
  ).get("token");
  const accepted = await page.request.post("/api/v1/invitations/accept", {
    headers: { authorization: `Bearer ${viewer.token}` },
    data: { token },
  });
  expect(accepted.status()).toBe(200);

  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.addInitScript(
    ({ token, user }) => {
      localStorage.setItem("auth_token", token);
      localStorage.setItem("auth_user", JSON.stringify(user));
    },
    { token: viewer.token, user: viewer.user },
  );
  await reader.goto(`/dashboard?workspace=${team.id}`);
  await expect(switcher(reader)).toHaveText(/Reading Room\s*Viewer/);
  await expect(reader.getByTestId("read-only-note")).toBeVisible();
  await expect(reader.getByTestId("upload-area")).toHaveCount(0);
  await expect(reader.getByRole("button", { name: "+ Folder" })).toHaveCount(0);

  await tree(reader).getByRole("treeitem", { name: "briefing.wav" }).click();
  await expect(reader.getByTestId("utterance").first()).toBeVisible();
  await expect(reader.getByRole("button", { name: "Actions for briefing.wav" })).toHaveCount(0);
  await expect(reader.getByTestId("retranscribe-open")).toHaveCount(0);
  await expect(reader.getByTestId("read-only-status")).toBeVisible();
  await expect(reader.getByTestId("utterance-text").first()).toHaveAttribute("contenteditable", "false");
  await expect(reader.getByTestId("utterance-text").first()).toHaveAttribute("aria-readonly", "true");
  await expect(reader.getByRole("button", { name: "Undo" })).toHaveCount(0);
  await reader.getByTestId("tools-edit-history").click();
  const history = reader.getByRole("dialog", { name: "Edit History" });
  await expect(history.getByTestId("history-count")).toBeVisible();
  await expect(history.getByRole("button", { name: "Undo" })).toHaveCount(0);
  await reader.keyboard.press("Escape");
  // Exports stay.
  await expect(reader.getByTestId("export-options")).toBeVisible();
  await expectAccessible(reader, "a viewer's file page");
  await context.close();
});
