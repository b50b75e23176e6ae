// Failures a user can see, and jobs that survive a crash: a retrying job says so
// in the file view; an app killed between two pieces of a transcription finishes it
// after a restart (the recovery sweep restarts its run), and sends no recognised piece again.
import { request as playwrightRequest } from "@playwright/test";
import { createUser, expect, signIn, snap, test } from "./fixtures";
import { sineWav } from "./media";
import { ownApp, speechRequests } from "./own-app";

test("a retrying transcription shows its attempt, the service's reason and the next try", async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, "Retry Watcher");
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  // "hold": the fake speech server answers 503 (busy), so the job retries later.
  await page.getByTestId("upload-input").setInputFiles({ name: "interview-hold.wav", mimeType: "audio/wav", buffer: sineWav(3) });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: "interview-hold.wav", exact: true }).click();
  const retry = page.getByTestId("processing-retry");
  // The first attempt may wait behind other tests' jobs in the local queue.
  await expect(retry).toBeVisible({ timeout: 120_000 });
  // The attempt it shows depends on when the page caught up; the reason and the next try are always there.
  await expect(retry).toHaveText(/^Attempt \d+ failed: .*503.*\. Trying again (in [0-9]+:[0-9]{2}|now)\.$/);
  await expect(page.getByText(/interview-hold\.wav: Retrying \(attempt \d+\)/).first()).toBeVisible();
  await snap(page, "22-retrying");
});

const PIECES = 8;
/** 8 kHz 16-bit WAV is 16 kB a second: under 0.05 MB a request, a piece holds about 3 s. */
const SECONDS_PER_PIECE = 3;

test("a transcription killed between pieces finishes after a restart, sending no recognised piece again", async () => {
  test.setTimeout(180_000);
  // Short bounds so the test does not wait the production 16 minutes.
  const app = ownApp(20, "OPENAI_MAX_FILE_SIZE_MB=0.05;JOB_LOST_AFTER_SECONDS=8", { SWEEP_INTERVAL_SECONDS: "2" });
  try {
    await app.start();
    const api = await playwrightRequest.newContext({ baseURL: app.base });
    const { token } = await createUser(api, "Crash Survivor");
    const headers = { authorization: `Bearer ${token}` };
    // "pace-2000ms": each piece is answered after 2 s, so the run is between pieces when the app dies.
    const filename = `board-${Date.now()}-pace-2000ms.wav`;
    const audio = sineWav(PIECES * SECONDS_PER_PIECE, 8000);
    const link = await (
      await api.post("/api/v1/audio_files/upload-url", {
        headers,
        data: { filename, content_type: "audio/wav", file_size: audio.length },
      })
    ).json();
    expect(
      (await fetch(link.upload_url, { method: "PUT", body: new Uint8Array(audio), headers: { "content-type": link.content_type } })).status,
    ).toBe(200);
    const confirmed = await api.post("/api/v1/audio_files/confirm-upload", {
      headers,
      data: {
        filename,
        key: link.key,
        file_size: audio.length,
        content_type: "audio/wav",
        folder_id: "",
        duration_seconds: PIECES * SECONDS_PER_PIECE,
      },
    });
    expect(confirmed.status()).toBe(201);
    const { data: file } = await confirmed.json();
    const job = async (context = api) => (await (await context.get(`/api/v1/audio_files/${file.id}`, { headers })).json()).data.job;
    // Three pieces recognised and stored, the fourth (maybe) on its way, 2 s from its answer: kill everything.
    let recognised = 0;
    for (const end = Date.now() + 60_000; recognised < 3 && Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
      recognised = (await job())?.chunksDone ?? 0;
    app.kill();
    expect(recognised).toBe(3);
    const { received: sentBefore } = await speechRequests(filename);
    expect(sentBefore - recognised).toBeLessThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 1000));

    await app.start();
    const after = await playwrightRequest.newContext({ baseURL: app.base });
    await expect
      .poll(async () => (await (await after.get(`/api/v1/audio_files/${file.id}`, { headers })).json()).data.status, {
        timeout: 90_000,
        intervals: [500],
      })
      .toBe("ready");
    // Pieces 1 to k were recognised before the kill and are never sent again; only a piece still
    // on its way when the app died is sent a second time.
    expect((await speechRequests(filename)).received - sentBefore).toBe(PIECES - recognised);
    const transcript = await after.get(`/api/v1/transcripts/${file.id}`, { headers });
    expect(transcript.status()).toBe(200);
    expect((await transcript.json()).data.wordCount).toBeGreaterThan(0);
  } finally {
    app.kill();
  }
});
