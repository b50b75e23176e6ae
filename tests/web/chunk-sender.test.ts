// A recording's chunks on their way, headless: in order, one at a time, retried while the
// connection is down so what is saved is always a run from the start; a refusal stops it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChunkSender, RETRY_WAITS_MS } from "../../web/src/workspace/recording/chunk-sender";
import { FakeClock } from "./fake-clock";

const failure = (status: number, message = `status ${status}`) => Object.assign(new Error(message), { status });
const blob = (text: string) => new Blob([text]);

/** A server that stores what it is sent, failing the sends it is told to fail. */
function setup(fail: (n: number, attempt: number) => number | null = () => null) {
  const clock = new FakeClock();
  const stored: number[] = [];
  const attempts = new Map<number, number>();
  const sender = new ChunkSender(
    async (n) => {
      const attempt = (attempts.get(n) ?? 0) + 1;
      attempts.set(n, attempt);
      await Promise.resolve();
      const status = fail(n, attempt);
      if (status !== null) throw failure(status);
      stored.push(n);
    },
    () => undefined,
    clock,
  );
  return { clock, stored, sender, attempts };
}

describe("chunk sender", () => {
  it("sends chunks in the order recorded, one at a time, skipping empty ones", async () => {
    const { sender, stored, clock } = setup();
    for (const text of ["a", "", "b", "c"]) sender.push(blob(text));
    await clock.advance(0);
    expect(stored).toEqual([0, 1, 2]);
    expect(sender.state).toEqual({ recorded: 3, sent: 3, retrying: false, refused: null });
    await expect(sender.whenSent()).resolves.toBeUndefined();
  });

  it("retries a chunk while there is no answer, keeping the later ones behind it", async () => {
    const { sender, stored, clock, attempts } = setup((n, attempt) => (n === 1 && attempt <= 3 ? 0 : null));
    for (const text of ["a", "b", "c"]) sender.push(blob(text));
    await clock.advance(0);
    expect(stored).toEqual([0]);
    expect(sender.state).toMatchObject({ sent: 1, retrying: true });
    expect(sender.backlog).toBe(2);
    const sent = sender.whenSent();
    await clock.advance(RETRY_WAITS_MS[0] + RETRY_WAITS_MS[1] + RETRY_WAITS_MS[2]);
    await sent;
    expect(stored).toEqual([0, 1, 2]);
    expect(attempts.get(1)).toBe(4);
    expect(sender.state).toMatchObject({ sent: 3, retrying: false });
  });

  it("stops with the server's reason on a refusal retrying cannot change", async () => {
    const { sender, stored, clock } = setup((n) => (n === 1 ? 403 : null));
    for (const text of ["a", "b", "c"]) sender.push(blob(text));
    const refused = expect(sender.whenSent()).rejects.toThrow("status 403");
    await clock.advance(0);
    await refused;
    expect(stored).toEqual([0]);
    expect(sender.state).toMatchObject({ sent: 1, refused: "status 403" });
  });

  it("saves a run from the start whatever fails and when", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 10 }),
        async (failures, count) => {
          let i = 0;
          const { sender, stored, clock } = setup(() => (failures[i++ % failures.length] ? 503 : null));
          for (let n = 0; n < count; n++) {
            sender.push(blob(`c${n}`));
            await clock.advance(700);
            expect(stored).toEqual([...stored.keys()]);
            expect(sender.state.sent).toBe(stored.length);
          }
          if (failures.every(Boolean)) return;
          await clock.advance(RETRY_WAITS_MS.at(-1)! * count * failures.length);
          expect(stored).toEqual([...Array(count).keys()]);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("sends nothing more once stopped", async () => {
    const { sender, stored, clock } = setup((_n, attempt) => (attempt === 1 ? 0 : null));
    sender.push(blob("a"));
    await clock.advance(0);
    sender.stop();
    sender.push(blob("b"));
    await clock.advance(60_000);
    expect(stored).toEqual([]);
  });
});
