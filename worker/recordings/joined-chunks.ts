// A recording's chunks read as one stream, one stored object at a time, so joining them never
// holds more than a chunk and the part being written (stream-to-storage.ts).
import { chunkKey } from "./store";

/** Chunk `n` of the recording was not in storage when it was joined. */
export class ChunkMissing extends Error {
  constructor(readonly n: number) {
    super(`chunk ${n} missing`);
  }
}

export function joinedChunks(media: R2Bucket, recordingId: string, chunkCount: number): ReadableStream<Uint8Array> {
  let next = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (!reader) {
          if (next >= chunkCount) return controller.close();
          const object = await media.get(chunkKey(recordingId, next));
          if (!object) throw new ChunkMissing(next);
          next++;
          reader = object.body.getReader();
        }
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        reader = undefined;
      }
    },
    async cancel() {
      await reader?.cancel();
    },
  });
}
