import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { sineWav } from "./media";

/**
 * Uploads a 25 s WAV, waits for its transcript from the fake speech server
 * (6 utterances of 8 words, two speakers) and opens it in the editor.
 */
export async function openTranscript(page: Page, name: string) {
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  await page.getByTestId("upload-input").setInputFiles({ name, mimeType: "audio/wav", buffer: sineWav(25) });
  await expect(page.getByText(`${name}: Transcription completed`)).toBeVisible({ timeout: 30_000 });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name, exact: true }).click();
  await expect(page.getByTestId("utterance")).toHaveCount(6);
  // The first screenful shows read-only for a moment while the editor loads the rest.
  await expect(utteranceText(page, 0)).toHaveAttribute("contenteditable", "true");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/);
}

/** The editable words of utterance i. */
export const utteranceText = (page: Page, i: number) => page.getByTestId("utterance-text").nth(i);

/** Puts the caret right after the first occurrence of `word` in utterance i (or before it with `before`). */
export async function caretAt(page: Page, i: number, word: string, where: "before" | "after" = "after") {
  await utteranceText(page, i).evaluate(
    (el, { word, where }) => {
      const span = [...el.querySelectorAll<HTMLElement>("[data-word-id]")].find((s) => s.textContent === word)!;
      (el as HTMLElement).focus();
      const range = document.createRange();
      range.setStart(span.firstChild!, where === "after" ? span.textContent!.length : 0);
      range.collapse(true);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    },
    { word, where },
  );
}

/** Selects utterance i's words from `from` to `to` (focus in its text, as a mouse drag leaves it). */
export async function selectWords(page: Page, i: number, from: string, to: string) {
  await utteranceText(page, i).evaluate(
    (el, { from, to }) => {
      const spans = [...el.querySelectorAll<HTMLElement>("[data-word-id]")];
      const first = spans.find((s) => s.textContent === from)!;
      const last = spans.find((s, k) => k >= spans.indexOf(first) && s.textContent === to)!;
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
