// Webhooks in the workspace dialog: an owner adds one pointed at the local fake receiver
// (tests/support/fake-receiver.ts), sees its secret once, sends a test event that arrives,
// reads the delivery in the log, turns the webhook off and deletes it.
import { expect, expectAccessible, signIn, snap, test } from "./fixtures";

const receiver = `http://127.0.0.1:${process.env.FAKE_OPENAI_PORT ?? 8789}`;

test("an owner adds a webhook, sends a test event and reads its delivery, then turns it off and deletes it", async ({ page }) => {
  await signIn(page);
  const key = `hook-${Date.now()}`;
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Workspaces" }).click();
  const dialog = page.getByRole("dialog", { name: "Workspaces" });
  const section = dialog.getByRole("region", { name: "Webhooks" });

  await section.getByLabel("Receiver URL").fill(`${receiver}/ok/${key}`);
  await section.getByRole("checkbox", { name: "A file is transcribed" }).check();
  await section.getByRole("button", { name: "Add webhook" }).click();
  const secret = section.getByLabel("Signing secret");
  await expect(secret).toHaveValue(/\S{16,}/);
  await expect(section.getByText("you will not see it again")).toBeVisible();
  const hook = section.getByTestId("webhook").filter({ hasText: `/ok/${key}` });
  await expect(hook).toContainText("file.ready");
  await expect(hook.getByTestId("webhook-state")).toHaveText("On");
  await expectAccessible(page, "the webhooks section with a new secret");

  await hook.getByRole("button", { name: /Send test event/ }).click();
  await expect
    .poll(async () => ((await (await page.request.get(`${receiver}/received/${key}`)).json()) as unknown[]).length, { timeout: 15_000 })
    .toBe(1);
  await hook.getByText("Deliveries", { exact: true }).click();
  const log = hook.getByRole("table", { name: /Deliveries/ });
  await expect(async () => {
    await hook.getByRole("button", { name: /Refresh/ }).click();
    await expect(log.getByRole("row").nth(1)).toContainText("webhook.test", { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(log.getByRole("row").nth(1)).toContainText("200");
  await expectAccessible(page, "the delivery log");
  await snap(page, "webhooks-deliveries");

  await hook.getByRole("checkbox", { name: /Enabled/ }).uncheck();
  await expect(hook.getByTestId("webhook-state")).toHaveText("Off");
  // The secret is gone once the dialog is opened again.
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Workspaces" }).click();
  await expect(section.getByLabel("Signing secret")).toHaveCount(0);
  await expect(hook.getByTestId("webhook-state")).toHaveText("Off");
  await hook.getByRole("button", { name: /Delete/ }).click();
  await hook.getByRole("button", { name: /Yes, delete/ }).click();
  await expect(section.getByTestId("webhook")).toHaveCount(0);
  await expect(section.getByText("No webhooks yet.")).toBeVisible();
});
