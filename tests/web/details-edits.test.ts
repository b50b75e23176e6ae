// Speakers, summary and notes edited through the editor's save queue: shown at
// once, stored, retried while offline, re-applied after a reload, refused alike.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { initialKeys } from "../../core/order-keys";
import type { SpeakerDto, UtteranceDto } from "../../core/transcript";
import { DETAILS_MESSAGES } from "../../core/details-limits";
import { DetailsEditor } from "../../web/src/editor/model/details-editor";
import { isDetailsOp } from "../../web/src/editor/model/details-ops";
import { TranscriptEditor } from "../../web/src/editor/model/editor";
import { MemoryPendingStore } from "../../web/src/editor/model/pending-store";
import { TabRecords } from "../../web/src/editor/model/tab-records";
import { type PendingOp, type SavedResult, SaveQueue, type SendOutcome } from "../../web/src/editor/model/save-queue";
import { withStats } from "../../web/src/editor/model/speaker-stats";
import { TranscriptStore } from "../../web/src/editor/model/transcript-store";
import { FakeClock } from "./fake-clock";

const keys = initialKeys(3);
function utterance(id: string, i: number, speakerId: string, start = i, end = i + 1): UtteranceDto {
  return {
    id,
    speakerId,
    startTime: start,
    endTime: end,
    position: i,
    confidenceScore: 0.9,
    sentiment: null,
    sentimentConfidence: null,
    transcriptWords: [{ id: `${id}w`, text: id, startTime: start, endTime: end, position: 0, confidenceScore: 0.9, hasEntities: false }],
    orderKey: keys[i]!,
    version: 1,
  };
}
const speaker = (id: string, n: number, name: string | null = null): SpeakerDto => ({
  id,
  originalLabel: `Speaker ${n}`,
  name,
  role: null,
  displayName: name ?? `Speaker ${n}`,
  position: n - 1,
  utteranceCount: 0,
  speakingPercentage: 0,
});

/** A server that answers speaker and field edits like the API, and can be offline. */
class FakeServer {
  online = true;
  sent: PendingOp[] = [];
  speakers = [speaker("s1", 1), speaker("s2", 2)];
  private next = 10;
  refuse: ((op: PendingOp["op"]) => string | null) | null = null;

  send = async (pending: PendingOp): Promise<SendOutcome> => {
    if (!this.online) return { kind: "transient", reason: "offline" };
    this.sent.push(pending);
    const op = pending.op;
    const refusal = this.refuse?.(op);
    if (refusal) return { kind: "permanent", status: 409, message: refusal };
    const result: SavedResult = { utterances: [], removedUtteranceIds: [] };
    if (op.type === "create_speaker") {
      const created = speaker(`server-${this.next}`, this.speakers.length + 1);
      this.next++;
      this.speakers.push(created);
      result.speaker = created;
    } else if (op.type === "update_speaker") {
      result.speaker = { ...this.speakers.find((s) => s.id === op.speakerId)!, name: op.name, role: op.role, displayName: op.name };
    } else if (op.type === "set_speaker") {
      if (!this.speakers.some((s) => s.id === op.speakerId)) return { kind: "permanent", status: 422, message: "Speaker not found" };
      result.utterances = [];
    }
    return { kind: "ok", result };
  };
}

let tabs = 0;

function open(server: FakeServer, pendingStore: MemoryPendingStore, clock = new FakeClock()) {
  const store = new TranscriptStore([utterance("u0", 0, "s1"), utterance("u1", 1, "s2")], server.speakers);
  const rejected: string[] = [];
  let details!: DetailsEditor;
  let n = 0;
  const queue = new SaveQueue({
    send: server.send,
    // Each page is a new tab: it takes over what the page before left.
    record: new TabRecords(pendingStore, null, { user: "ada", file: "f1", tab: `tab-${++tabs}` }),
    clock,
    onSaved: (pending, result) => {
      if (isDetailsOp(pending.op)) details.saved(pending.op, result);
    },
    onRejected: (_pending, failure) => rejected.push(failure.message),
  });
  details = new DetailsEditor({ store, queue, newSpeakerId: () => `local-${++n}` });
  const editor = new TranscriptEditor({ store, queue, clock });
  return { store, queue, details, editor, clock, rejected };
}

