import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { caretAt, openTranscript, utteranceText as text } from "./transcripts";

// The generated transcript (tests/support/fake-openai.ts): utterance 0 "so the quarterly budget looks fine but
// we." is low-confidence (exp(-0.5) ≈ 0.61), utterance 1 "fine but we should talk about hiring plans." is not
// (exp(-0.05) ≈ 0.95).

interface ServerWord {
  id: string;
  text: string;
  confidenceScore: number;
}

/** The words of utterance i as the server stores them. */
async function serverWords(page: Page, i: number): Promise<ServerWord[]> {
  const token = await page.evaluate(() => localStorage.getItem("auth_token"));
  const fileId = page.url().split("/").pop()!;
  const res = await page.request.get(`/api/v1/transcripts/${fileId}/utterances`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { data: { transcriptWords: ServerWord[] }[] } };
  return body.data.data[i]!.transcriptWords;
}

/** Elements inside an utterance's text that are not the editor's own word spans holding plain text. */
function foreignMarkup(page: Page, i: number): Promise<string[]> {
  return text(page, i).evaluate((el) => {
    const out: string[] = [];
    for (const child of el.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) continue;
      const span = child as HTMLElement;
      const own =
        span.tagName === "SPAN" && span.dataset.wordId && [...span.attributes].every((a) => /^(data-word-id|class|title)$/.test(a.name));
      if (!own || [...span.childNodes].some((n) => n.nodeType !== Node.TEXT_NODE)) out.push(span.outerHTML);
    }
    return out;
  });
}

/** Puts rich HTML (and its plain-text form) on the real clipboard and pastes it with the keyboard. */
async function pasteRich(page: Page, html: string, plain: string) {
  await page.evaluate(
    ({ html, plain }) =>
      navigator.clipboard.write([
        new ClipboardItem({
          "text/html": new Blob([html], { type: "text/html" }),
          "text/plain": new Blob([plain], { type: "text/plain" }),
        }),
      ]),
    { html, plain },
  );
  await page.keyboard.press("Control+V");
}

/** Selects utterance i's text from the start of the first `from` word to the end of the first `to` word. */
async function selectWords(page: Page, i: number, from: string, to: string) {
  await text(page, i).evaluate(
    (el, { from, to }) => {
      const spans = [...el.querySelectorAll<HTMLElement>("[data-word-id]")];
      const first = spans.find((s) => s.textContent === from)!;
      const last = spans.find((s) => s.textContent === to)!;
      (el as HTMLElement).focus();
      const range = document.createRange();
      range.setStart(first.firstChild!, 0);
      range.setEnd(last.firstChild!, last.textContent!.length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    },
    { from, to },
  );
}

const RICH = '<meta charset="utf-8"><font color="#ff0000"><b>Red</b></font> <span style="background-color: yellow;">marked</span>';

test("paste keeps only the text: no formatting enters an utterance, next to plain, low-confidence or highlighted words", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, "Paster");
  await openTranscript(page, "paste.wav");

  // Over, before and after the word the player highlights (clicking a word seeks there).
  const talk = text(page, 1).locator("[data-word-id]").nth(4);
  await talk.click();
  await expect(talk).toHaveClass(/word--playing/);
  await selectWords(page, 1, "talk", "talk");
  await pasteRich(page, RICH, "spoke");
  expect(await foreignMarkup(page, 1)).toEqual([]);
  await expect(text(page, 1)).toHaveText("fine but we should spoke about hiring plans.");
  const about = text(page, 1).locator("[data-word-id]").nth(5);
  await about.click();
  await expect(about).toHaveClass(/word--playing/);
  await caretAt(page, 1, "about", "before");
  await pasteRich(page, RICH, "Red ");
  expect(await foreignMarkup(page, 1)).toEqual([]);
  await caretAt(page, 1, "about");
  await pasteRich(page, RICH, " marked");
  expect(await foreignMarkup(page, 1)).toEqual([]);
  await expect(text(page, 1)).toHaveText("fine but we should spoke Red about marked hiring plans.");
  // Deleting the highlighted word first: the browser would carry its colours over to what comes next.
  const hiring = text(page, 1).locator("[data-word-id]").nth(8);
  await hiring.click();
  await expect(hiring).toHaveClass(/word--playing/);
  await selectWords(page, 1, "hiring", "hiring");
  await page.keyboard.press("Backspace");
  await pasteRich(page, RICH, "Red marked");
  expect(await foreignMarkup(page, 1)).toEqual([]);
  await expect(text(page, 1)).toHaveText("fine but we should spoke Red about marked Red marked plans.");
  // The same for typing where a highlighted word was deleted.
  const plans = text(page, 1).locator("[data-word-id]").nth(10);
  await plans.click();
  await expect(plans).toHaveClass(/word--playing/);
  await selectWords(page, 1, "plans.", "plans.");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("goals");
  expect(await foreignMarkup(page, 1)).toEqual([]);
  await expect(text(page, 1)).toHaveText("fine but we should spoke Red about marked Red marked goals");

  // Inside, before, after and over low-confidence words (utterance 0 is all low-confidence).
  await caretAt(page, 0, "quarterly");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await pasteRich(page, RICH, "Red marked");
  expect(await foreignMarkup(page, 0)).toEqual([]);
  await expect(text(page, 0)).toHaveText("so the quarterRed markedly budget looks fine but we.");
  await caretAt(page, 0, "budget", "before");
  await pasteRich(page, RICH, "Red marked");
  expect(await foreignMarkup(page, 0)).toEqual([]);
  await caretAt(page, 0, "looks");
  await pasteRich(page, `<span style="color: rgb(0, 0, 255); font-size: 30px">blue</span>`, " blue");
  expect(await foreignMarkup(page, 0)).toEqual([]);
  await expect(text(page, 0)).toHaveText("so the quarterRed markedly Red markedbudget looks blue fine but we.");
  await selectWords(page, 0, "looks", "blue");
  await pasteRich(page, RICH, "seems\n\tfine");
  expect(await foreignMarkup(page, 0)).toEqual([]);
  await expect(text(page, 0)).toHaveText("so the quarterRed markedly Red markedbudget seems fine fine but we.");

  // Only the text reaches the server; a reload draws exactly those words.
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  expect((await serverWords(page, 0)).map((w) => w.text).join(" ")).toBe(
    "so the quarterRed markedly Red markedbudget seems fine fine but we.",
  );
  expect((await serverWords(page, 1)).map((w) => w.text).join(" ")).toBe("fine but we should spoke Red about marked Red marked goals");
  await page.reload();
  await expect(text(page, 1)).toHaveText("fine but we should spoke Red about marked Red marked goals");
  expect(await foreignMarkup(page, 0)).toEqual([]);
});

