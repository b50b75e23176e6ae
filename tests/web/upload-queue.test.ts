// The uploads in flight, headless: progress, outcome, refusal before any transfer, and the list's clean-up.
import { describe, expect, it } from "vitest";
import type { AudioFileDto } from "../../common/library";
import { DONE_VISIBLE_MS, FILES_IN_FLIGHT, UploadQueue, type UploadTransport } from "../../web/src/workspace/upload-queue";
import { FakeClock, settle } from "./fake-clock";

const file = (name: string) => new File(["x"], name, { type: "audio/wav" });

function setup() {
  const clock = new FakeClock();
  const events: string[] = [];
  const transfers: {
    name: string;
    folderId: string | null;
    progress: (f: number) => void;
    finish: () => void;
    fail: (e: Error) => void;
    signal: AbortSignal;
  }[] = [];
  const transport: UploadTransport = {
    upload: (f, folderId, progress, signal) =>
      new Promise<AudioFileDto>((resolve, reject) => {
        signal.addEventListener("abort", () => reject(new DOMException("cancelled", "AbortError")));
        transfers.push({
          name: f.name,
          folderId,
          progress,
          signal,
          finish: () => resolve({ id: `id-${f.name}`, name: f.name } as AudioFileDto),
          fail: reject,
        });
      }),
    uploaded: (dto, name) => events.push(`uploaded ${name} as ${dto.id}`),
    failed: (name, reason) => events.push(`failed ${name}: ${reason}`),
    describe: (error) => (error instanceof Error ? error.message : "unknown"),
  };
  return { queue: new UploadQueue(transport, clock), clock, events, transfers };
}

describe("upload queue", () => {
  it("shows each file's progress, reports the outcome, and clears a finished one after a while", async () => {
    const { queue, clock, events, transfers } = setup();
    void queue.add([file("a.wav"), file("b.wav")], "folder-1", () => null);
    await settle();
    expect(queue.state.items.map((i) => [i.name, i.state])).toEqual([
      ["a.wav", "uploading"],
      ["b.wav", "uploading"],
    ]);
    expect(transfers.map((t) => t.folderId)).toEqual(["folder-1", "folder-1"]);
    transfers[0]!.progress(0.5);
    expect(queue.state.items[0]!.progress).toBe(0.5);

    transfers[0]!.finish();
    transfers[1]!.fail(new Error("Storage refused the upload"));
    await settle();
    expect(events).toEqual(["uploaded a.wav as id-a.wav", "failed b.wav: Storage refused the upload"]);
    expect(queue.state.items.map((i) => [i.name, i.state, i.progress, i.error])).toEqual([
      ["a.wav", "done", 1, null],
      ["b.wav", "failed", 0, "Storage refused the upload"],
    ]);

    await clock.advance(DONE_VISIBLE_MS - 1);
    expect(queue.state.items).toHaveLength(2);
    await clock.advance(1);
    // The finished one goes; the failed one stays until dismissed.
    expect(queue.state.items.map((i) => i.name)).toEqual(["b.wav"]);
    queue.dismiss(queue.state.items[0]!.id);
    expect(queue.state.items).toEqual([]);
  });

  it("refuses a file that breaks the rules without transferring anything", async () => {
    const { queue, events, transfers } = setup();
    await queue.add([file("huge.wav")], null, () => "File is too large");
    expect(transfers).toEqual([]);
    expect(events).toEqual(["failed huge.wav: File is too large"]);
    expect(queue.state.items[0]).toMatchObject({ state: "failed", error: "File is too large" });
  });

  it("sends at most three files at once; the next starts when one settles", async () => {
    const { queue, transfers } = setup();
    void queue.add(
      ["a", "b", "c", "d", "e"].map((n) => file(`${n}.wav`)),
      null,
      () => null,
    );
    await settle();
    expect(FILES_IN_FLIGHT).toBe(3);
    expect(transfers.map((t) => t.name)).toEqual(["a.wav", "b.wav", "c.wav"]);
    expect(queue.state.items.map((i) => i.state)).toEqual(["uploading", "uploading", "uploading", "waiting", "waiting"]);
    expect(queue.busy).toBe(true);
    transfers[1]!.fail(new Error("refused"));
    await settle();
    expect(transfers.map((t) => t.name)).toEqual(["a.wav", "b.wav", "c.wav", "d.wav"]);
    transfers[0]!.finish();
    await settle();
    expect(transfers.map((t) => t.name)).toEqual(["a.wav", "b.wav", "c.wav", "d.wav", "e.wav"]);
  });

  it("cancel stops a running file (its transfer aborted, no failure reported) and a waiting one before it starts", async () => {
    const { queue, transfers, events } = setup();
    void queue.add(
      ["a", "b", "c", "d"].map((n) => file(`${n}.wav`)),
      null,
      () => null,
    );
    await settle();
    const [a, , , d] = queue.state.items.map((i) => i.id);
    queue.cancel(d!);
    queue.cancel(a!);
    expect(transfers[0]!.signal.aborted).toBe(true);
    await settle();
    expect(events).toEqual([]);
    expect(queue.state.items.map((i) => i.name)).toEqual(["b.wav", "c.wav"]);
    // The cancelled waiting file never started; its place went to nobody else.
    expect(transfers.map((t) => t.name)).toEqual(["a.wav", "b.wav", "c.wav"]);
  });

  it("retry sends a failed file again, the same File, into the same folder", async () => {
    const { queue, transfers, events } = setup();
    const original = file("a.wav");
    void queue.add([original], "folder-9", () => null);
    await settle();
    transfers[0]!.fail(new Error("S3 upload failed: 0 Network Error"));
    await settle();
    expect(queue.state.items[0]).toMatchObject({ state: "failed", error: "S3 upload failed: 0 Network Error" });
    expect(queue.busy).toBe(false);
    queue.retry(queue.state.items[0]!.id);
    await settle();
    expect(transfers).toHaveLength(2);
    expect(transfers[1]).toMatchObject({ name: "a.wav", folderId: "folder-9" });
    expect(queue.state.items[0]).toMatchObject({ state: "uploading", error: null });
    transfers[1]!.finish();
    await settle();
    expect(events).toEqual(["failed a.wav: S3 upload failed: 0 Network Error", "uploaded a.wav as id-a.wav"]);
  });

  it("shows speed and time left from recent progress", async () => {
    const { queue, clock, transfers } = setup();
    const big = new File([new Uint8Array(10 * 1024 * 1024)], "big.wav", { type: "audio/wav" });
    void queue.add([big], null, () => null);
    await settle();
    transfers[0]!.progress(0);
    expect(queue.state.items[0]!.rate).toBe("");
    await clock.advance(2000);
    transfers[0]!.progress(0.2);
    // 2 MB in 2 s, 8 MB to go.
    expect(queue.state.items[0]!.rate).toBe("1 MB/s · 8 s left");
  });
});