describe("speaker edits through the save queue", () => {
  it("a speaker created offline is shown and given an utterance at once; once online both are saved with the server's id", async () => {
    const server = new FakeServer();
    server.online = false;
    const { store, details, editor, queue, clock } = open(server, new MemoryPendingStore());
    const created = details.createSpeaker();
    expect(created.displayName).toBe("Speaker 3");
    expect(editor.setSpeaker("u0", created.id)).toBe(true);
    expect(store.utterance("u0")!.speakerId).toBe(created.id);
    await clock.advance(5_000);
    expect(queue.getStatus().state).toBe("error");
    expect(server.sent).toEqual([]);

    server.online = true;
    queue.retryNow();
    await clock.advance(1_000);
    expect(server.sent.map((p) => p.op)).toEqual([
      { type: "create_speaker", speakerId: created.id, displayName: "Speaker 3", position: 2 },
      { type: "set_speaker", utteranceId: "u0", speakerId: "server-10" },
    ]);
    expect(store.speakers().map((s) => s.id)).toEqual(["s1", "s2", "server-10"]);
    expect(store.utterance("u0")!.speakerId).toBe("server-10");
    expect(details.currentSpeakerId(created.id)).toBe("server-10");
    expect(queue.getStatus().state).toBe("synced");
  });

  it("survive a reload: the stored edits are shown again and sent", async () => {
    const server = new FakeServer();
    server.online = false;
    const stored = new MemoryPendingStore();
    const first = open(server, stored);
    await first.queue.restore();
    const created = first.details.createSpeaker();
    expect(first.details.updateSpeaker("s1", { name: " Ada ", role: "" })).toBeNull();
    first.details.setField("notes", "  Call Bo.  ");
    await first.queue.whenPersisted();
    first.queue.dispose();

    // The page again, still offline: the server's state plus what waits in storage.
    const second = open(server, stored);
    for (const { op } of await second.queue.restore()) if (isDetailsOp(op)) second.details.replay(op);
    expect(second.store.speakers().map((s) => s.displayName)).toEqual(["Ada", "Speaker 2", "Speaker 3"]);
    expect(second.store.speakerName(created.id)).toBe("Speaker 3");
    expect(second.details.pendingField("notes")).toBe("Call Bo.");

    server.online = true;
    second.queue.retryNow();
    await second.clock.advance(1_000);
    expect(server.sent.map((p) => p.op.type)).toEqual(["create_speaker", "update_speaker", "set_field"]);
    expect(second.details.pendingField("notes")).toBeUndefined();
    expect(second.queue.getStatus().state).toBe("synced");
  });

  it("a refused edit is dropped and told like any other; the queue goes on", async () => {
    const server = new FakeServer();
    server.refuse = (op) => (op.type === "delete_speaker" ? DETAILS_MESSAGES.speakerHasUtterances : null);
    const { details, queue, clock, rejected } = open(server, new MemoryPendingStore());
    const created = details.createSpeaker();
    await clock.advance(100);
    expect(details.deleteSpeaker(details.currentSpeakerId(created.id))).toBeNull();
    expect(details.updateSpeaker("s2", { name: "Bo", role: null })).toBeNull();
    await clock.advance(1_000);
    expect(rejected).toEqual([DETAILS_MESSAGES.speakerHasUtterances]);
    expect(server.sent.map((p) => p.op.type)).toEqual(["create_speaker", "delete_speaker", "update_speaker"]);
    expect(queue.snapshot()).toEqual([]);
  });

  it("refuses here what the server would: an empty name, deleting a speaker who has utterances", () => {
    const { details, store, queue } = open(new FakeServer(), new MemoryPendingStore());
    expect(details.updateSpeaker("s1", { name: "   ", role: null })).toBe(DETAILS_MESSAGES.speakerNameRequired);
    expect(details.deleteSpeaker("s1")).toBe(DETAILS_MESSAGES.speakerHasUtterances);
    expect(store.speakerName("s1")).toBe("Speaker 1");
    expect(queue.snapshot()).toEqual([]);
  });

  it("renames of one speaker waiting together are sent as the last one", async () => {
    const server = new FakeServer();
    const { details, clock } = open(server, new MemoryPendingStore());
    details.updateSpeaker("s1", { name: "A", role: null });
    details.updateSpeaker("s1", { name: "Ada", role: "Host" });
    await clock.advance(1_000);
    expect(server.sent.map((p) => p.op)).toEqual([{ type: "update_speaker", speakerId: "s1", name: "Ada", role: "Host" }]);
  });

  it("the server's speakers replace those held, except ones with unsaved changes", () => {
    const server = new FakeServer();
    server.online = false;
    const { details, store } = open(server, new MemoryPendingStore());
    details.updateSpeaker("s1", { name: "Ada", role: null });
    const created = details.createSpeaker();
    store.setSpeakers([speaker("s1", 1, "Other tab"), speaker("s2", 2, "Bo")], (id) => details.speakerPending(id));
    expect(store.speakers().map((s) => [s.id, s.displayName])).toEqual([
      ["s1", "Ada"],
      ["s2", "Bo"],
      [created.id, "Speaker 3"],
    ]);
  });
});

describe("speaker statistics from the utterances held", () => {
  it("count every utterance once and share the speaking time, as the server does", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ speaker: fc.constantFrom("s1", "s2", "s3"), start: fc.nat(100), length: fc.nat(30) }), { maxLength: 40 }),
        (rows) => {
          const utterances = rows.map((r) => ({ speakerId: r.speaker, startTime: r.start, endTime: r.start + r.length }));
          const stats = withStats([speaker("s1", 1), speaker("s2", 2), speaker("s3", 3)], utterances);
          expect(stats.reduce((n, s) => n + s.utteranceCount, 0)).toBe(rows.length);
          const total = rows.reduce((t, r) => t + r.length, 0);
          for (const s of stats) {
            const own = rows.filter((r) => r.speaker === s.id).reduce((t, r) => t + r.length, 0);
            expect(s.speakingPercentage).toBe(total > 0 ? Math.round((own / total) * 1000) / 10 : 0);
          }
          // Rounded to a tenth each: the shares add up to 100 within the rounding.
          if (total > 0) expect(Math.abs(stats.reduce((t, s) => t + s.speakingPercentage, 0) - 100)).toBeLessThanOrEqual(0.15);
        },
      ),
    );
  });
});
