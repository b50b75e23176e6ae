// A keyboard-only, screen-reader-friendly workspace: every dialog takes focus, keeps it and gives it
// back to its opener with the page behind inert; menus, the speaker picker and the folder tree work
// with the keys; toasts follow their timing rules through one live region; the skip link and the
// status key.
import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { openTranscript, utteranceText } from "./transcripts";

const focusedInside = (page: Page) =>
  page.evaluate(() => {
    const dialog = document.querySelector("dialog[open]");
    const active = document.activeElement;
    return {
      open: !!dialog,
      modal: !!dialog?.matches(":modal"),
      inside: !!dialog && !!active && dialog.contains(active),
      body: active === document.body,
    };
  });

/** Opens a dialog from `opener` with the keyboard, checks focus and inertness, closes it with `close`, and expects focus back. */
async function dialogRoundTrip(page: Page, opener: Locator, name: string, close: "Escape" | "close-button") {
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await focusedInside(page)).inside, `focus moves into ${name}`).toBe(true);
  expect((await focusedInside(page)).modal, `${name} is modal`).toBe(true);
  // Tab never reaches the page behind: focus stays in the dialog (or leaves the document for the browser's own controls).
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const where = await focusedInside(page);
    expect(where.inside || where.body, `Tab ${i + 1} in ${name} left the dialog`).toBe(true);
  }
  // The page behind is inert: even a script cannot focus a control there.
  const behind = await page.evaluate(() => {
    const outside = [...document.querySelectorAll<HTMLElement>("button, input")].find((el) => !el.closest("dialog"))!;
    outside.focus();
    return document.activeElement === outside;
  });
  expect(behind, `a control behind ${name} took focus`).toBe(false);
  if (close === "Escape") await page.keyboard.press("Escape");
  else {
    await dialog.getByRole("button", { name: "Close", exact: true }).focus();
    await page.keyboard.press("Enter");
  }
  await expect(dialog).toHaveCount(0);
  await expect(opener, `focus back on the opener of ${name}`).toBeFocused();
}

test("every dialog takes focus, keeps it, and gives it back to the control that opened it", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "Dialog Keys");
  await openTranscript(page, "dialogs.wav");

  await dialogRoundTrip(page, page.getByRole("button", { name: "Preferences" }), "User Preferences", "Escape");
  await dialogRoundTrip(page, page.getByRole("button", { name: "+ Folder" }), "New folder", "close-button");
  await dialogRoundTrip(page, page.getByRole("button", { name: "Edit History" }), "Edit History", "Escape");
  await dialogRoundTrip(page, page.getByTestId("tools-share"), "Share “dialogs.wav”", "Escape");
  await dialogRoundTrip(page, page.getByTestId("help-button"), "Keyboard Shortcuts", "close-button");
  await dialogRoundTrip(page, page.getByRole("button", { name: "Import from a link" }), "Import from a link", "Escape");
  await dialogRoundTrip(page, page.getByRole("button", { name: "Record", exact: true }), "Record", "Escape");

  // Dialogs opened from a menu item give focus back to the menu's button.
  const actions = page.getByRole("button", { name: "Actions for dialogs.wav" });
  for (const [item, name] of [
    ["Rename", "Rename file"],
    ["Move to…", "Move “dialogs.wav”"],
    ["Delete", "Delete file"],
  ] as const) {
    await actions.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Rename" })).toBeFocused();
    while (!(await page.getByRole("menuitem", { name: item }).evaluate((el) => el === document.activeElement)))
      await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(actions, `focus back after ${name}`).toBeFocused();
  }

  // A click beside the panel closes the dialog too, and focus still goes back.
  const preferences = page.getByRole("button", { name: "Preferences" });
  await preferences.click();
  await expect(page.getByRole("dialog", { name: "User Preferences" })).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(preferences).toBeFocused();
});

