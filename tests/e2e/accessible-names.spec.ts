// Accessible names contain the visible labels (WCAG 2.5.3, Label in Name), so
// speech-input users can say what they see. axe keeps this rule among its
// experimental ones, so it is asked for by name.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { openTranscript } from "./transcripts";

test.use({ reducedMotion: "reduce" });

async function expectLabelsInNames(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withRules(["label-content-name-mismatch"]).analyze();
  const report = results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`)).join("\n");
  expect(results.violations, `${what}:\n${report}`).toEqual([]);
  // The rule really ran over labelled controls of the page (the player's skip buttons at least).
  expect(results.passes.flatMap((p) => p.nodes).length).toBeGreaterThan(0);
}

for (const theme of ["light", "dark"] as const) {
  test(`the editor page's controls say what they show (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await signIn(page, `Speech Input ${theme}`);
    await openTranscript(page, `names-${theme}.wav`);
    await expect(page.getByTestId("export-docx")).toBeVisible();
    await expectLabelsInNames(page, `editor page (${theme})`);
    // The export buttons' names start with what they show, so "click DOCX" finds the button.
    for (const format of ["pdf", "docx", "srt", "vtt", "txt"]) {
      const button = page.getByTestId(`export-${format}`);
      await expect(button).toHaveText(format.toUpperCase());
      await expect(button).toHaveAccessibleName(new RegExp(`^${format.toUpperCase()}\\b`));
    }
  });
}
