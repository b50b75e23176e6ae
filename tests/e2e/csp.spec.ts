import { expect, signIn, test } from "./fixtures";
import { openTranscript } from "./transcripts";

test("the workspace and the editor run under the Content-Security-Policy without a single violation", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  await signIn(page, "Strict");
  await openTranscript(page, "csp-check.wav");
  // Forms validate with the shared schemas too.
  await page.getByRole("button", { name: "+ Folder" }).click();
  await page.getByLabel("Folder name").fill("Interviews");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