/** Presses Ctrl+I on the first `word` of utterance i and waits until the save settles. */
async function cycle(page: Page, i: number, word: string) {
  await caretAt(page, i, word);
  await page.keyboard.press("Control+i");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
}

async function confidenceOf(page: Page, i: number, word: string) {
  return (await serverWords(page, i)).find((w) => w.text === word)!.confidenceScore;
}

test("Ctrl+I toggles a confident word between 0 and its original, saved and after reloads", async ({ page }) => {
  await signIn(page, "Reviewer");
  await openTranscript(page, "confidence-high.wav");
  const original = await confidenceOf(page, 1, "talk");
  expect(original).toBeGreaterThanOrEqual(0.8);

  await cycle(page, 1, "talk");
  await expect(text(page, 1).getByText("talk", { exact: true })).toHaveClass(/word--inaudible/);
  expect(await confidenceOf(page, 1, "talk")).toBe(0);
  await cycle(page, 1, "talk");
  await expect(text(page, 1).getByText("talk", { exact: true })).not.toHaveClass(/word--inaudible|word--low/);
  expect(await confidenceOf(page, 1, "talk")).toBe(original);

  // The original outlives a reload.
  await cycle(page, 1, "talk");
  expect(await confidenceOf(page, 1, "talk")).toBe(0);
  await page.reload();
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  await cycle(page, 1, "talk");
  expect(await confidenceOf(page, 1, "talk")).toBe(original);
  await page.reload();
  await expect(text(page, 1).getByText("talk", { exact: true })).not.toHaveClass(/word--inaudible|word--low/);

  // Two quick presses (one save) end where they started.
  await caretAt(page, 1, "about");
  const about = await confidenceOf(page, 1, "about");
  await page.keyboard.press("Control+i");
  await page.keyboard.press("Control+i");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  expect(await confidenceOf(page, 1, "about")).toBe(about);
});

test("Ctrl+I cycles a low-confidence word original, 0, 1, 0, 1, saved and after reloads", async ({ page }) => {
  await signIn(page, "Low Reviewer");
  await openTranscript(page, "confidence-low.wav");
  const original = await confidenceOf(page, 0, "budget");
  expect(original).toBeLessThan(0.8);
  const seen: number[] = [];
  for (let press = 0; press < 4; press++) {
    await cycle(page, 0, "budget");
    seen.push(await confidenceOf(page, 0, "budget"));
    if (press % 2 === 1) {
      await page.reload();
      await expect(page.getByTestId("utterance")).toHaveCount(6);
    }
  }
  expect(seen).toEqual([0, 1, 0, 1]);
});

test("a word cannot hold text-direction controls: typed or pasted, the utterance reads in order", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, "Bidi Editor");
  await openTranscript(page, "bidi.wav");
  const before = await text(page, 2).textContent();

  // Pasted: the control is dropped, the text kept.
  await caretAt(page, 1, "talk", "before");
  await pasteRich(page, "\u202Ewow", "\u202Ewow");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });
  expect((await serverWords(page, 1)).map((w) => w.text)).toContain("wowtalk");

  // Sent straight to the API: refused, nothing stored.
  const token = await page.evaluate(() => localStorage.getItem("auth_token"));
  const fileId = page.url().split("/").pop()!;
  const words = await serverWords(page, 2);
  const utterances = (await (
    await page.request.get(`/api/v1/transcripts/${fileId}/utterances`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { data: { data: { id: string }[] } };
  const res = await page.request.patch(`/api/v1/transcripts/${fileId}/utterances/${utterances.data.data[2]!.id}/update_words`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { words: words.map((w, k) => (k === 1 ? { id: w.id, text: `\u202E${w.text}` } : { id: w.id })) },
  });
  expect(res.status()).toBe(422);
  expect(((await res.json()) as { error: string }).error).toMatch(/text-direction control characters/);
  await page.reload();
  await expect(text(page, 2)).toHaveText(before!);

  // Typed: the control is dropped at once, so nothing after it is reordered and nothing is saved.
  await caretAt(page, 2, before!.split(" ")[1]!, "before");
  await page.keyboard.insertText("\u202E");
  await expect(text(page, 2)).toHaveText(before!);
  await page.getByRole("searchbox", { name: "Search transcript" }).click();
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/);
  expect((await serverWords(page, 2)).map((w) => w.text).join(" ")).toBe(before);
});
