// How a recorded change is stored in edit_operations.change. Small changes are
// their JSON; one beyond INLINE_MAX (a replace all over a thousand utterances
// holds megabytes of before and after states) is stored gzipped and base64'd
// behind a prefix, so it fits D1's 2 MB per value. Rows written before stay readable.
import type { Change } from "../../common/transcript-ops";

const GZIP_PREFIX = "gz:";
const INLINE_MAX = 256 * 1024;

export async function encodeChange(change: Change): Promise<string> {
  const json = JSON.stringify(change);
  if (json.length <= INLINE_MAX) return json;
  const zipped = new Uint8Array(await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
  let binary = "";
  for (let i = 0; i < zipped.length; i += 0x8000) binary += String.fromCharCode(...zipped.subarray(i, i + 0x8000));
  return GZIP_PREFIX + btoa(binary);
}

export async function decodeChange(stored: string): Promise<Change> {
  if (!stored.startsWith(GZIP_PREFIX)) return JSON.parse(stored) as Change;
  const binary = atob(stored.slice(GZIP_PREFIX.length));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text()) as Change;
}
