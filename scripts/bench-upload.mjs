// `npm run bench` (upload in parts): a large file (default 1000 MB, BENCH_UPLOAD_MB to
// change) sent the way the browser sends it: POST /uploads, part links, three parts at
// a time to the signed local part route, complete, confirm-upload. One part loses its
// connection halfway through its first try and is sent again after a 1 s backoff, as
// the upload area does. For comparison, the same size through the single PUT.
import http from "node:http";
import { apiClient, startLocalApp } from "./bench-api.mjs";

const PORT = Number(process.env.BENCH_UPLOAD_PORT ?? 8796);
const BASE = `http://127.0.0.1:${PORT}`;
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1000);
const PARTS_IN_FLIGHT = 3;
const BACKOFF_MS = 1000;

const { json, account, ready } = apiClient(BASE);
const local = (url) => url.replace("localhost", "127.0.0.1");

/**
 * PUTs `bytes` of generated data; with `dropAfter`, the connection is cut after that many
 * bytes (a lost connection). Resolves with the response's ETag header.
 * @param {string} url
 * @param {number} bytes
 * @param {Record<string, string>} headers
 * @param {number | null} [dropAfter]
 * @returns {Promise<string | undefined>}
 */
function streamPut(url, bytes, headers, dropAfter = null) {
  return new Promise((resolve, reject) => {
    const req = http.request(local(url), { method: "PUT", headers: { ...headers, "content-length": bytes } }, (res) => {
      res.resume();
      res.on("end", () => (res.statusCode === 200 ? resolve(res.headers.etag) : reject(new Error(`PUT → ${res.statusCode}`))));
    });
    req.on("error", reject);
    const chunk = Buffer.alloc(1024 * 1024, 0x55);
    let sent = 0;
    const limit = dropAfter ?? bytes;
    const pump = () => {
      while (sent < limit) {
        const n = Math.min(chunk.length, limit - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return req.once("drain", pump);
      }
      if (dropAfter === null) req.end();
      else req.destroy(new Error("connection lost (on purpose)"));
    };
    pump();
  });
}

const confirm = (token, key, bytes, filename) =>
  json(
    "/api/v1/audio_files/confirm-upload",
    {
      method: "POST",
      body: JSON.stringify({ filename, key, file_size: bytes, content_type: "audio/mpeg", folder_id: "", duration_seconds: 3600 }),
    },
    token,
  );

/** confirm-upload is idempotent: retried once if the local proxy drops the first answer after a large body. */
const confirmOnce = (...args) =>
  confirm(...args).catch((error) => (/restarted mid-request/.test(String(error)) ? confirm(...args) : Promise.reject(error)));

async function singlePut(token) {
  const bytes = UPLOAD_MB * 1024 * 1024;
  const body = JSON.stringify({ filename: "single.mp3", content_type: "audio/mpeg", file_size: bytes });
  const { upload_url, key } = await json("/api/v1/audio_files/upload-url", { method: "POST", body }, token);
  const started = performance.now();
  await streamPut(upload_url, bytes, { "content-type": "audio/mpeg" });
  const seconds = (performance.now() - started) / 1000;
  const confirmed = await confirmOnce(token, key, bytes, "single.mp3");
  return { seconds, stored: confirmed.data.fileSize === bytes };
}

async function inParts(token) {
  const bytes = UPLOAD_MB * 1024 * 1024;
  const started = performance.now();
  const body = JSON.stringify({ filename: "parts.mp3", content_type: "audio/mpeg", file_size: bytes });
  const { data: upload } = await json("/api/v1/uploads", { method: "POST", body }, token);
  const failing = Math.ceil(upload.part_count / 2);
  const numbers = Array.from({ length: upload.part_count }, (_, i) => i + 1);
  const links = new Map();
  for (let i = 0; i < numbers.length; i += 100) {
    const part_numbers = numbers.slice(i, i + 100);
    const { data } = await json(
      `/api/v1/uploads/${upload.upload_id}/parts`,
      { method: "POST", body: JSON.stringify({ part_numbers }) },
      token,
    );
    for (const link of data) links.set(link.part_number, link);
  }
  const etags = new Map();
  let retries = 0;
  const queue = [...numbers];
  const worker = async () => {
    while (queue.length) {
      const n = queue.shift();
      const link = links.get(n);
      for (let attempt = 1; ; attempt++) {
        try {
          const dropAfter = n === failing && attempt === 1 ? Math.floor(link.size / 2) : null;
          etags.set(n, await streamPut(link.url, link.size, {}, dropAfter));
          break;
        } catch (error) {
          if (attempt >= 5) throw error;
          retries++;
          console.log(`  part ${n}, try ${attempt}: ${error}`);
          await new Promise((r) => setTimeout(r, BACKOFF_MS * 2 ** (attempt - 1)));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: PARTS_IN_FLIGHT }, worker));
  const parts = numbers.map((n) => ({ part_number: n, etag: etags.get(n) }));
  const { data: done } = await json(
    `/api/v1/uploads/${upload.upload_id}/complete`,
    { method: "POST", body: JSON.stringify({ parts }) },
    token,
  );
  const seconds = (performance.now() - started) / 1000;
  const confirmed = await confirmOnce(token, done.key, bytes, "parts.mp3");
  return { seconds, parts: upload.part_count, partMb: upload.part_size / 1024 / 1024, retries, stored: confirmed.data.fileSize === bytes };
}

const server = startLocalApp({ port: PORT, label: "bench-upload-state" });
try {
  await ready();
  const { token } = await account("bench-upload");
  const parts = await inParts(token);
  console.log(
    `upload ${UPLOAD_MB} MB in ${parts.parts} parts of ${parts.partMb} MB (${PARTS_IN_FLIGHT} at a time), one part cut off halfway once: ` +
      `${parts.seconds.toFixed(1)} s including create and complete, ${(UPLOAD_MB / parts.seconds).toFixed(0)} MB/s, ` +
      `${parts.retries} part retried, stored size ${parts.stored ? "matches" : "DIFFERS"}`,
  );
  const single = await singlePut(token);
  console.log(
    `upload ${UPLOAD_MB} MB as one PUT (for comparison, same run): ${single.seconds.toFixed(1)} s, ` +
      `stored size ${single.stored ? "matches" : "DIFFERS"}`,
  );
} finally {
  server.stop();
}