test("menus: Enter and ↓ open on the first item, ↑ on the last; arrows wrap, Home/End, type-ahead; Escape and Tab close", async ({
  page,
}) => {
  await signIn(page, "Menu Keys");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "+ Folder" }).click();
  await page.getByLabel("Folder name").fill("Podcasts");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const button = page.getByRole("button", { name: "Actions for folder Podcasts" });
  const item = (name: string) => page.getByRole("menuitem", { name });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(item("Rename")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(item("Delete")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(item("Rename")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(item("Delete")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(item("Rename")).toBeFocused();
  await page.keyboard.press("End");
  await expect(item("Delete")).toBeFocused();
  await page.keyboard.press("r");
  await expect(item("Rename")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(button).toBeFocused();

  await page.keyboard.press("ArrowUp");
  await expect(item("Delete")).toBeFocused();
  await page.keyboard.press("Escape");
  await page.keyboard.press("ArrowDown");
  await expect(item("Rename")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(button).toHaveAttribute("aria-expanded", "false");
});

test("the speaker picker: arrows, Home/End and type-ahead; Escape and picking give focus back to the speaker button", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, "Picker Keys");
  await openTranscript(page, "picker.wav");
  const chip = page.getByTestId("utterance-speaker").first();
  const before = (await chip.textContent())!;
  const picker = page.getByTestId("speaker-picker");
  await chip.focus();
  await page.keyboard.press("Enter");
  await expect(picker.getByRole("option", { name: before, exact: true })).toBeFocused();
  // The last option changes all of this speaker's utterances (a speaker merge).
  await page.keyboard.press("End");
  await expect(picker.getByRole("option", { name: `Change all of ${before}'s utterances to…` })).toBeFocused();
  await page.keyboard.press("Home");
  await expect(picker.getByRole("option").first()).toBeFocused();
  await page.keyboard.press("+");
  await expect(picker.getByRole("option", { name: "+ New speaker…" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await expect(chip).toBeFocused();

  // Pick the other speaker with ↓ (past the current one) and Enter.
  await page.keyboard.press("Enter");
  const options = await picker.getByRole("option").allTextContents();
  const other = options.find((o) => o !== before && !o.startsWith("+") && !o.startsWith("Change all"))!;
  while (!(await picker.getByRole("option", { name: other, exact: true }).evaluate((el) => el === document.activeElement)))
    await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(picker).toHaveCount(0);
  await expect(chip).toHaveText(other);
  await expect(chip).toBeFocused();
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/);
});

test("the folder tree: one Tab stop, arrows move and expand, Enter opens, Tab goes on to the row's actions", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, "Tree Keys");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "+ Folder" }).click();
  await page.getByLabel("Folder name").fill("Archive");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Uploaded from the dashboard, so into Common.
  await openTranscript(page, "tree.wav");

  const tree = page.getByRole("tree", { name: "Folders and files" });
  // Folder rows are named with their file count ("Common 1 file"), file rows with the file's name.
  const row = (name: string) => tree.getByRole("treeitem", { name: name.endsWith(".wav") ? name : new RegExp(`^${name} \\d+ files?$`) });
  // The open file's row is the tree's one stop in the Tab order.
  await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  await expect(row("tree.wav")).toHaveAttribute("tabindex", "0");
  await row("tree.wav").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(row("Common")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(row("Common")).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("ArrowRight");
  await expect(row("Common")).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowRight");
  await expect(row("tree.wav")).toBeFocused();
  await page.keyboard.press("End");
  await expect(row("Archive")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(row("Common")).toBeFocused();
  await page.keyboard.press("a");
  await expect(row("Archive")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/folder/);
  await expect(row("Archive")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Actions for folder Archive" })).toBeFocused();

  // Back to the file with the keys, and Enter opens it.
  await row("Archive").focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(row("tree.wav")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("utterance")).toHaveCount(6);
});

test("toasts: errors stay until closed, others pause while hovered or focused; one live region says them", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, "Toast Reader");
  await page.goto("/dashboard");
  await expect(page.getByTestId("upload-area")).toBeVisible();

  // An error toast (a file type that is refused) stays well past the default 3 s.
  await page.getByTestId("upload-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
  const error = page.getByTestId("toast").filter({ hasText: "not supported" });
  await expect(error).toBeVisible();
  const region = page.getByTestId("live-region");
  await expect(region).toHaveAttribute("aria-live", "polite");
  await expect(region.getByTestId("toast")).toHaveCount(1);
  // No toast is a live region of its own: the one region says it once.
  await expect(page.locator('[data-testid="toast"][role], [data-testid="toast"] [aria-live]')).toHaveCount(0);
  await page.waitForTimeout(4_500);
  await expect(error).toBeVisible();
  await error.getByRole("button", { name: "Close notification" }).click();
  await expect(error).toHaveCount(0);

  // A success toast pauses while hovered.
  const makeAndDelete = async (name: string) => {
    await page.getByRole("button", { name: "+ Folder" }).click();
    await page.getByLabel("Folder name").fill(name);
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByRole("button", { name: `Actions for folder ${name}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete folder" }).click();
    return page.getByTestId("toast").filter({ hasText: `Deleted folder ${name}` });
  };
  const hovered = await makeAndDelete("Hovered");
  await hovered.hover();
  await page.waitForTimeout(4_000);
  await expect(hovered).toBeVisible();
  await page.mouse.move(5, 5);
  await expect(hovered).toHaveCount(0, { timeout: 5_000 });

  // And while focused (a keyboard user reaching its close button).
  const focused = await makeAndDelete("Focused");
  await focused.getByRole("button", { name: "Close notification" }).focus();
  await page.waitForTimeout(4_000);
  await expect(focused).toBeVisible();
  await page.getByRole("button", { name: "+ Folder" }).focus();
  await expect(focused).toHaveCount(0, { timeout: 5_000 });
});

test("toasts stay reachable while a dialog is open; the status key and the skip link", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, "Status Reader");
  await openTranscript(page, "status.wav");

  // The live region moves into an open dialog (the page behind is inert) and back.
  await page.getByRole("button", { name: "Preferences" }).click();
  await expect(page.getByRole("dialog", { name: "User Preferences" }).getByTestId("live-region")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("live-region")).toHaveCount(1);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Alt+A in an utterance says the time and the save status; Alt+K says what it did.
  const announcement = page.getByTestId("announcement");
  await expect.poll(() => page.locator("audio").evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThan(0);
  await utteranceText(page, 0).focus();
  await page.keyboard.press("Alt+KeyA");
  await expect(announcement).toHaveText(/^Paused at 0:00 of 0:25\. Saved\.\s*$/);
  await page.keyboard.press("Alt+KeyK");
  await expect(announcement).toHaveText(/^Playing\s*$/);
  await page.keyboard.press("Alt+KeyK");
  await expect(announcement).toHaveText(/^Paused at 0:0\d\s*$/);

  // Skip past the transcript: focus lands after it, and Tab goes on to what follows.
  const skip = page.getByRole("button", { name: "Skip past the transcript" });
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("transcript-end")).toBeFocused();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest(".transcript"))).toBe(false);
});

test("closed mobile sidebars are inert", async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await signIn(page, "Phone Reader");
  await page.goto("/dashboard");
  const files = page.locator("aside.sidebar--files");
  await expect(files).toHaveAttribute("inert", "");
  await page.getByRole("button", { name: "Toggle files sidebar" }).click();
  await expect(files).not.toHaveAttribute("inert", "");
  await expect(page.getByRole("button", { name: "+ Folder" })).toBeVisible();
  await page.getByRole("button", { name: "Toggle files sidebar" }).click();
  await expect(files).toHaveAttribute("inert", "");
  // On a wide window the sidebars are part of the page.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(files).not.toHaveAttribute("inert", "");
});
