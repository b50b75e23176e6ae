// A long recording's progress by pieces: its own app cuts files into pieces of about 3 s (8 kHz
// WAV under 0.05 MB a request), and the fake speech server answers each piece after 1.5 s. The
// file's progress block counts the pieces as they finish, with the time left estimated from
// them, and shows each finished piece within a second of the speech server's answer.
import { expect, signIn, test } from "./fixtures";
import { sineWav } from "./media";
import { ownApp, speechRequests } from "./own-app";

const PIECES = 6;
const SECONDS_PER_PIECE = 3;
const app = ownApp(21, "OPENAI_MAX_FILE_SIZE_MB=0.05");

test.use({ baseURL: app.base });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  await app.start();
});
test.afterAll(() => app.kill());

test("the progress block counts a long file's pieces as each is recognised, with the time left", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "Piece Watcher");
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  // Every change of the pieces line and of the times, with when the page showed it.
  await page.evaluate(() => {
    const seen: { pieces: string; times: string; at: number }[] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? "";
    new MutationObserver(() => {
      const now = { pieces: text("processing-pieces"), times: text("processing-times"), at: Date.now() };
      if (now.pieces && now.pieces !== seen.at(-1)?.pieces) seen.push(now);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  const name = `lecture-${Date.now()}-pace-1500ms.wav`;
  await page.getByTestId("upload-input").setInputFiles({ name, mimeType: "audio/wav", buffer: sineWav(PIECES * SECONDS_PER_PIECE, 8000) });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name, exact: true }).click();
  const pieces = page.getByTestId("processing-pieces");
  await expect(pieces).toHaveText(/^Chunk [2-5] of 6$/, { timeout: 30_000 });
  // The time left comes from the pieces done so far.
  await expect(page.getByTestId("processing-times")).toHaveText(/elapsed · about \d+:\d{2} remaining$/);
  await expect(page.getByTestId("transcript")).toBeVisible({ timeout: 30_000 });

  const seen = await page.evaluate(() => (window as unknown as { seen: { pieces: string; times: string; at: number }[] }).seen);
  const answered = (await speechRequests(name)).answered;
  expect(answered).toHaveLength(PIECES);
  // "Chunk k+1 of 6" means piece k is done: how long after the speech server answered piece k the page said so.
  const delays = seen.flatMap(({ pieces: line, at }) => {
    const next = Number(/^Chunk (\d+) of 6$/.exec(line)?.[1]);
    const answer = answered[next - 2];
    return next >= 2 && answer !== undefined ? [at - answer] : [];
  });
  console.log(`Piece shown after the speech server's answer (ms): ${delays.join(", ")}`);
  expect(delays.length).toBeGreaterThanOrEqual(3);
  for (const delay of delays) expect(delay).toBeLessThanOrEqual(1000);
  // The count only goes up.
  const shown = seen.map((s) => Number(/^Chunk (\d+)/.exec(s.pieces)?.[1]));
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
});
