// API tokens in Preferences: a token is created (its secret shown once, whole, with a Copy
// button), works for a script's reads, is refused for writes when read-only, and stops working when revoked.
import AxeBuilder from "@axe-core/playwright";
import { expect, signIn, test } from "./fixtures";

test.use({ reducedMotion: "reduce" });

test("a token made in Preferences serves a script until it is revoked", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Preferences" }).click();
  await page.getByRole("button", { name: "API tokens for scripts..." }).click();
  const dialog = page.getByRole("dialog", { name: "API tokens" });
  await dialog.getByLabel("Token name").fill("Nightly export");
  await dialog.getByRole("button", { name: "Create token" }).click();
  const field = dialog.getByTestId("api-token-secret");
  const secret = await field.inputValue();
  expect(secret).toMatch(/^tr_/);
  // Shown whole: nothing of it runs past the field's edges.
  const overflow = await field.evaluate((el) => ({ x: el.scrollWidth - el.clientWidth, y: el.scrollHeight - el.clientHeight }));
  expect(overflow).toEqual({ x: 0, y: 0 });
  await dialog.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
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
