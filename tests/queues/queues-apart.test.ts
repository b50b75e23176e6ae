// A queue per kind of job (docs/decisions/055-a-queue-per-job.md), delivered by the local queues
// themselves: a transcription is never held up by a summary, chapters and a translation that keep
// failing (each slow, then failing, as an overloaded model does).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectStatus, type TestUser, uploadFile, wav } from "../worker/library-helpers";
import { transcript, userWithTranscript } from "../worker/transcript-helpers";
import { as } from "../worker/workspace-helpers";

/** The AI stand-in (tests/support/ai-stand-in.ts) can hold its text models: slow, then failing. */
const standIn = env.AI as unknown as { hold(): Promise<void>; release(): Promise<void> };

async function fileStatus(user: TestUser, id: string) {
  return expectStatus(await as(user, "GET", `/audio_files/${id}`), 200).data as { status: string; failureReason: string | null };
}

describe("a queue per kind of job", () => {
  it("transcribes a file while its summary, chapters and translation keep failing", { timeout: 60_000 }, async () => {
    const { user, fileId } = await userWithTranscript("queues-apart");
    await standIn.hold();
    try {
      // Each answers at once and leaves its job on its own queue, where the held model keeps it.
      expectStatus(await as(user, "POST", `/transcripts/${fileId}/summary`, { summary_type: "bullets" }), 202);
      expectStatus(await as(user, "POST", `/transcripts/${fileId}/chapters/generate`), 202);
      expectStatus(await as(user, "POST", `/transcripts/${fileId}/translations`, { language: "es" }), 202);
      const { file } = await uploadFile(user.token, { bytes: wav(2) });

      const deadline = Date.now() + 20_000;
      while ((await fileStatus(user, file.id)).status === "processing" && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await fileStatus(user, file.id)).toMatchObject({ status: "ready", failureReason: null });
      // The others are still at their first try.
      expect(await transcript(user, fileId)).toMatchObject({ summaryStatus: "generating" });
      expect(expectStatus(await as(user, "GET", `/transcripts/${fileId}/chapters`), 200).generation).toMatchObject({
        status: "generating",
      });
      expect(expectStatus(await as(user, "GET", `/transcripts/${fileId}/translations/es`), 200).data).toMatchObject({
        status: "processing",
      });
    } finally {
      await standIn.release();
    }
  });
});
