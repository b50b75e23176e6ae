import { createUser, expect, signIn, snap, test } from "./fixtures";

// The failed download and the error it raises are what these tests cause.
test.use({ consoleErrorsExpected: /Loading chunk failed|net::ERR_(FAILED|INTERNET_DISCONNECTED)|dynamically imported module/ });

test("a part of the app that cannot be downloaded shows the error page, and Reload recovers", async ({ page }) => {
  await signIn(page, "Offline");
  // The workspace is its own download: make it fail as a dropped connection would.
  await page.route("**/assets/WorkspacePage-*.js", (route) => route.abort("internetdisconnected"));
  await page.goto("/dashboard");
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(alert).toContainText("Part of the app could not be downloaded. Check your connection and try again.");
  await snap(page, "60-error-page");

  await page.unroute("**/assets/WorkspacePage-*.js");
  await alert.getByRole("button", { name: "Reload" }).click();
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

test("a sign-in whose next part cannot be downloaded shows the error page with Reload, not the filled form, and stays signed in after Reload", async ({
  page,
}) => {
  const { email, password } = await createUser(page.request, "Flaky");
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  // From here on every part of the app fails to download, as under a flaky network.
  await page.route("**/assets/*.js", (route) => route.abort("failed"));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(alert).toContainText("Part of the app could not be downloaded.");
  await expect(alert.getByRole("button", { name: "Reload" })).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveCount(0);

  await page.unroute("**/assets/*.js");
  // The sign-in itself went through: after Reload the person is still signed in, on the dashboard.
  await alert.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByTestId("topbar")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
});

test("after sign-in, a workspace that cannot be downloaded shows the error page with Reload", async ({ page }) => {
  const { email, password } = await createUser(page.request, "Flaky");
  await page.goto("/signin");
  await page.route("**/assets/WorkspacePage-*.js", (route) => route.abort("failed"));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
  await page.unroute("**/assets/WorkspacePage-*.js");
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByTestId("topbar")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/);
});

test("a part missing after a new deploy reloads the page once onto the new build, never in a loop", async ({ page }) => {
  await page.goto("/signin");
  const loads: string[] = [];
  page.on("load", () => loads.push(page.url()));
  // The server now names another build's entry script (a deploy under the open tab), and
  // the old build's parts are gone from it.
  await page.route("**/", async (route) => {
    if (route.request().resourceType() !== "fetch") return route.fallback();
    const html = await (await route.fetch()).text();
    await route.fulfill({ body: html.replace(/\/assets\/index-[\w-]+\.js/, "/assets/index-NEWBUILD.js"), contentType: "text/html" });
  });
  await page.route("**/assets/auth-*.js", (route) => route.abort("failed"));
  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByLabel("Password").fill("a long test password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // One reload; on the reloaded page (still missing the part, the form's own checks) the sign-in
  // goes ahead unchecked, as the server checks the same: its answer shows, no second reload.
  await expect.poll(() => loads.length).toBe(1);
  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByLabel("Password").fill("a long test password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText(/invalid|incorrect/i);
  await page.waitForTimeout(500);
  expect(loads).toHaveLength(1);
});
