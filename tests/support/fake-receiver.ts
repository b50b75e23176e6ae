// The one fake webhook receiver (a third party: another system the app tells of events). The
// worker tests route outbound requests for FAKE_RECEIVER_ORIGIN here (vitest.config.ts), run in
// Node. The path steers the answer:
//   /ok/<key>              200
//   /down/<key>            500 "receiver down"
//   /flaky-<n>/<key>       500 for the first n deliveries to that path, then 200
//   /moved/<key>           302 to /ok/<key> (a webhook must not follow it)
// Every POST is recorded: GET /received/<key> answers those to paths ending in <key>, oldest
// first, as {path, headers, body}.
// It also serves files to import from a link (GET):
//   /media/<name>?bytes=n  a WAV of n bytes (default 16,044: a second of 8 kHz mono) as audio/wav
//   /sized/<name>?bytes=n  the same with its Content-Length (/media's is sent in chunks, length unsaid)
//   /page/<name>           text/html
//   /hop/<name>            302 to /media/<name>
//   /to-private/<name>     302 to a private address
//   /answer-<status>/<name>  that status (a 503, a 403…) with a short text
//   /late/<name>?ms=n      the default WAV, its answer n ms late
//   /declared/<name>?bytes=n  audio/wav declaring a Content-Length of n, with a few bytes only
// And an answer too large to read whole, made as it is read (never held), for either method:
//   /huge/<key>?mb=n&rate=r&status=s  n MB (default 256) at r MB a second (default 8); a POST
//                          answers status s (default 500), text starting "receiver down " then
//                          "xxx…", a GET 200 as audio/wav

export const FAKE_RECEIVER_ORIGIN = "https://hooks.example.net";

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

const received: Received[] = [];

/**
 * `megabytes` of body made piece by piece as it is read (never held), at most `rate` MB a second:
 * sending it whole takes megabytes / rate seconds, so an app that answers sooner did not read it
 * all. (The local runtime's loopback reads a fake's answer as fast as it comes, whatever the Worker
 * reads, so the time the whole takes is the measure, not the bytes made.)
 */
function hugeBody(megabytes: number, rate: number, start: Uint8Array, fill: number): ReadableStream<Uint8Array> {
  const total = megabytes * 1024 * 1024;
  const began = Date.now();
  let made = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (made >= total) return controller.close();
        const due = began + (made / (rate * 1024 * 1024)) * 1000;
        // An unref'd wait: an answer still being made must not keep the test run from ending.
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()).unref());
        const piece = new Uint8Array(Math.min(64 * 1024, total - made)).fill(fill);
        if (made === 0) piece.set(start.subarray(0, piece.length));
        made += piece.length;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
}

/** A /huge/<key> answer: for a POST the receiver's error text, for a GET a WAV. */
function hugeAnswer(url: URL, post: boolean): Response {
  const megabytes = Number(url.searchParams.get("mb") ?? 256);
  const rate = Number(url.searchParams.get("rate") ?? 8);
  if (post) {
    const status = Number(url.searchParams.get("status") ?? 500);
    const body = hugeBody(megabytes, rate, new TextEncoder().encode("receiver down "), 0x78);
    return new Response(body, { status, headers: { "content-type": "text/plain" } });
  }
  return new Response(hugeBody(megabytes, rate, wavOf(44), 0), { headers: { "content-type": "audio/wav" } });
}

/** A WAV of `bytes` bytes: the header, then silence. */
function wavOf(bytes: number): Uint8Array {
  const out = new Uint8Array(Math.max(44, bytes));
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, "RIFF");
  view.setUint32(4, out.length - 8, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, out.length - 44, true);
  return out;
}

async function serveFile(url: URL): Promise<Response> {
  const [, kind = "", name = ""] = url.pathname.split("/");
  const status = /^answer-(\d{3})$/.exec(kind)?.[1];
  if (status) return new Response(`answered ${status}`, { status: Number(status), headers: { "content-type": "text/plain" } });
  if (kind === "late") {
    await new Promise((resolve) => setTimeout(resolve, Number(url.searchParams.get("ms") ?? 1000)));
    return new Response(wavOf(16_044) as Uint8Array<ArrayBuffer>, { headers: { "content-type": "audio/wav" } });
  }
  if (kind === "declared")
    return new Response(wavOf(44) as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": "audio/wav", "content-length": url.searchParams.get("bytes") ?? "44" },
    });
  if (kind === "media" || kind === "sized") {
    const body = wavOf(Number(url.searchParams.get("bytes") ?? 16_044)) as Uint8Array<ArrayBuffer>;
    const headers: Record<string, string> = { "content-type": "audio/wav" };
    if (kind === "sized") headers["content-length"] = String(body.length);
    return new Response(body, { headers });
  }
  if (kind === "page") return new Response("<html><body>Not a recording</body></html>", { headers: { "content-type": "text/html" } });
  if (kind === "hop") return new Response(null, { status: 302, headers: { location: `/media/${name}` } });
  if (kind === "to-private") return new Response(null, { status: 302, headers: { location: "https://10.0.0.1/secret.wav" } });
  if (kind === "huge") return hugeAnswer(url, false);
  return new Response("not found", { status: 404 });
}

export async function handleFakeReceiver(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const { pathname } = url;
  if (request.method === "GET" && !pathname.startsWith("/received/")) return serveFile(url);
  if (request.method === "GET" && pathname.startsWith("/received/")) {
    const key = pathname.slice("/received/".length);
    return Response.json(received.filter((r) => r.path.endsWith(`/${key}`)));
  }
  received.push({ path: pathname, headers: Object.fromEntries(request.headers), body: await request.text() });
  const seen = received.filter((r) => r.path === pathname).length;
  const [, kind] = pathname.split("/");
  const flaky = /^flaky-(\d+)$/.exec(kind ?? "");
  if (kind === "ok" || (flaky && seen > Number(flaky[1]))) return new Response("thanks");
  if (kind === "moved") return new Response(null, { status: 302, headers: { location: `${FAKE_RECEIVER_ORIGIN}/ok/x` } });
  if (kind === "huge") return hugeAnswer(url, true);
  return new Response("receiver down", { status: 500 });
}
