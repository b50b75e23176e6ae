// Run by `npm run bench` through scripts/bench-storage.mjs: how fast and how far one user's
// store grows under the heaviest edits the API takes, each as quickly as one client can send
// it: twelve replace-alls of 6,000 matches, and ten update_words of 5,000 words of 100
// characters. Each runs twice: through the API (the per-user edit limit applies) and straight
// into the store (only the history budget applies). Reports, never asserts sizes.
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { newId } from "../../common/ids";
import type { StoreEdit } from "../../durable-objects/transcript-store/edits";
import { transcriptRoom } from "../../worker/objects";
import { generatedTranscript } from "../support/three-hour";
import { call, type Json } from "../worker/helpers";
import { createUser, expectStatus, type TestUser } from "../worker/library-helpers";
import { editInStore, inObject } from "../worker/store-helpers";
import { storeTranscript, utterances } from "../worker/transcript-helpers";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Workload {
  name: string;
  /** A transcript for it. */
  transcript: () => ReturnType<typeof generatedTranscript>;
  /** Request `n` of it, against the transcript's utterances as first read. */
  request: (n: number, list: Json[]) => { method: string; path: string; body: unknown; edit: StoreEdit };
  count: number;
}

/** 1,200 utterances of 10 words, every other one "the": 6,000 matches, replaced back and forth. */
const replaceAlls: Workload = {
  name: "replace-alls of 6,000 matches",
  transcript: () => generatedTranscript(1_200, 10, ["the", "plan"]),
  request: (n) => {
    const [find, replace] = n % 2 ? ["thee", "the"] : ["the", "thee"];
    return {
      method: "POST",
      path: "replace",
      body: { find, replace, whole_word: true },
      edit: { kind: "replace", spec: { find, replace, matchCase: false, wholeWord: true }, opId: null },
    };
  },
  count: 12,
};

/** One short utterance whose words are replaced by 5,000 new words of 100 characters each time. */
const hugeWordEdits: Workload = {
  name: "update_words of 5,000 words × 100 characters",
  transcript: () => generatedTranscript(1, 3, ["one", "two", "three"]),
  request: (n, list) => {
    const words = Array.from({ length: 5_000 }, (_, i) => ({
      id: `r${n}w${i}`,
      text: `${n}-${i}-`.padEnd(100, "abcdefghij"),
      start_time: i * 0.0002,
      end_time: i * 0.0002 + 0.0001,
      confidence_score: 0.9,
    }));
    const id = list[0].id;
    return {
      method: "PATCH",
      path: `utterances/${id}/update_words`,
      body: { words },
      edit: { kind: "operation", req: { type: "update_words", utteranceId: id, words }, opId: null },
    };
  },
  count: 10,
};

async function run(workload: Workload, via: "api" | "store"): Promise<string> {
  const user: TestUser = await createUser("history-growth");
  const { fileId } = await storeTranscript(user, workload.transcript());
  const store = transcriptRoom(env, fileId);
  const list = await utterances(user, fileId);
  const before = await store.storeSize();
  const statuses = new Map<number, number>();
  const started = performance.now();
  for (let n = 0; n < workload.count; n++) {
    const r = workload.request(n, list);
    let status = 200;
    if (via === "api") {
      const headers = { "Idempotency-Key": newId() };
      status = (await call(r.method, `/transcripts/${fileId}/${r.path}`, r.body, { token: user.token, headers })).status;
    } else {
      await editInStore(fileId, r.edit);
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const spent = performance.now() - started;
  const after = await store.storeSize();
  const history = expectStatus(await call("GET", `/transcripts/${fileId}/edit-history`, undefined, { token: user.token }), 200).data;
  const kept = await inObject(fileId, (sql) =>
    sql.exec<{ bytes: number }>("SELECT history_bytes AS bytes FROM transcripts WHERE file_id = ?", fileId).one(),
  );
  const answers = [...statuses].map(([status, n]) => `${n}× ${status}`).join(", ");
  return (
    `${workload.count} ${workload.name} ${via === "api" ? "through the API" : "straight into the store"}: ` +
    `store ${mb(before)} → ${mb(after)} in ${(spent / 1000).toFixed(1)} s (${answers}); ${history.operations.length} history entries kept (${mb(kept.bytes)})`
  );
}

it("measures how fast and how far the heaviest edits grow one transcript room", { timeout: 600_000 }, async () => {
  const report = [
    await run(replaceAlls, "api"),
    await run(replaceAlls, "store"),
    await run(hugeWordEdits, "api"),
    await run(hugeWordEdits, "store"),
  ];
  expect(report).toHaveLength(4);
  console.log(`\nBENCH history growth of one transcript room:\n${report.map((l) => `BENCH   ${l}`).join("\n")}\n`);
});
