// The export options' "Comments" box: off by default (an export has no comments), and when
// ticked the downloaded TXT carries the file's threads as bracketed notes.
import { readFileSync } from "node:fs";
import { expect, signIn, test } from "./fixtures";
import { openTranscript } from "./transcripts";

test("Include comments: off by default, and when ticked the TXT holds the threads", async ({ page }) => {
  test.setTimeout(120_000);
  const session = await signIn(page, "Commenter");
  await openTranscript(page, "export-comments.wav");
  const fileId = new URL(page.url()).pathname.split("/").pop()!;
  const auth = { authorization: `Bearer ${session.token}` };
  const list = (await (await page.request.get(`/api/v1/transcripts/${fileId}/utterances`, { headers: auth })).json()) as {
    data: { data: { transcriptWords: { id: string; text: string }[] }[] };
  };
  const words = list.data.data[0]!.transcriptWords;
  const posted = await page.request.post(`/api/v1/transcripts/${fileId}/comments`, {
    headers: auth,
    data: { start_word_id: words[1]!.id, end_word_id: words[2]!.id, body: "Check this against the audio." },
  });
  expect(posted.status()).toBe(201);

  const panel = page.getByTestId("export-options");
  const box = panel.getByRole("group", { name: "Include" }).getByRole("checkbox", { name: "Comments" });
  await expect(box).not.toBeChecked();
  const txt = async () => {
    const download = page.waitForEvent("download");
    await panel.getByTestId("export-txt").click();
    return readFileSync((await (await download).path())!, "utf8");
  };
  expect(await txt()).not.toContain("[Comment");

  await box.check();
  const text = await txt();
  expect(text).toContain(`[Comment on “${words[1]!.text} ${words[2]!.text}” — Commenter: Check this against the audio.]`);
});
