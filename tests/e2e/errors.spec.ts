import { expect, signIn, snap, test } from "./fixtures";

// The failed download and the error it raises are what these tests cause.
test.use({ consoleErrorsExpected: /Loading chunk failed|net::ERR_(FAILED|INTERNET_DISCONNECTED)|dynamically imported module/ });

test("a part of the app that cannot be downloaded shows the error page, and Try again recovers", async ({ page }) => {
  await signIn(page, "Offline");
  // The workspace is its own download: make it fail as a dropped connection would.
  await page.route("**/assets/WorkspacePage-*.js", (route) => route.abort("internetdisconnected"));
  await page.goto("/dashboard");
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(alert).toContainText("Part of the app could not be downloaded. Check your connection and try again.");
  await snap(page, "60-error-page");

  await page.unroute("**/assets/WorkspacePage-*.js");
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("topbar")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the error page offers a way back to the start", async ({ page }) => {
  await signIn(page, "Lost");
  await page.route("**/assets/WorkspacePage-*.js", (route) => route.abort("failed"));
  await page.goto("/dashboard/file/unknown");
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await page.unroute("**/assets/WorkspacePage-*.js");
  await page.getByRole("link", { name: "Back to the start" }).click();
  await expect(page.getByTestId("topbar")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});
