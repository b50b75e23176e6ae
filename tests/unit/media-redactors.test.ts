// The media job's rewriters (decision 058) give the same bytes however the file's stream is cut.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mp3Redactor } from "../../worker/redactions/mp3";
import { byteRanges, wavLayout, wavRedactor } from "../../worker/redactions/wav";

async function through(bytes: Uint8Array, cuts: number[], stream: TransformStream<Uint8Array, Uint8Array>): Promise<Uint8Array> {
  const points = [...new Set(cuts.map((c) => c % bytes.length))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    if (p > from) chunks.push(bytes.slice(from, p));
    from = Math.max(from, p);
  }
  const source = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  return new Uint8Array(await new Response(source.pipeThrough(stream)).arrayBuffer());
}

function mp3(frames: number): Uint8Array {
  const FRAME = 417;
  const tag = [0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4, 5];
  const bytes = new Uint8Array(tag.length + frames * FRAME);
  bytes.set(tag);
  for (let i = 0; i < frames; i++) {
    bytes.set([0xff, 0xfb, 0x90, 0x00], tag.length + i * FRAME);
    bytes.fill(0x11 + (i % 9), tag.length + i * FRAME + 4, tag.length + (i + 1) * FRAME);
  }
  return bytes;
}

function wav(seconds: number, rate = 8000): Uint8Array {
  const n = seconds * rate;
  const b = new Uint8Array(44 + n * 2);
  const v = new DataView(b.buffer);
  b.set(
    [..."RIFF"].map((c) => c.charCodeAt(0)),
    0,
  );
  v.setUint32(4, 36 + n * 2, true);
  b.set(
    [..."WAVEfmt "].map((c) => c.charCodeAt(0)),
    8,
  );
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  b.set(
    [..."data"].map((c) => c.charCodeAt(0)),
    36,
  );
  v.setUint32(40, n * 2, true);
  for (let i = 0; i < n; i++) v.setInt16(44 + i * 2, 1000 + (i % 50), true);
  return b;
}

describe("media redactors", { timeout: 60_000 }, () => {
  it("an MP3's frames across a range are silenced the same whatever the chunks", async () => {
    const bytes = mp3(60);
    const ranges = [{ start: 0.3, end: 0.5 }];
    const whole = await through(bytes, [], mp3Redactor(ranges));
    expect(whole.length).toBe(bytes.length);
    expect(whole).not.toEqual(bytes);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 40 }), async (cuts) => {
        expect(await through(bytes, cuts, mp3Redactor(ranges))).toEqual(whole);
      }),
      { numRuns: 40 },
    );
  });

  it("a WAV's samples across a range become silence or a tone the same whatever the chunks", async () => {
    const bytes = wav(2);
    const layout = wavLayout(bytes)!;
    const ranges = [
      ...byteRanges(layout, [{ start: 0.2, end: 0.4 }]).map((r) => ({ ...r, fill: "silence" as const })),
      ...byteRanges(layout, [{ start: 1, end: 1.2 }]).map((r) => ({ ...r, fill: "tone" as const })),
    ];
    const whole = await through(bytes, [], wavRedactor(layout, ranges));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 40 }), async (cuts) => {
        expect(await through(bytes, cuts, wavRedactor(layout, ranges))).toEqual(whole);
      }),
      { numRuns: 40 },
    );
  });
});
