// Exports match the screen: after corrections, a split, a renamed speaker with
// a role, a summary and notes, the PDF and DOCX the browser downloads hold
// exactly what the editor shows, in order; the button walks through its states; an
// export the button downloaded is not offered again, one made elsewhere is, by a live toast.
import { readFileSync } from "node:fs";
import type { Download, Page } from "@playwright/test";
import JSZip from "jszip";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { expect, signIn, snap, test } from "./fixtures";
import { caretAt, openTranscript } from "./transcripts";

/** What the editor shows: each card's speaker and words, in order. */
async function screenTranscript(page: Page) {
  return page.getByTestId("utterance").evaluateAll((cards) =>
    cards.map((card) => ({
      speaker: card.querySelector("[data-testid=utterance-speaker]")!.textContent!.trim(),
      text: card.querySelector("[data-testid=utterance-text]")!.textContent!.replace(/\s+/g, " ").trim(),
    })),
  );
}

function expectInOrder(text: string, pieces: string[]) {
  let from = 0;
  for (const piece of pieces) {
    const at = text.indexOf(piece, from);
    expect(at, `"${piece}" in order, after: ${text.slice(Math.max(0, from - 80), from + 200)}`).toBeGreaterThanOrEqual(0);
    from = at + piece.length;
  }
}

async function pdfText(bytes: Uint8Array) {
  // pdf.js takes over (detaches) the buffer it is given: hand it a copy.
  const pdf = await getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join(" ").replace(/\s+/g, " ");
}

