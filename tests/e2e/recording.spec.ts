// Record in the browser with Chromium's fake microphone (a beeping tone): by keyboard, the clock
// runs and the meter moves, Stop transcribes it (the fake speech server answers any audio);
// a refused microphone says how to allow it; a reload mid-recording, or giving up on the last
// parts when the connection goes, leaves what was sent, offered for transcription.
import config from "../../playwright.config";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, signIn, snap, test } from "./fixtures";

const browserArgs = config.use?.launchOptions?.args ?? [];
// A fake microphone; a page may use it only where the context grants the permission, since
// every prompt is refused (as a person who clicks Block would).
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...browserArgs, "--use-fake-device-for-media-stream", "--deny-permission-prompts"],
  },
});

const recordButton = (page: Page) => page.getByRole("button", { name: "Record", exact: true });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Record" });
const fileRow = (page: Page) => page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: /^Recording .*\.webm$/ });

async function startByKeyboard(page: Page) {
  await recordButton(page).focus();
  await page.keyboard.press("Enter");
  await expect(dialog(page).getByRole("button", { name: "Start recording" })).toBeFocused();
  await page.keyboard.press("Enter");
}

async function expectTranscribed(page: Page) {
  await fileRow(page).click();
  const badge = page.getByTestId("file-view").getByTestId("status-badge");
  await expect(badge).toHaveText("Ready", { timeout: 30_000 });
}

test.describe("with a microphone", () => {
  test.use({ permissions: ["microphone"] });

  test("records by keyboard with a running clock and a moving meter, and transcribes on stop", async ({ page }) => {
    await signIn(page);
    await page.goto("/dashboard");
    await startByKeyboard(page);
    const box = dialog(page);
    await expect(box.getByRole("button", { name: "Stop and transcribe" })).toBeFocused();
    await expect(box.getByTestId("record-elapsed")).toHaveText("0:03", { timeout: 8_000 });
    await expect
      .poll(async () => Number(await box.getByRole("meter", { name: "Microphone level" }).getAttribute("aria-valuenow")))
      .toBeGreaterThan(0);
    await expect(box.getByTestId("record-saved")).toHaveText(/^Saved up to \d+:\d\d/, { timeout: 10_000 });
    await expectAccessible(page, "the record dialog while recording");
    await snap(page, "recording");
    await box.getByRole("button", { name: "Stop and transcribe" }).focus();
    await page.keyboard.press("Enter");
    await expect(box).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText(/Recording saved: transcribing Recording .*\.webm/)).toBeVisible();
    await expectTranscribed(page);
  });

  test("Escape asks before discarding; a reload mid-recording leaves what was sent, offered for transcription", async ({ page }) => {
    await signIn(page);
    await page.goto("/dashboard");
    await startByKeyboard(page);
    await expect(dialog(page).getByRole("button", { name: "Stop and transcribe" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog(page).getByRole("button", { name: "Keep recording" })).toBeFocused();
    await expect(dialog(page).getByText("Discard this recording?")).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(dialog(page).getByRole("button", { name: "Stop and transcribe" })).toBeFocused();
    await expect(dialog(page).getByTestId("record-saved")).toHaveText(/^Saved up to \d+:\d\d/, { timeout: 10_000 });

    // The page goes away as a closed tab or a crash would take it (the leave warning accepted).
    page.on("dialog", (d) => void d.accept());
    await page.reload();
    const notice = page.getByTestId("unfinished-recording");
    await expect(notice).toContainText(/Recording .* was not finished\. About 0:\d\d of it was saved\./);
    await notice.getByRole("button", { name: "Transcribe what was saved" }).click();
    await expect(notice).toHaveCount(0);
    await expectTranscribed(page);
  });
});

test.describe("with a microphone and a connection that goes away", () => {
  test.use({ permissions: ["microphone"] });

  test("Stop waits for the last parts; Stop waiting keeps what was saved, offered for transcription", async ({ page }) => {
    await signIn(page);
    await page.goto("/dashboard");
    await startByKeyboard(page);
    const box = dialog(page);
    await expect(box.getByTestId("record-saved")).toHaveText(/^Saved up to \d+:\d\d/, { timeout: 10_000 });
    // No more parts reach the server.
    await page.route("**/api/v1/recordings/*/chunks/*", (route) => route.abort("internetdisconnected"));
    await box.getByRole("button", { name: "Stop and transcribe" }).click();
    await expect(box.getByRole("button", { name: "Saving..." })).toBeDisabled();
    const stopWaiting = box.getByRole("button", { name: "Stop waiting" });
    await expect(stopWaiting).toBeVisible({ timeout: 15_000 });
    await expect(stopWaiting).toHaveAccessibleDescription(/Stop waiting to keep what is saved \(up to 0:0\d\)/);
    await stopWaiting.click();
    await expect(box).toHaveCount(0);
    await expect(page.getByText(/Recording kept up to 0:0\d: transcribe it from the upload area/)).toBeVisible();
    await page.unroute("**/api/v1/recordings/*/chunks/*");
    const notice = page.getByTestId("unfinished-recording");
    await notice.getByRole("button", { name: "Transcribe what was saved" }).click();
    await expectTranscribed(page);
  });
});

test.describe("without a microphone permission", () => {
  test("a refused microphone says how to allow it", async ({ page }) => {
    await signIn(page);
    await page.goto("/dashboard");
    await startByKeyboard(page);
    const alert = dialog(page).getByRole("alert");
    await expect(alert).toHaveText(
      /Microphone access was refused\. To record, allow the microphone for this site in your browser's site settings/,
    );
    await expect(dialog(page).getByRole("button", { name: "Start recording" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);
  });
});
