// Opening a transcript longer than the first screenful (decision 030): the first 40 utterances
// take edits at once, and the whole transcript, arriving later, merges in without losing them.
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { sineWav } from "./media";
import { caretAt, utteranceText as text } from "./transcripts";

test("the first screenful takes an edit before the rest arrives, and an older whole does not undo it", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "Early Editor");
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");

  // The whole transcript (in either shape: a live message may have the editor read it again) is
  // read from the server at once but reaches the page only after the edit is saved: an answer
  // older than what the server then holds.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const whole = (url: URL) => url.pathname.endsWith("/utterances") && !url.searchParams.has("first") && !url.searchParams.has("ids");
  await page.route(whole, async (route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  // Held from the upload on: the file view may open the new file by itself.
  const name = "early-long100.wav";
  await page.getByTestId("upload-input").setInputFiles({ name, mimeType: "audio/wav", buffer: sineWav(25) });
  await expect(page.getByText(`${name}: Transcription completed`)).toBeVisible({ timeout: 30_000 });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name, exact: true }).click();
  await expect(page.getByTestId("utterance")).toHaveCount(40);
  await expect(text(page, 0)).toHaveAttribute("contenteditable", "true");

  // Drawn lean until the whole is in: pointing at the text draws every word's span.
  await text(page, 0).hover();
  await expect(text(page, 0).locator("[data-word-id]")).toHaveCount(8);
  const firstWord = (await text(page, 0).locator("[data-word-id]").first().textContent())!;
  await caretAt(page, 0, firstWord);
  await page.keyboard.type("Early");
  await expect(text(page, 0)).toContainText(`${firstWord}Early`);
  // Saved on the server while the whole is still held back.
  const token = await page.evaluate(() => localStorage.getItem("auth_token"));
  const fileId = page.url().split("/").pop()!;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/v1/transcripts/${fileId}/utterances?first=1`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { data: { data: { transcriptWords: { text: string }[] }[] } };
      return body.data.data[0]!.transcriptWords[0]!.text;
    })
    .toBe(`${firstWord}Early`);
  await expect(page.getByTestId("utterance")).toHaveCount(40);

  release();
  await expect(page.getByTestId("utterance")).toHaveCount(100);
  await expect(text(page, 0)).toContainText(`${firstWord}Early`);
  await expect(text(page, 99)).toBeVisible();

  await page.unrouteAll();
  await page.reload();
  await expect(page.getByTestId("utterance")).toHaveCount(100);
  await expect(text(page, 0)).toContainText(`${firstWord}Early`);
});

/** Whether this browser's copy of a transcript (local-copy.ts) holds the text: written once the server's whole is in, and after saves. */
const copyHolds = (page: Page, text: string) =>
  page.evaluate(
    (text) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open("transcribe-copies");
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("copies")) return resolve(false);
          const all = db.transaction("copies").objectStore("copies").getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result.some((r: { utterances?: unknown }) => typeof r.utterances === "string" && r.utterances.includes(text)));
          };
          all.onerror = () => resolve(false);
        };
      }),
    text,
  );

test("this browser's copy takes an edit at once, shows whole before the server answers, and stands offline", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "Copy Editor");
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  const name = "copy-long100.wav";
  await page.getByTestId("upload-input").setInputFiles({ name, mimeType: "audio/wav", buffer: sineWav(25) });
  await expect(page.getByText(`${name}: Transcription completed`)).toBeVisible({ timeout: 30_000 });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name, exact: true }).click();
  await expect(page.getByTestId("utterance")).toHaveCount(100);
  const firstWord = (await text(page, 0).locator("[data-word-id]").first().textContent())!;
  await expect.poll(() => copyHolds(page, `"${firstWord}"`)).toBe(true);

  // The server's utterances (the first screenful and the whole) are held back: only the copy can show.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const utterances = (url: URL) => url.pathname.endsWith("/utterances") && !url.searchParams.has("ids");
  await page.route(utterances, async (route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  await page.reload();
  await expect(text(page, 0)).toHaveAttribute("contenteditable", "true");
  // Drawn lean while only the first screenful is in: pointing at the text draws the word spans.
  await text(page, 0).hover();
  await expect(text(page, 0).locator("[data-word-id]")).toHaveCount(8);
  await caretAt(page, 0, firstWord);
  await page.keyboard.type("Copy");
  await expect(text(page, 0)).toContainText(`${firstWord}Copy`);
  // The copy's whole merges in while the server's answers are still held, keeping the edit.
  await expect(page.getByTestId("utterance")).toHaveCount(100);
  await expect(text(page, 99)).toBeVisible();
  await expect(text(page, 0)).toContainText(`${firstWord}Copy`);

  release();
  await page.unrouteAll({ behavior: "wait" });
  // Saved, and then kept in the copy too.
  await expect.poll(() => copyHolds(page, `"${firstWord}Copy"`), { timeout: 15_000 }).toBe(true);

  // The server cannot be reached: the copy shows and takes edits, the editor does not fail.
  let refused = 0;
  await page.route(utterances, async (route) => {
    refused++;
    await route.abort("internetdisconnected");
  });
  await page.reload();
  await expect(page.getByTestId("utterance")).toHaveCount(100);
  await expect.poll(() => refused).toBeGreaterThan(1);
  await expect(text(page, 0)).toHaveAttribute("contenteditable", "true");
  await expect(text(page, 0)).toContainText(`${firstWord}Copy`);
  await expect(page.getByTestId("utterance")).toHaveCount(100);
  await page.unrouteAll({ behavior: "wait" });

  await page.reload();
  await expect(page.getByTestId("utterance")).toHaveCount(100);
  await expect(text(page, 0)).toContainText(`${firstWord}Copy`);
});
