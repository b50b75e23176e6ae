// Large uploads in parts, end to end: a part that fails once is retried and Retry
// resumes a failed file without sending its parts again; Cancel aborts the upload on the server; a reload mid-upload (after the
// warning before leaving) resumes from the parts already stored when the same file is
// chosen again. Failures and a stalled network are made at the test boundary by
// intercepting the part requests.
import { writeFileSync } from "node:fs";
import type { Page, Request, Route } from "@playwright/test";
import { expect, signIn, snap, test } from "./fixtures";
import { sineWav } from "./media";

test.use({ serverErrorsExpected: [500, 503] });

const PART_ROUTE = "**/api/v1/storage/part?**";
const partOf = (request: Request) => Number(new URL(request.url()).searchParams.get("part"));

/** A real WAV on disk of about `mb` MB (8 kHz mono), chosen through the upload input by path. */
function bigWav(name: string, mb: number): string {
  const path = test.info().outputPath(name);
  writeFileSync(path, sineWav((mb * 1024 * 1024) / 16_000, 8000));
  return path;
}

/** How many stored parts each remembered upload has, read from this page's IndexedDB. */
function rememberedParts(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const open = indexedDB.open("transcribe-uploads");
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains("resumable")) return resolve([]);
          const all = open.result.transaction("resumable").objectStore("resumable").getAll();
          all.onsuccess = () => resolve(all.result.map((r: { parts: object }) => Object.keys(r.parts).length));
        };
        open.onerror = () => resolve([]);
      }),
  );
}

async function filesOf(page: Page, token: string) {
  const res = await page.request.get("/api/v1/audio_files", { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { name: string; fileSize: number }[] }).data;
}

test("a large file goes up in parts; a part that fails once is retried, and Retry resumes without sending parts again", async ({
  page,
}) => {
  const session = await signIn(page);
  const path = bigWav("lecture-parts.wav", 17);
  const sent: number[] = [];
  let failed = false;
  await page.route(PART_ROUTE, async (route) => {
    const part = partOf(route.request());
    sent.push(part);
    if (part === 2 && !failed) {
      failed = true;
      return route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Storage hiccup" }) });
    }
    return route.continue();
  });
  // Joining the parts fails once: the file stops with Retry (parts are retried by themselves, the whole file by the user).
  let completes = 0;
  await page.route("**/api/v1/uploads/*/complete", (route) =>
    ++completes === 1
      ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "Service unavailable" }) })
      : route.continue(),
  );
  await page.goto("/dashboard");
  await page.getByTestId("upload-input").setInputFiles(path);
  const item = page.getByTestId("upload-item").filter({ hasText: "lecture-parts.wav" });
  await expect(item.getByRole("button", { name: "Cancel upload of lecture-parts.wav" })).toBeVisible();
  await expect(page.getByText("Upload failed: Service unavailable")).toBeVisible({ timeout: 45_000 });
  await expect(item).toContainText("Failed");
  // Three parts, the second sent twice.
  expect(sent.sort()).toEqual([1, 2, 2, 3]);

  await item.getByRole("button", { name: "Retry upload of lecture-parts.wav" }).click();
  await expect(page.getByText("Successfully uploaded lecture-parts.wav")).toBeVisible({ timeout: 45_000 });
  // Retry resumed: no part was sent again.
  expect(sent.sort()).toEqual([1, 2, 2, 3]);
  expect(completes).toBe(2);
  const [file] = (await filesOf(page, session.token)).filter((f) => f.name === "lecture-parts.wav");
  expect(file?.fileSize).toBe(17 * 1024 * 1024 + 44);
});

test("Cancel aborts an upload in parts on the server", async ({ page }) => {
  const session = await signIn(page);
  const path = bigWav("to-cancel.wav", 17);
  const held: Route[] = [];
  await page.route(PART_ROUTE, (route) => void held.push(route));
  await page.goto("/dashboard");
  const created = page.waitForResponse((r) => r.url().endsWith("/api/v1/uploads") && r.request().method() === "POST");
  await page.getByTestId("upload-input").setInputFiles(path);
  const uploadId = ((await (await created).json()) as { data: { upload_id: string } }).data.upload_id;
  await expect.poll(() => held.length).toBe(3);
  await snap(page, "uploads-in-parts");

  const cancelled = page.waitForResponse((r) => r.url().endsWith(`/api/v1/uploads/${uploadId}`) && r.request().method() === "DELETE");
  await page.getByRole("button", { name: "Cancel upload of to-cancel.wav" }).click();
  expect((await cancelled).status()).toBe(200);
  await expect(page.getByTestId("upload-item")).toHaveCount(0);
  await expect(page.getByText(/Upload failed/)).toHaveCount(0);
  const gone = await page.request.get(`/api/v1/uploads/${uploadId}`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(gone.status()).toBe(404);
  expect(await filesOf(page, session.token)).toEqual([]);
  for (const route of held) await route.abort().catch(() => {});
});

test("a reload mid-upload warns first, then resumes from the stored parts when the same file is chosen again", async ({ page }) => {
  const session = await signIn(page);
  const path = bigWav("long-session.wav", 26);
  const held: Route[] = [];
  const beforeReload: number[] = [];
  await page.route(PART_ROUTE, (route) => {
    const part = partOf(route.request());
    beforeReload.push(part);
    // Parts 1 and 2 get through; the connection "stalls" for the rest.
    if (part <= 2) return route.continue();
    held.push(route);
  });
  await page.goto("/dashboard");
  const stored = (part: number) =>
    page.waitForResponse((r) => r.url().includes("/api/v1/storage/part?") && partOf(r.request()) === part && r.status() === 200);
  const [first, second] = [stored(1), stored(2)];
  await page.getByTestId("upload-input").setInputFiles(path);
  await Promise.all([first, second]);
  await expect(page.getByTestId("upload-item")).toContainText("long-session.wav");

  // The two stored parts are remembered in this browser before the page goes.
  await expect.poll(() => rememberedParts(page)).toEqual([2]);

  // Leaving the page while it uploads asks first.
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(dialogs).toEqual(["beforeunload"]);
  await page.unroute(PART_ROUTE);
  for (const route of held) await route.abort().catch(() => {});
  const afterReload: number[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/v1/storage/part?")) afterReload.push(partOf(request));
  });

  const interrupted = page.getByTestId("resumable-upload");
  await expect(interrupted).toContainText("long-session.wav");
  await expect(interrupted).toContainText("Choose the same file again to resume");
  // Two of four parts (8 MB each of about 26 MB) were stored.
  await expect(interrupted).toContainText("62%");
  await snap(page, "uploads-interrupted");
  await page.getByTestId("upload-input").setInputFiles(path);
  await expect(page.getByText("Successfully uploaded long-session.wav")).toBeVisible({ timeout: 45_000 });
  expect(afterReload.sort()).toEqual([3, 4]);
  await expect(page.getByTestId("resumable-upload")).toHaveCount(0);
  const [file] = (await filesOf(page, session.token)).filter((f) => f.name === "long-session.wav");
  expect(file?.fileSize).toBe(26 * 1024 * 1024 + 44);
});
