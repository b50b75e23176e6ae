// Import from a link in the browser: a refused link says why inside the dialog and keeps what
// was typed; a good one (served by the local fake file server, tests/support/fake-receiver.ts)
// closes the dialog, shows the file processing in the list, and it is fetched and transcribed; a
// link that answers an error fails its file at once, with the reason, the link and Retry.
import { expect, expectAccessible, signIn, snap, test } from "./fixtures";

const files = `http://127.0.0.1:${process.env.FAKE_OPENAI_PORT ?? 8789}`;

test("a link is imported from the upload area by keyboard; a refused link shows its error inline", async ({ page }) => {
  const session = await signIn(page);
  await page.goto("/dashboard");
  const open = page.getByRole("button", { name: "Import from a link" });
  const dialog = page.getByRole("dialog", { name: "Import from a link" });
  const link = dialog.getByLabel("Link to an audio or video file");

  await open.click();
  await expect(link).toBeFocused();
  await link.fill("not a link");
  await link.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("url must be a valid https link");
  // A private address passes the shape check and is refused by the API, 422.
  await link.fill("https://10.0.0.1/a.wav");
  await link.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText(/points to an address that is not allowed/);
  await expect(link).toHaveValue("https://10.0.0.1/a.wav");
  await expectAccessible(page, "the link import dialog with an error");
  await snap(page, "link-import-refused");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();

  await page.keyboard.press("Enter");
  await link.fill(`${files}/media/standup-link.wav?bytes=64044`);
  await link.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Importing standup-link.wav from the link")).toBeVisible();
  const row = page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: "standup-link.wav", exact: true });
  await row.click();
  const badge = page.getByTestId("file-view").getByTestId("status-badge");
  await expect(badge).toHaveText("Processing");
  await expect(badge).toHaveText("Ready", { timeout: 20_000 });
  const res = await page.request.get("/api/v1/audio_files", { headers: { authorization: `Bearer ${session.token}` } });
  const file = ((await res.json()) as { data: { name: string; fileSize: number }[] }).data.find((f) => f.name === "standup-link.wav");
  expect(file?.fileSize).toBe(64_044);

  // A link that answers an error fails at once, saying so, with the link and Retry, and no player.
  await open.click();
  await link.fill(`${files}/answer-503/gone-link.wav`);
  await link.press("Enter");
  await expect(dialog).toHaveCount(0);
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: "gone-link.wav", exact: true }).click();
  const view = page.getByTestId("file-view");
  await expect(view.getByTestId("failed")).toContainText("Download from the link failed", { timeout: 20_000 });
  await expect(view.getByTestId("failure-reason")).toHaveText("The link answered 503 instead of the file");
  await expect(view.getByTestId("link-import-url")).toHaveText(`${files}/answer-503/gone-link.wav`);
  await expect(view.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(view.getByTestId("media-player")).toHaveCount(0);
  await expect(view.getByText("Transcribing…")).toHaveCount(0);
  await snap(page, "link-import-failed");
});
