import { expect, signIn, snap, test } from "./fixtures";
import { sineWav } from "./media";
import { openTranscript } from "./transcripts";

// The app is pointed (DEV_VARS in playwright.config.ts) at a fake OpenAI-compatible
// speech server: everything else — queue, consumer, D1, R2, the per-user Durable
// Object and the socket — is the real local stack.

test("upload → processing with progress → ready pushed live → transcript and details", async ({ page }) => {
  await signIn(page, "Live Tester");
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");

  await page.getByTestId("upload-input").setInputFiles({ name: "standup-slow.wav", mimeType: "audio/wav", buffer: sineWav(12) });
  await expect(page.getByText("Successfully uploaded standup-slow.wav")).toBeVisible();
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: "standup-slow.wav", exact: true }).click();

  const view = page.getByTestId("file-view");
  await expect(view.getByTestId("status-badge")).toHaveText("Processing");
  await expect(page.getByRole("progressbar", { name: "Transcription progress" })).toBeVisible();
  await expect(page.getByText("Transcript is being processed. Details will appear when transcription is complete.")).toBeVisible();
  await snap(page, "20-processing");

  // No reload: the ready event arrives over the socket.
  const pushedAt = Date.now();
  await expect(page.getByText("standup-slow.wav: Transcription completed")).toBeVisible({ timeout: 30_000 });
  console.log(`ready toast ${Date.now() - pushedAt} ms after the processing view was shown`);
  await expect(view.getByTestId("status-badge")).toHaveText("Ready");
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  await expect(page.getByTestId("utterance").first()).toContainText("so the quarterly budget");
  await expect(page.getByTestId("detail-speakers")).toHaveText("2");
  await expect(page.getByTestId("detail-words")).toHaveText("48");
  await expect(page.getByText("No Transcript Available")).toHaveCount(0);
  await snap(page, "21-transcript");
});

test("no update is lost while the socket is down", async ({ page, context }) => {
  await signIn(page);
  await page.goto("/dashboard");
  const topbar = page.getByTestId("topbar");
  await expect(topbar).toHaveAttribute("data-live-status", "open");

  await page.getByTestId("upload-input").setInputFiles({ name: "offline-slow.wav", mimeType: "audio/wav", buffer: sineWav(5) });
  await expect(page.getByText("Successfully uploaded offline-slow.wav")).toBeVisible();
  const fileId = await (async () => {
    const res = await page.request.get("/api/v1/audio_files", {
      headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("auth_token"))}` },
    });
    return ((await res.json()) as { data: { id: string; name: string }[] }).data.find((f) => f.name === "offline-slow.wav")!.id;
  })();
  await page.goto(`/dashboard/file/${fileId}`);
  await expect(page.getByTestId("status-badge")).toHaveText("Processing");

  // The browser goes offline: the socket is stale within 6 s and cannot reconnect.
  await context.setOffline(true);
  await expect(topbar).not.toHaveAttribute("data-live-status", "open", { timeout: 15_000 });

  // Meanwhile the file becomes ready on the server (the event has nobody to reach).
  const token = await page.evaluate(() => localStorage.getItem("auth_token"));
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/v1/audio_files/${fileId}`, { headers: { Authorization: `Bearer ${token}` } });
        return ((await res.json()) as { data: { status: string } }).data.status;
      },
      { timeout: 30_000 },
    )
    .toBe("ready");
  await expect(page.getByTestId("status-badge")).toHaveText("Processing");

  // Back online: the channel reconnects and refetches, so the missed change shows up.
  await context.setOffline(false);
  await expect(topbar).toHaveAttribute("data-live-status", "open", { timeout: 15_000 });
  await expect(page.getByTestId("status-badge")).toHaveText("Ready", { timeout: 10_000 });
  await expect(page.getByTestId("utterance").first()).toBeVisible();
  await snap(page, "22-after-reconnect");
});

test("a failed transcription shows its reason and can be sent again", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  await page.getByTestId("upload-input").setInputFiles({ name: "broken-fail.wav", mimeType: "audio/wav", buffer: sineWav(2) });
  // Its failure's toast (the "Transcription started" one may still be showing beside it).
  await expect(page.getByText(/^broken-fail\.wav: /).filter({ hasNotText: "Transcription started" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: "broken-fail.wav", exact: true }).click();
  await expect(page.getByTestId("status-badge")).toHaveText("Failed");
  await expect(page.getByText("Transcription failed. Please try uploading the file again.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Transcribe again" })).toBeVisible();
  await snap(page, "23-failed");
});

test("the socket URL carries a single-use ticket, never the session token, and logging out elsewhere closes the socket", async ({
  page,
  context,
}) => {
  const session = await signIn(page);
  const sockets: { url: string; closedAt: number | null }[] = [];
  page.on("websocket", (ws) => {
    const entry = { url: ws.url(), closedAt: null as number | null };
    sockets.push(entry);
    ws.on("close", () => (entry.closedAt = Date.now()));
  });
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  expect(sockets).toHaveLength(1);
  const ticket = new URL(sockets[0]!.url).searchParams.get("token");
  expect(ticket).toBeTruthy();
  expect(ticket).not.toBe(session.token);
  expect(sockets[0]!.url).not.toContain(session.token);

  // The same session logs out from another tab: this tab's socket closes at once,
  // and the tab, whose session is over, ends on the sign-in page.
  const other = await context.newPage();
  await other.goto("/dashboard");
  await other.getByRole("button", { name: "Logout" }).click();
  await expect(other).toHaveURL(/\/signin$/);
  const loggedOutAt = Date.now();
  await expect.poll(() => sockets[0]!.closedAt, { timeout: 2_000 }).not.toBeNull();
  expect(sockets[0]!.closedAt! - loggedOutAt).toBeLessThan(1_000);
  await expect(page).toHaveURL(/\/signin$/, { timeout: 10_000 });
});

test("a change made while a tab's live connection was still opening shows there once it opens, without a reload", async ({
  page,
  context,
}) => {
  const session = await signIn(page, "Late Socket");
  await openTranscript(page, "late-socket.wav");
  const fileId = new URL(page.url()).pathname.split("/").pop()!;

  // A second tab whose connection waits (its ticket is held) until notes are written elsewhere.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const other = await context.newPage();
  await other.route("**/api/v1/cable/ticket", async (route) => {
    await held;
    await route.continue();
  });
  await other.goto(page.url());
  await expect(other.getByTestId("utterance")).toHaveCount(6);
  const notes = other.getByTestId("notes-editor").getByLabel("Notes");
  await expect(notes).toHaveValue("");
  await expect(other.getByTestId("topbar")).not.toHaveAttribute("data-live-status", "open");

  const put = await page.request.put(`/api/v1/transcripts/${fileId}`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: { transcript: { notes: "Written while the other tab was connecting" } },
  });
  expect(put.status()).toBe(200);
  release();
  await expect(other.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  await expect(notes).toHaveValue("Written while the other tab was connecting");
});
