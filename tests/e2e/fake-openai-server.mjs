// Serves the one fake OpenAI-compatible server (tests/support/fake-openai.ts, the
// same code the worker tests call) over HTTP on loopback, for the browser tests and
// the editor bench. Ordinary answers come after 1.5 s, so tests can watch a file
// processing, and are the generated "so the quarterly budget…" transcript.
// Every other path goes to the fake webhook receiver and file server
// (tests/support/fake-receiver.ts): files to import from a link (GET /media/<name>) and
// receivers that record what they are sent (POST /ok/<key>, read back at GET /received/<key>).
import { build } from "esbuild";
import http from "node:http";

const port = Number(process.env.FAKE_OPENAI_PORT || 8789);
const OPTIONS = { latencyMs: 1_500, ordinary: "generated" };
/** Uploads in the browser tests are small; anything past this is refused, not buffered. */
const MAX_BODY_BYTES = 200 * 1024 * 1024;

// Node 20 cannot import TypeScript: the modules are transpiled in memory.
async function load(path) {
  const bundle = await build({
    entryPoints: [new URL(path, import.meta.url).pathname],
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "warning",
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0]?.contents ?? []).toString("base64")}`);
}
const { handleFakeOpenAi } = await load("../support/fake-openai.ts");
const { handleFakeReceiver } = await load("../support/fake-receiver.ts");
const isOpenAi = (path) => path.startsWith("/v1/") || path.startsWith("/fake/");

http
  .createServer((req, res) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", async () => {
      try {
        if (size > MAX_BODY_BYTES) {
          res
            .writeHead(413, { "content-type": "application/json" })
            .end(JSON.stringify({ error: { message: "Maximum content size limit exceeded" } }));
          return;
        }
        const request = new Request(`http://127.0.0.1:${port}${req.url}`, {
          method: req.method,
          headers: Object.entries(req.headers).flatMap(([name, value]) =>
            value === undefined ? [] : [/** @type {[string, string]} */ ([name, String(value)])],
          ),
          body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
        });
        const response = isOpenAi(new URL(request.url).pathname)
          ? await handleFakeOpenAi(request, OPTIONS)
          : await handleFakeReceiver(request);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        // Chunk by chunk, so a streamed chat answer arrives as the real API sends it.
        if (response.body) for await (const chunk of response.body) res.write(chunk);
        res.end();
      } catch (error) {
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: String(error) } }));
      }
    });
  })
  .listen(port, "127.0.0.1", () => console.log(`fake OpenAI-compatible server on ${port}`));
