import type { Page } from "@playwright/test";
import { expect, signIn, snap, test } from "./fixtures";
import { sineWav } from "./media";

const tree = (page: Page) => page.getByRole("tree", { name: "Folders and files" });

async function createFolder(page: Page, name: string) {
  await page.getByRole("button", { name: "+ Folder" }).click();
  await page.getByLabel("Folder name").fill(name);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
}

async function fileMenu(page: Page, fileName: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${fileName}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

/** Drops files on the upload area; `size` overrides File.size to simulate huge files without allocating them. */
async function dropFiles(page: Page, files: { name: string; type: string; size?: number }[]) {
  await page.getByTestId("upload-area").evaluate((zone, list) => {
    const transfer = new DataTransfer();
    for (const f of list) {
      const file = new File([new Uint8Array(16)], f.name, { type: f.type });
      if (f.size) Object.defineProperty(file, "size", { value: f.size });
      transfer.items.add(file);
    }
    // DataTransfer.items copies files; hand React the same objects through `files`.
    const dropped = [...transfer.files].map((file, i) => {
      const size = list[i]!.size;
      if (size) Object.defineProperty(file, "size", { value: size });
      return file;
    });
    const event = new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: transfer });
    Object.defineProperty(event.dataTransfer!, "files", { value: dropped });
    zone.dispatchEvent(event);
  }, files);
}

test("folders, upload with progress, playback, rename, move, delete", async ({ page }) => {
  await signIn(page, "Marie Curie");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Marie Curie!" })).toBeVisible();
  await expect(page.getByTestId("sidebar-counts")).toHaveText("0 files · 1 folder");
  await expect(page.getByText("max 1000 MB")).toBeVisible();
  await snap(page, "10-empty-dashboard");

  // Folder name rules, then two folders.
  await page.getByRole("button", { name: "+ Folder" }).click();
  await page.getByLabel("Folder name").fill("a/b");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText('Cannot contain: < > : " / \\ | ? *')).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await createFolder(page, "Interviews");
  await expect(page).toHaveURL(/\/dashboard\/folder\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("folder-view").getByRole("heading", { name: "Interviews" })).toBeVisible();
  await expect(page.getByText("No audio files")).toBeVisible();
  await expect(page.getByText("Get started by uploading an audio file to this folder.")).toBeVisible();
  await createFolder(page, "Podcasts");
  await tree(page)
    .getByRole("button", { name: /^Interviews \d+$/ })
    .click();
  await expect(page.getByTestId("sidebar-counts")).toHaveText("0 files · 3 folders");
  await snap(page, "11-folder-empty");

  // Upload a real 30 s WAV into the selected folder through the upload area ("hold": the
  // fake transcription server keeps it processing for the whole test).
  const wav = sineWav(30);
  await page.getByTestId("upload-input").setInputFiles({ name: "interview-hold.wav", mimeType: "audio/wav", buffer: wav });
  const bar = page.getByRole("progressbar", { name: "Uploading interview-hold.wav" });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByText("Successfully uploaded interview-hold.wav")).toBeVisible();
  await snap(page, "12-uploaded");

  // It is in the tree under Interviews and in the folder view.
  await expect(tree(page).getByRole("button", { name: "interview-hold.wav", exact: true })).toBeVisible();
  await expect(page.getByTestId("folder-view").getByRole("button", { name: /interview-hold\.wav/ })).toBeVisible();
  await expect(page.getByTestId("detail-files")).toHaveText("1");
  await expect(page.getByTestId("detail-size")).toHaveText("938 KB");

  // File view: header, then play and see time advance, then seek.
  await tree(page).getByRole("button", { name: "interview-hold.wav", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/file\/[0-9a-f-]{36}$/);
  const view = page.getByTestId("file-view");
  await expect(view.getByRole("heading", { name: "interview-hold.wav" })).toBeVisible();
  await expect(view.getByTestId("status-badge")).toHaveText("Processing");
  await expect(view.getByText("938 KB")).toBeVisible();
  await expect(view.getByText("0:30", { exact: true })).toBeVisible();
  await expect(view.getByText("WAV", { exact: true })).toBeVisible();
  await expect(page.getByText("No Transcript Available")).toBeVisible();
  await expect(page.getByText("Transcript is being processed. Details will appear when transcription is complete.")).toBeVisible();

  const time = page.getByTestId("player-time");
  await expect(time).toHaveText("0:00 / 0:30");
  await page.getByRole("button", { name: "Play" }).click();
  await expect(time).not.toHaveText(/^0:00 /, { timeout: 5_000 });
  await page.getByRole("button", { name: "Pause" }).click();
  await page.getByRole("button", { name: "Forward 10 seconds" }).click();
  await expect(time).toHaveText(/^0:1\d \/ 0:30$/);
  // A position rounds down, as an utterance's times do: 10.6 s is 0:10, not 0:11.
  await page.locator("audio").evaluate((el: HTMLAudioElement) => {
    el.currentTime = 10.6;
  });
  await expect(time).toHaveText("0:10 / 0:30");
  await page.getByLabel("Playback speed").selectOption("1.5");
  await expect(page.getByLabel("Volume")).toHaveValue("1");
  await snap(page, "13-file-view");

  // Rename.
  await fileMenu(page, "interview-hold.wav", "Rename");
  await page.getByLabel("File name").fill("Board interview");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(view.getByRole("heading", { name: "Board interview" })).toBeVisible();

  // Move to another folder, then to Common.
  await fileMenu(page, "Board interview", "Move to…");
  await page.getByLabel("Destination folder").selectOption({ label: "Podcasts" });
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText("Moved Board interview to Podcasts")).toBeVisible();
  await fileMenu(page, "Board interview", "Move to…");
  await page.getByLabel("Destination folder").selectOption({ label: "Common" });
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText("Moved Board interview to Common")).toBeVisible();
  await page.goto("/dashboard/folder/common");
  await expect(page.getByTestId("folder-view").getByRole("button", { name: /Board interview/ })).toBeVisible();
  await snap(page, "14-common-folder");

  // Search filters the tree.
  await page.getByLabel("Search files, folders and transcripts").fill("podc");
  await expect(tree(page).getByRole("button", { name: /^Podcasts \d+$/ })).toBeVisible();
  await expect(tree(page).getByRole("button", { name: /^Interviews \d+$/ })).toHaveCount(0);
  await page.getByLabel("Search files, folders and transcripts").fill("");

  // Delete the file, then a folder.
  await fileMenu(page, "Board interview", "Delete");
  await expect(page.getByRole("dialog")).toContainText("This action cannot be undone.");
  await snap(page, "15-delete-file-dialog");
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Deleted Board interview")).toBeVisible();
  await expect(page.getByTestId("sidebar-counts")).toHaveText("0 files · 3 folders");

  await page.getByRole("button", { name: "Actions for folder Podcasts" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page.getByRole("dialog")).toContainText("ALL files inside it");
  await page.getByRole("button", { name: "Delete folder" }).click();
  await expect(page.getByText("Deleted folder Podcasts")).toBeVisible();
  await expect(page.getByTestId("sidebar-counts")).toHaveText("0 files · 2 folders");
});

