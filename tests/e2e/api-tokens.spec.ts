// API tokens in Preferences: a token is created (its secret shown once), works for a
// script's reads, is refused for writes when read-only, and stops working when revoked.
import AxeBuilder from "@axe-core/playwright";
import { expect, signIn, test } from "./fixtures";

test.use({ reducedMotion: "reduce" });

test("a token made in Preferences serves a script until it is revoked", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Preferences" }).click();
  await page.getByRole("button", { name: "API tokens for scripts..." }).click();
  const dialog = page.getByRole("dialog", { name: "API tokens" });
  await dialog.getByLabel("Token name").fill("Nightly export");
  await dialog.getByRole("button", { name: "Create token" }).click();
  const secret = await dialog.getByTestId("api-token-secret").inputValue();
  expect(secret).toMatch(/^tr_/);
  await expect(dialog.getByTestId("api-token-list")).toContainText("Nightly export");
  await expect(dialog.getByTestId("api-token-list")).toContainText("Read only");
  const serious = (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(serious.map((v) => v.id)).toEqual([]);

  const script = { headers: { authorization: `Bearer ${secret}` } };
  expect((await page.request.get("/api/v1/audio_files", script)).status()).toBe(200);
  expect((await page.request.post("/api/v1/folders", { ...script, data: { folder: { name: "x" } } })).status()).toBe(403);

  await dialog.getByRole("button", { name: "Revoke Nightly export" }).click();
  await expect(dialog.getByText("No tokens yet.")).toBeVisible();
  expect((await page.request.get("/api/v1/audio_files", script)).status()).toBe(401);
});
