// Run by `npm run bench` through scripts/bench-storage.mjs: comments on a 3-hour team transcript
// (decision 040) in local workerd. Adding a thread and a reply (the request until its answer),
// until another member's file socket hears of it, and reading every thread with 10, 100 and
// 1,000 threads on the file (the most a file may have).
import { expect, it } from "vitest";
import { parseLiveMessage } from "../../common/live-messages";
import type { Json } from "../worker/helpers";
import { expectStatus } from "../worker/library-helpers";
import { openSocket, socketTicket, until } from "../worker/live-helpers";
import { inObject } from "../worker/store-helpers";
import { storeTranscript, utterances } from "../worker/transcript-helpers";
import { as, team } from "../worker/workspace-helpers";
import { transcriptOf } from "./storage-workload";

const HOURS = 3;
const RUNS = 10;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const figures = (label: string, samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return `${label}: min ${s[0]!.toFixed(0)} ms, median ${percentile(s, 50).toFixed(0)} ms, max ${s.at(-1)!.toFixed(0)} ms`;
};

it("times comments on a 3-hour transcript", { timeout: 900_000 }, async () => {
  const t = await team();
  const { fileId } = await storeTranscript(t.owner, transcriptOf(HOURS));
  expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
  const list = await utterances(t.owner, fileId);
  const watcher = await openSocket(await socketTicket(t.viewer.token), fileId);
  expect(watcher.status).toBe(101);
  const heard = (id: string) =>
    watcher.raw.some((m) => {
      const message = parseLiveMessage(m);
      return message?.type === "comments_changed" && message.comment_ids.includes(id);
    });

  const create: number[] = [];
  const live: number[] = [];
  const reply: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const u: Json = list[(i * 97) % list.length]!;
    const body = { start_word_id: u.transcriptWords[0].id, end_word_id: u.transcriptWords.at(-1).id, body: `Check ${i}` };
    const started = performance.now();
    const thread = expectStatus(await as(t.editor, "POST", `/transcripts/${fileId}/comments`, body), 201).data;
    create.push(performance.now() - started);
    expect(await until(() => heard(thread.id), 5_000)).toBe(true);
    live.push(performance.now() - started);
    const replied = performance.now();
    expectStatus(await as(t.commenter, "POST", `/comments/${thread.id}/replies`, { body: "Checked" }), 201);
    reply.push(performance.now() - replied);
  }

  const lines = [figures("add a thread", create), figures("another member hears of it", live), figures("reply", reply)];
  for (const threads of [10, 100, 1_000]) {
    // Threads beyond those made above written straight into the store, spread over the text.
    await inObject(t.owner.id, (sql) => {
      const have = sql.exec<{ n: number }>("SELECT count(*) AS n FROM comments WHERE file_id = ? AND thread IS NULL", fileId).one().n;
      for (let n = have; n < threads; n++) {
        const u: Json = list[(n * 13) % list.length]!;
        const now = new Date().toISOString();
        sql.exec(
          `INSERT INTO comments (id, file_id, body, author_id, author_name, created_at, updated_at, word_ids, start_time, end_time, text)
           VALUES (?, ?, 'Seeded', ?, 'Owner', ?, ?, ?, ?, ?, ?)`,
          `seed-${n}`,
          fileId,
          t.owner.id,
          now,
          now,
          JSON.stringify(u.transcriptWords.slice(0, 3).map((w: Json) => w.id)),
          u.startTime,
          u.endTime,
          "seeded",
        );
      }
    });
    const reads: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const answer = expectStatus(await as(t.viewer, "GET", `/transcripts/${fileId}/comments`), 200);
      reads.push(performance.now() - started);
      expect(answer.data).toHaveLength(threads);
    }
    lines.push(figures(`list ${threads} threads`, reads));
  }
  watcher.socket?.close();
  console.log(
    `\nBENCH comments, ${HOURS} h transcript (${list.length} utterances), ${RUNS} runs each:\n${lines.map((l) => `BENCH   ${l}`).join("\n")}\n`,
  );
});
