// The speaker-merge budget: merging a speaker of ~750 utterances (one of the 4
// speakers of a generated 3-hour transcript, 3,000 utterances) on the local
// app, request to answer, and its undo. Each run merges and undoes, so every
// run starts from the same transcript. Run by `npm run bench`; prints min/median/max.
import { apiClient, startLocalApp, wav } from "./bench-api.mjs";

const PORT = Number(process.env.BENCH_MERGE_PORT ?? 8897);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};
const line = (name, xs, budget) => {
  const { min, median, max } = stats(xs);
  console.log(`${name}: min ${min.toFixed(1)} ms / median ${median.toFixed(1)} ms / max ${max.toFixed(1)} ms (budget ${budget})`);
};

const { json, account, ready, transcribed } = apiClient(BASE);
const app = startLocalApp({ port: PORT, speechPort: PORT + 1, label: "bench-merge", vars: "OPENAI_MAX_FILE_SIZE_MB=1000" });
try {
  await ready();
  const { token } = await account("bench-merge");
  // Named so the stand-in speech server answers with the 3-hour transcript.
  const fileId = await transcribed(token, "bench3h.wav", wav(30), 30);
  const speakers = (await json(`/api/v1/transcripts/${fileId}/speakers`, {}, token)).data;
  const [from, into] = speakers;
  console.log(`transcript: ${speakers.map((s) => `${s.displayName} ${s.utteranceCount}`).join(", ")} utterances`);

  const merges = [];
  const undos = [];
  let moved = 0;
  for (let i = 0; i < RUNS + 1; i++) {
    let t = performance.now();
    const merged = await json(
      `/api/v1/transcripts/${fileId}/speakers/${from.id}/merge`,
      { method: "POST", body: JSON.stringify({ into_speaker_id: into.id }) },
      token,
    );
    const mergeMs = performance.now() - t;
    moved = merged.data.moved.length;
    t = performance.now();
    await json(`/api/v1/transcripts/${fileId}/edit-history/undo`, { method: "POST" }, token);
    // The first run warms the isolate.
    if (i > 0) {
      merges.push(mergeMs);
      undos.push(performance.now() - t);
    }
  }
  line(`merge a speaker of ${moved} utterances (3,000-utterance transcript, local workerd, request → answer)`, merges, "≤ 500 ms");
  line(`undo that merge (request → answer)`, undos, "none");
} finally {
  app.stop();
}
