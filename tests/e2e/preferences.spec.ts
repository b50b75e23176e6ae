// The User Preferences modal and every preference failure toast (docs/product.md#screens
// and #texts), with the server made to refuse.
import { expect, signIn, snap, test } from "./fixtures";

// The server is made to refuse here: the browser's log of those answers is expected.
test.use({ serverErrorsExpected: [500, 503] });

test("every preference save that fails says so, and nothing the user chose is lost on screen", async ({ page }) => {
  await signIn(page, "Refused");
  await page.route("**/api/v1/preferences", (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Database unavailable" }) })
      : route.continue(),
  );
  await page.goto("/dashboard");

  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.getByText("Failed to save theme preference")).toBeVisible();
  // The theme still changed for this visit.
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  await page.getByRole("button", { name: "Collapse files sidebar" }).click();
  await expect(page.getByText("Failed to save files sidebar state")).toBeVisible();
  await page.getByRole("button", { name: "Collapse transcript tools" }).click();
  await expect(page.getByText("Failed to save tools sidebar state")).toBeVisible();

  await page.getByRole("button", { name: "Preferences" }).click();
  const dialog = page.getByRole("dialog", { name: "User Preferences" });
  await dialog.getByLabel("Use column layout for utterance metadata").check();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Failed to save preferences")).toBeVisible();
  // The dialog stays open with the choice, so it can be saved again.
  await expect(dialog.getByLabel("Use column layout for utterance metadata")).toBeChecked();
  await snap(page, "62-preferences-refused");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
});

test("a service configuration that cannot be loaded says so", async ({ page }) => {
  await signIn(page, "No Config");
  await page.route("**/api/v1/service/configuration", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "Unavailable" }) }),
  );
  await page.goto("/dashboard");
  await expect(page.getByText("Failed to load service configuration").first()).toBeVisible({ timeout: 15_000 });
});
