// Run by `npm run bench` (scripts/bench.mjs): redaction's budgets (decision 058) in local workerd.
// A bulk redaction of every phone number of a 3-hour transcript (one said every tenth utterance),
// the request until its answer (budget 2 s); and the media job rewriting a 3-hour WAV (8 kHz
// 16-bit mono, 173 MB) with those ranges, from its start until the file points at the new object
// (budget 30 s).
import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { runMediaRedactionJob } from "../../worker/redactions/media-job";
import { threeHourTranscript } from "../support/three-hour";
import { createUser, expectStatus } from "../worker/library-helpers";
import { storeTranscript } from "../worker/transcript-helpers";
import { as } from "../worker/workspace-helpers";

const RATE = 8_000;

/** A PCM WAV of `seconds` (16-bit mono), streamed as it is made, so no 173 MB buffer is held. */
function wavStream(seconds: number): { size: number; body: ReadableStream<Uint8Array> } {
  const dataBytes = Math.round(seconds * RATE) * 2;
  const header = new DataView(new ArrayBuffer(44));
  const text = (at: number, s: string) => {
    for (const [i, ch] of [...s].entries()) header.setUint8(at + i, ch.charCodeAt(0));
  };
  text(0, "RIFF");
  header.setUint32(4, 36 + dataBytes, true);
  text(8, "WAVE");
  text(12, "fmt ");
  header.setUint32(16, 16, true);
  header.setUint16(20, 1, true);
  header.setUint16(22, 1, true);
  header.setUint32(24, RATE, true);
  header.setUint32(28, RATE * 2, true);
  header.setUint16(32, 2, true);
  header.setUint16(34, 16, true);
  text(36, "data");
  header.setUint32(40, dataBytes, true);
  const chunk = new Uint8Array(1 << 20).map((_, i) => (i % 2 ? 0x10 : 0x20));
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent < 0) {
        controller.enqueue(new Uint8Array(header.buffer));
        sent = 0;
      } else if (sent < dataBytes) {
        const n = Math.min(chunk.length, dataBytes - sent);
        controller.enqueue(chunk.slice(0, n));
        sent += n;
      } else controller.close();
    },
  });
  return { size: 44 + dataBytes, body };
}

it("times a bulk redaction of every phone number and the media rewrite of a 3-hour file", { timeout: 600_000 }, async () => {
  const user = await createUser("bench-redact");
  const transcript = threeHourTranscript();
  transcript.utterances.forEach((u, i) => {
    if (i % 10 === 0)
      u.words[3] = { ...u.words[3]!, text: `555-01${String(i).padStart(4, "0").slice(0, 2)}-${String(i).padStart(4, "0")}` };
  });
  const { fileId } = await storeTranscript(user, transcript);
  const row = await env.DB.prepare("SELECT storage_key FROM audio_files WHERE id = ?").bind(fileId).first<{ storage_key: string }>();
  const media = wavStream(transcript.duration);
  const { readable, writable } = new FixedLengthStream(media.size);
  await Promise.all([env.MEDIA.put(row!.storage_key, readable), media.body.pipeTo(writable)]);

  const started = performance.now();
  const made = expectStatus(await as(user, "POST", `/transcripts/${fileId}/redactions/bulk`, { kind: "phone", label: "Number" }), 201).data;
  const bulk = performance.now() - started;
  expect(made).toHaveLength(300);

  const rewriteStarted = performance.now();
  const batch = createMessageBatch("transcribe-edge-redaction", [
    { id: "bench", timestamp: new Date(), attempts: 1, body: { type: "redact_media", audio_file_id: fileId, user_id: user.id } },
  ]);
  await runMediaRedactionJob(batch.messages[0]!, { type: "redact_media", audio_file_id: fileId, user_id: user.id }, env);
  const rewrite = performance.now() - rewriteStarted;
  const after = await env.DB.prepare("SELECT storage_key, media_redaction FROM audio_files WHERE id = ?")
    .bind(fileId)
    .first<{ storage_key: string; media_redaction: string }>();
  expect(after!.storage_key).not.toBe(row!.storage_key);

  console.log(
    [
      "",
      `BENCH redaction, 3 h transcript (${transcript.utterances.length} utterances, ${made.length} phone numbers):`,
      `BENCH   bulk redaction of every phone number: ${bulk.toFixed(0)} ms (budget 2,000 ms)`,
      `BENCH   media rewrite of a 3 h WAV (${(media.size / 1e6).toFixed(0)} MB, ${made.length} ranges): ${(rewrite / 1000).toFixed(1)} s (budget 30 s)`,
      "",
    ].join("\n"),
  );
});