async function docxText(bytes: Uint8Array) {
  const xml = await (await JSZip.loadAsync(bytes)).file("word/document.xml")!.async("string");
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map((p) => [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(" "))
    .join(" ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

const bytesOf = async (download: Download) => new Uint8Array(readFileSync((await download.path())!));

/** Renders page 1 of a PDF with pdf.js in Chromium and saves it as a screenshot to look at. */
async function renderFirstPage(page: Page, bytes: Uint8Array, name: string) {
  const viewer = await page.context().newPage();
  const problems: string[] = [];
  viewer.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  viewer.on("pageerror", (e) => problems.push(e.message));
  const files: Record<string, string> = {
    "/pdf.mjs": "node_modules/pdfjs-dist/legacy/build/pdf.min.mjs",
    "/pdf.worker.mjs": "node_modules/pdfjs-dist/legacy/build/pdf.worker.min.mjs",
  };
  await viewer.route("http://pdf.test/**", async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === "/file.pdf") return route.fulfill({ body: Buffer.from(bytes), contentType: "application/pdf" });
    if (files[path]) return route.fulfill({ body: readFileSync(files[path]), contentType: "text/javascript" });
    return route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><body style="margin:0;background:#888"><canvas id="c"></canvas><script type="module">
        import("/pdf.mjs").then(async (pdfjs) => {
          // A worker's own requests are not routed: hand it its code as a blob.
          const worker = await (await fetch("/pdf.worker.mjs")).blob();
          pdfjs.GlobalWorkerOptions.workerSrc = URL.createObjectURL(new Blob([worker], { type: "text/javascript" }));
          const pdf = await pdfjs.getDocument("/file.pdf").promise;
          const first = await pdf.getPage(1);
          const viewport = first.getViewport({ scale: 1.5 });
          const canvas = document.getElementById("c");
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          await first.render({ canvas, viewport }).promise;
          document.body.dataset.rendered = "yes";
        }, (error) => console.error(error.message));
      </script></body>`,
    });
  });
  await viewer.goto("http://pdf.test/");
  await expect(viewer.locator("body"), problems.join("\n")).toHaveAttribute("data-rendered", "yes", { timeout: 20_000 });
  await viewer.locator("#c").screenshot({ path: `test-results/screens/${name}.png` });
  await viewer.close();
}

test("PDF and DOCX exports hold exactly what the editor shows; button states, download and toast", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "Exporter");
  await openTranscript(page, "export-golden.wav");

  // A corrected word, a split, a renamed speaker with a role, a summary and notes.
  await caretAt(page, 0, "quarterly");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("Y");
  await caretAt(page, 0, "looks", "before");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("utterance")).toHaveCount(7);
  const panel = page.getByTestId("speakers");
  const firstSpeaker = (await page.getByTestId("utterance-speaker").first().textContent())!;
  await panel.getByRole("button", { name: firstSpeaker, exact: true }).click();
  await panel.getByLabel("Speaker name").fill("Zoë Ångström");
  await panel.getByLabel("Role (optional)").fill("Host");
  await panel.getByLabel("Speaker name").press("Enter");
  await expect(page.getByTestId("utterance-speaker").first()).toHaveText("Zoë Ångström");
  await page.getByTestId("summary-editor").getByLabel("Summary").fill("Budget review — Καλημέρα, Привет.");
  await page.getByTestId("summary-editor").getByLabel("Summary").press("Control+Enter");
  await page.getByTestId("notes-editor").getByLabel("Notes").fill("Ask Ada about Q3.");
  await page.getByTestId("notes-editor").getByLabel("Notes").press("Control+Enter");
  await expect(page.getByTestId("notes-editor").getByTestId("notes-state")).toHaveText("Saved");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 5_000 });

  const screen = await screenTranscript(page);
  expect(screen[0]!.text).toMatch(/^so the quarterlY budget$/);
  const expected = [
    "export-golden",
    "Speakers",
    "Zoë Ångström (Host)",
    "Summary",
    "Budget review — Καλημέρα, Привет.",
    "Notes",
    "Ask Ada about Q3.",
    "Transcript",
    ...screen.flatMap((u) => [u.speaker, u.text]),
  ];

  const exportsPanel = page.getByTestId("export-options");
  const pdfButton = exportsPanel.getByTestId("export-pdf");
  const pdfDownload = page.waitForEvent("download");
  await pdfButton.click();
  await expect(pdfButton).toHaveText(/Requesting\.\.\.|Queuing|Generating|Downloading/);
  await expect(pdfButton).toHaveText("Queuing");
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe("export-golden.pdf");
  await expect(pdfButton).toHaveText("Downloading");
  await expect(pdfButton).toHaveText("PDF", { timeout: 10_000 });
  // Downloaded at once by its button: no message invites a second download.
  const toast = page.getByTestId("toast").filter({ hasText: "export-golden.pdf is ready to download" });
  await expect(toast).toHaveCount(0);
  const pdfBytes = await bytesOf(pdf);
  expectInOrder(await pdfText(pdfBytes), expected);
  await renderFirstPage(page, pdfBytes, "51-export-pdf-page1");

  // An export this tab did not download (asked for by a script here): the live toast stays until
  // closed and its Download button fetches a fresh link.
  const fileId = new URL(page.url()).pathname.split("/").at(-1);
  const token = await page.evaluate(() => localStorage.getItem("auth_token"));
  const requested = await page.request.post(`/api/v1/transcripts/${fileId}/request-export`, {
    headers: { authorization: `Bearer ${token}` },
    data: { format: "pdf" },
  });
  expect(requested.status()).toBe(202);
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await snap(page, "50-export-toast");
  const again = page.waitForEvent("download");
  await toast.getByRole("button", { name: "Download" }).click();
  expectInOrder(await pdfText(await bytesOf(await again)), expected);
  await toast.getByRole("button", { name: "Close notification" }).click();
  await expect(toast).toHaveCount(0);

  const docxButton = exportsPanel.getByTestId("export-docx");
  const docxDownload = page.waitForEvent("download");
  await docxButton.click();
  await expect(docxButton).toHaveText("Queuing");
  const docx = await docxDownload;
  expect(docx.suggestedFilename()).toBe("export-golden.docx");
  expectInOrder(await docxText(await bytesOf(docx)), expected);
  await expect(docxButton).toHaveText("DOCX", { timeout: 10_000 });
  await expect(page.getByTestId("toast").filter({ hasText: "export-golden.docx is ready to download" })).toHaveCount(0);

  // Without timestamps and notes, a TXT leaves them out.
  await exportsPanel.getByLabel("Timestamps").uncheck();
  await exportsPanel.getByLabel("Notes").uncheck();
  const txtDownload = page.waitForEvent("download");
  await exportsPanel.getByTestId("export-txt").click();
  const txt = new TextDecoder().decode(await bytesOf(await txtDownload));
  expectInOrder(
    txt.replace(/\s+/g, " "),
    expected.filter((p) => p !== "Notes" && p !== "Ask Ada about Q3."),
  );
  expect(txt).not.toContain("Ask Ada");
  expect(txt).not.toMatch(/\[\d+:\d\d\]/);
});
