// A fetched body written to R2 in parts as it arrives: memory holds about one part, every part
// but the last has exactly the same size (R2 requires it), and a body past the size limit is
// cut off and its parts removed.
import { IMPORT_LIMITS } from "../../common/imports";

export class TooLarge extends Error {}

export async function streamToStorage(
  media: R2Bucket,
  key: string,
  body: ReadableStream<Uint8Array>,
  contentType: string,
  maxBytes: number,
  /** Told the bytes received so far as they arrive (awaited: it may write them down). */
  onProgress?: (received: number) => Promise<void> | void,
): Promise<number> {
  const upload = await media.createMultipartUpload(key, { httpMetadata: { contentType } });
  const parts: R2UploadedPart[] = [];
  const reader = body.getReader();
  const buffered: Uint8Array[] = [];
  let bufferedBytes = 0;
  let total = 0;
  /** Uploads the first `size` buffered bytes as the next part; the rest stays buffered. */
  const flush = async (size: number) => {
    const part = new Uint8Array(size);
    let at = 0;
    while (at < size) {
      const chunk = buffered[0]!;
      const take = Math.min(chunk.byteLength, size - at);
      part.set(chunk.subarray(0, take), at);
      at += take;
      if (take === chunk.byteLength) buffered.shift();
      else buffered[0] = chunk.subarray(take);
    }
    bufferedBytes -= size;
    parts.push(await upload.uploadPart(parts.length + 1, part));
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw new TooLarge();
      buffered.push(value);
      bufferedBytes += value.byteLength;
      while (bufferedBytes >= IMPORT_LIMITS.partBytes) await flush(IMPORT_LIMITS.partBytes);
      await onProgress?.(total);
    }
    if (bufferedBytes > 0 || parts.length === 0) await flush(bufferedBytes);
    await upload.complete(parts);
    return total;
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    await upload.abort().catch(() => undefined);
    throw error;
  }
}