test("upload validation: oversized, unsupported and dropped non-media files", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard");
  await expect(page.getByText("max 1000 MB")).toBeVisible();

  await dropFiles(page, [{ name: "huge.wav", type: "audio/wav", size: 1001 * 1024 * 1024 }]);
  await expect(page.getByText("Upload failed: File size exceeds maximum allowed size of 1000MB")).toBeVisible();

  await page.getByTestId("upload-input").setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
  await expect(
    page.getByText(/^Upload failed: File format "application\/pdf" is not supported\. Supported formats: MP3, WAV/),
  ).toBeVisible();

  await dropFiles(page, [{ name: "notes.txt", type: "text/plain" }]);
  await expect(page.getByText("File(s) notes.txt are not supported")).toBeVisible();
  await snap(page, "16-upload-errors");
});

test("theme and sidebar state are saved to preferences", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await page.getByRole("button", { name: "Collapse files sidebar" }).click();
  await expect(page.getByRole("button", { name: "Expand files sidebar" })).toBeVisible();
  await page.getByRole("button", { name: "Preferences" }).click();
  await expect(page.getByRole("dialog", { name: "User Preferences" })).toBeVisible();
  await expect(page.getByText("Use column layout for utterance metadata")).toBeVisible();
  await snap(page, "17-preferences-dark");
  await page.keyboard.press("Escape");

  // A new browser (no local theme) gets them back from the server.
  await page.evaluate(() => localStorage.removeItem("theme"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("button", { name: "Expand files sidebar" })).toBeVisible();
  await expect(page.getByText("Select a file to view transcription tools and options.")).toBeVisible();
});
