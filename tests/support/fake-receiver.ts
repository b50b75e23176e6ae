// The one fake webhook receiver (a third party: another system the app tells of events). The
// worker tests route outbound requests for FAKE_RECEIVER_ORIGIN here (vitest.config.ts), run in
// Node. The path steers the answer:
//   /ok/<key>              200
//   /down/<key>            500 "receiver down"
//   /flaky-<n>/<key>       500 for the first n deliveries to that path, then 200
//   /moved/<key>           302 to /ok/<key> (a webhook must not follow it)
// Every POST is recorded: GET /received/<key> answers those to paths ending in <key>, oldest
// first, as {path, headers, body}.

export const FAKE_RECEIVER_ORIGIN = "https://hooks.example.net";

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

const received: Received[] = [];

export async function handleFakeReceiver(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
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
