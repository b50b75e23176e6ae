import type { Page } from "@playwright/test";
import { expect, signIn, snap, test } from "./fixtures";
import { sineWav } from "./media";

const tree = (page: Page) => page.getByRole("tree", { name: "Folders and files" });
const list = (page: Page) => page.getByRole("list", { name: "Files in this folder" });
const check = (page: Page, name: string) => list(page).getByRole("checkbox", { name: `Select ${name}` });
const names = ["take-1.wav", "take-2.wav", "take-3.wav", "take-4.wav", "take-5.wav"];

test("sort, multi-select with Shift and Ctrl, bulk move and bulk delete", async ({ page }) => {
  await signIn(page, "Ada Lovelace");
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");

  // A folder to move to, then five short recordings into Common.
  await page.getByRole("button", { name: "+ Folder" }).click();
  await page.getByLabel("Folder name").fill("Archive");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await tree(page)
    .getByRole("button", { name: /^Common \d+$/ })
    .click();
  await page.getByTestId("upload-input").setInputFiles(names.map((name) => ({ name, mimeType: "audio/wav", buffer: sineWav(2) })));
  await expect(page.getByTestId("sidebar-counts")).toHaveText("5 files · 2 folders", { timeout: 30_000 });
  // A file that becomes ready gets selected (spec): wait for all five before working in the folder view.
  await expect(tree(page).locator(".dot--ready")).toHaveCount(5, { timeout: 45_000 });
  await tree(page)
    .getByRole("button", { name: /^Common \d+$/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/folder\/common$/);

  // Sorted by name, A to Z.
  await page.getByLabel("Sort by").selectOption("name");
  await expect(list(page).getByRole("listitem")).toHaveCount(5);
  await expect(list(page).locator(".file-list-name")).toHaveText(names);

  // Check take-1, Shift-click take-4: a range of four; Ctrl-click take-2's row takes it out.
  await check(page, "take-1.wav").click();
  await check(page, "take-4.wav").click({ modifiers: ["Shift"] });
  await expect(page.getByTestId("selection-bar")).toContainText("4 files selected");
  await list(page)
    .getByRole("button", { name: /take-2\.wav/ })
    .click({ modifiers: ["ControlOrMeta"] });
  await expect(check(page, "take-2.wav")).not.toBeChecked();
  await expect(page.getByTestId("selection-bar")).toContainText("3 files selected");
  // A modifier click selects without opening the file.
  await expect(page).toHaveURL(/\/dashboard\/folder\/common$/);
  await snap(page, "organise-selected");

  // Move the three to Archive: one request, one toast.
  await page.getByRole("button", { name: "Move to…" }).click();
  await expect(page.getByRole("dialog", { name: "Move 3 files" })).toBeVisible();
  await page.getByLabel("Destination folder").selectOption({ label: "Archive" });
  await page.getByRole("dialog").getByRole("button", { name: "Move" }).click();
  await expect(page.getByText("Moved 3 files to Archive")).toBeVisible();
  await expect(list(page).locator(".file-list-name")).toHaveText(["take-2.wav", "take-5.wav"]);

  // In Archive, select all and delete with one confirmation naming the count.
  await tree(page)
    .getByRole("button", { name: /^Archive \d+$/ })
    .click();
  await expect(list(page).locator(".file-list-name")).toHaveCount(3);
  await page.getByRole("checkbox", { name: "Select all shown files" }).check();
  await expect(page.getByTestId("selection-bar")).toContainText("3 files selected");
  await page.getByTestId("selection-bar").getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete 3 files" });
  await expect(confirm).toContainText("Are you sure you want to delete 3 files");
  await confirm.getByRole("button", { name: "Delete 3 files" }).click();
  await expect(page.getByText("Deleted 3 files")).toBeVisible();
  await expect(page.getByText("No audio files")).toBeVisible();
  await expect(page.getByTestId("sidebar-counts")).toHaveText("2 files · 2 folders");

  // The deleted files are gone on the server too, not only from this tab.
  await page.reload();
  await expect(page.getByTestId("sidebar-counts")).toHaveText("2 files · 2 folders");
});

test("filter by status and download the original recording", async ({ page }) => {
  await signIn(page, "Grace Hopper");
  await page.goto("/dashboard/folder/common");
  await page.getByTestId("upload-input").setInputFiles({ name: "memo.wav", mimeType: "audio/wav", buffer: sineWav(2) });
  await expect(list(page).getByRole("listitem")).toHaveCount(1, { timeout: 30_000 });
  await page.getByLabel("Filter by status").selectOption("failed");
  await expect(page.getByText("No files with this status.")).toBeVisible();
  await page.getByLabel("Filter by status").selectOption("");
  await list(page)
    .getByRole("button", { name: /memo\.wav/ })
    .click();

  const download = page.waitForEvent("download");
  await page.getByTestId("download-original").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("memo.wav");
  expect((await (await file.createReadStream()).toArray()).reduce((n, b: Buffer) => n + b.length, 0)).toBe(sineWav(2).length);
});
