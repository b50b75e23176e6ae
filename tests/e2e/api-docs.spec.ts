import { expect, test } from "./fixtures";

test("/docs/api renders the API reference under the Content-Security-Policy without a violation", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const csp: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) csp.push(msg.text());
  });
  await page.goto("/docs/api");
  // Operations from the document, grouped by tag: the first group is drawn at once; with over a
  // hundred operations the rest are drawn as they scroll into view, or found with the filter box.
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
  const filter = page.getByPlaceholder("Filter by tag");
  await filter.fill("Webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();
  await filter.fill("API tokens");
  await expect(page.getByText("Create an API token")).toBeVisible();
  await page.getByText("Create an API token").click();
  await expect(page.getByText("Nightly uploads").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(csp).toEqual([]);
});
