// Run by `npm run bench` through scripts/bench-storage.mjs: a team file's one-word save and its
// fan-out with 1, 10 and 50 members holding a file socket on it (decision 039), in local workerd.
// Round trip: the editor's PATCH until its answer. Fan-out: from sending the PATCH until the
// last of the other members' sockets has the change.
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { parseLiveMessage } from "../../common/live-messages";
import { call, type Json } from "../worker/helpers";
import { createUser, expectStatus, type TestUser } from "../worker/library-helpers";
import { openSocket, socketTicket, until } from "../worker/live-helpers";
import { storeTranscript, utterances } from "../worker/transcript-helpers";
import { transcriptOf } from "./storage-workload";

const HOURS = 3;
const SAVES = 20;
const VIEWERS = [1, 10, 50] as const;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Grows `members` to `n` accounts added straight to the workspace (the bench measures the live room, not invitations). */
async function addMembers(workspaceId: string, members: TestUser[], n: number): Promise<void> {
  while (members.length < n) {
    const user = await createUser(`fan-${members.length}`);
    await env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role, created_at) VALUES (?, ?, 'viewer', ?)")
      .bind(workspaceId, user.id, new Date().toISOString())
      .run();
    members.push(user);
  }
}

/** A socket's frames include the change of this utterance. */
const heard = (raw: string[], utteranceId: string) =>
  raw.some((m) => {
    const message = parseLiveMessage(m);
    return message?.type === "transcript_changed" && message.utterance_ids.includes(utteranceId);
  });

it("times a team file's saves and their fan-out to 1, 10 and 50 members", { timeout: 900_000 }, async () => {
  const owner = await createUser("fan-owner");
  const workspace = expectStatus(await call("POST", "/workspaces", { name: "Fan-out" }, { token: owner.token }), 201).data;
  const { fileId } = await storeTranscript(owner, transcriptOf(HOURS));
  expectStatus(await call("PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: workspace.id } }, { token: owner.token }), 200);
  const list = await utterances(owner, fileId);
  const lines: string[] = [];
  const viewers: TestUser[] = [];
  for (const n of VIEWERS) {
    await addMembers(workspace.id, viewers, n);
    const sockets = await Promise.all(viewers.map(async (v) => openSocket(await socketTicket(v.token), fileId)));
    expect(sockets.every((s) => s.status === 101)).toBe(true);
    const trips: number[] = [];
    const fanOut: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const u: Json = list[(i * 37 + n) % list.length]!;
      for (const s of sockets) s.raw.length = 0;
      const words = u.transcriptWords.map((w: Json, k: number) => (k === 0 ? { id: w.id, text: `${w.text}${n}-${i}` } : { id: w.id }));
      const started = performance.now();
      expectStatus(await call("PATCH", `/transcripts/${fileId}/utterances/${u.id}/update_words`, { words }, { token: owner.token }), 200);
      trips.push(performance.now() - started);
      const all = await until(() => sockets.every((s) => heard(s.raw, u.id)), 10_000);
      expect(all).toBe(true);
      fanOut.push(performance.now() - started);
    }
    for (const s of sockets) s.socket?.close();
    trips.sort((a, b) => a - b);
    fanOut.sort((a, b) => a - b);
    lines.push(
      `${n} member(s) on the file: save p50 ${ms(percentile(trips, 50))}, max ${ms(trips.at(-1)!)}; ` +
        `every member has it p50 ${ms(percentile(fanOut, 50))}, max ${ms(fanOut.at(-1)!)} (${SAVES} saves)`,
    );
  }
  console.log(`\nBENCH co-editing, ${HOURS} h transcript:\n${lines.map((l) => `BENCH   ${l}`).join("\n")}\n`);
});
