// Team workspaces in the browser: an owner creates one and invites by e-mail; the invited
// person opens the link signed out, signs in, and joins; the owner sees them, changes their
// role and reads the log. Axe on the dialog and the invitation page.
import { createUser, expect, expectAccessible, linkPath, mailTo, signIn, test } from "./fixtures";

test.use({ reducedMotion: "reduce" });

test("an owner invites a colleague, who joins from the e-mailed link and is given another role", async ({ page, browser }) => {
  await signIn(page, "Olive Owner");
  const guest = await createUser(page.request, "Gus Guest");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Workspaces" }).click();
  const dialog = page.getByRole("dialog", { name: "Workspaces" });
  await dialog.getByLabel("New team workspace").fill("Newsroom");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByRole("button", { name: /Newsroom/ })).toHaveAttribute("aria-current", "true");
  // The personal workspace says whose it is, not its name twice.
  await expect(dialog.getByTestId("workspace-list")).toContainText("Personal Only you");
  await expect(dialog.getByTestId("workspace-list")).not.toContainText("Personal Personal");
  await dialog.getByLabel("E-mail").fill(guest.email);
  await dialog.getByLabel("Role", { exact: true }).selectOption("editor");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByTestId("invitation-list")).toContainText(guest.email);
  await expectAccessible(page, "the workspaces dialog");

  // The colleague, signed out in their own browser, follows the link from the e-mail.
  const mail = await mailTo(page, guest.email, /You're invited to a workspace/);
  // The name the owners chose is quoted in the body as their label, never in the subject.
  expect(mail.subject).not.toContain("Newsroom");
  expect(mail.text).toContain("Newsroom");
  const link = linkPath(mail, "/invitations/accept");
  const other = await browser.newContext();
  const guestPage = await other.newPage();
  await guestPage.goto(link);
  await expect(guestPage.getByRole("heading", { name: "Join a workspace" })).toBeVisible();
  // Before signing in, the page names the workspace and who invited.
  await expect(guestPage.getByTestId("invitation-summary")).toHaveText("Olive Owner invited you to the workspace “Newsroom” as editor.");
  await expectAccessible(guestPage, "the invitation page, signed out");
  await guestPage.getByRole("link", { name: "Sign in" }).click();
  await guestPage.getByLabel("Email").fill(guest.email);
  await guestPage.getByLabel("Password").fill(guest.password);
  await guestPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(guestPage.getByText("You joined “Newsroom” as editor.")).toBeVisible();
  await expectAccessible(guestPage, "the invitation page, joined");
  await other.close();

  // The owner sees the new member, makes them a viewer, and reads it in the log.
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Workspaces" }).click();
  const members = page.getByRole("dialog", { name: "Workspaces" }).getByTestId("member-list");
  await expect(members).toContainText("Gus Guest");
  await members.getByLabel("Role of Gus Guest").selectOption("viewer");
  await expect(page.getByText("Gus Guest is now viewer")).toBeVisible();
  await page.getByText("Activity (last 90 days)").click();
  const log = page.getByTestId("activity-list");
  await expect(log).toContainText(`Olive Owner changed ${guest.email} from editor to viewer`);
  await expect(log).toContainText(`${guest.email} joined as editor`);
  await expect(page.getByTestId("invitation-list")).not.toContainText(guest.email);
});
