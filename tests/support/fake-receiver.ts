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
//   /page/<name>           text/html
//   /hop/<name>            302 to /media/<name>
//   /to-private/<name>     302 to a private address

export const FAKE_RECEIVER_ORIGIN = "https://hooks.example.net";

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

const received: Received[] = [];

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

function serveFile(url: URL): Response {
  const [, kind, name = ""] = url.pathname.split("/");
  if (kind === "media") {
    const body = wavOf(Number(url.searchParams.get("bytes") ?? 16_044)) as Uint8Array<ArrayBuffer>;
    return new Response(body, { headers: { "content-type": "audio/wav" } });
  }
  if (kind === "page") return new Response("<html><body>Not a recording</body></html>", { headers: { "content-type": "text/html" } });
  if (kind === "hop") return new Response(null, { status: 302, headers: { location: `/media/${name}` } });
  if (kind === "to-private") return new Response(null, { status: 302, headers: { location: "https://10.0.0.1/secret.wav" } });
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
  return new Response("receiver down", { status: 500 });
}
