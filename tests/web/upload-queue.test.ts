// The uploads in flight, headless: progress, outcome, refusal before any transfer, and the list's clean-up.
import { describe, expect, it } from "vitest";
import type { AudioFileDto } from "../../common/library";
import { DONE_VISIBLE_MS, UploadQueue, type UploadTransport } from "../../web/src/workspace/upload-queue";
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
  }[] = [];
  const transport: UploadTransport = {
    upload: (f, folderId, progress) =>
      new Promise<AudioFileDto>((resolve, reject) => {
        transfers.push({
          name: f.name,
          folderId,
          progress,
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
});
