// Bodies sent in chunks (no Content-Length up front), 1–10 MB, to the routes that take a body: each
// is refused with 413 {error} once it passes the route's limit, read as a stream and never held
// whole, and the Worker goes on answering. The bodies are made piece by piece as they are read.
import { describe, expect, it } from "vitest";
import { LIBRARY_MESSAGES } from "../../common/library";
import { MESSAGES } from "../../common/messages";
import { RECORDING_MESSAGES } from "../../common/recordings";
import { dispatch } from "./helpers";
import { createUser, requestUploadUrl } from "./library-helpers";
import { as } from "./workspace-helpers";

const MB = 1024 * 1024;

/** `megabytes` of "a", made 64 KB at a time as the receiver reads (never the whole body). */
function chunked(megabytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= megabytes * MB) return controller.close();
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
        sent += 64 * 1024;
      },
    },
    { highWaterMark: 0 },
  );
}

async function send(method: string, url: string, megabytes: number, headers: Record<string, string> = {}) {
  const res = await dispatch(new Request(url, { method, body: chunked(megabytes), headers, duplex: "half" } as RequestInit));
  return { status: res.status, body: await res.json() };
}

describe("chunked bodies past a route's limit", { timeout: 60_000 }, () => {
  it("answers 413 {error} on JSON, recording-chunk and upload routes, and keeps answering", async () => {
    const user = await createUser("chunked");
    const json = { "content-type": "application/json" };
    const auth = { ...json, authorization: `Bearer ${user.token}` };
    const recording = (await as(user, "POST", "/recordings", { mime_type: "audio/webm" })).body.data;
    const { upload_url } = await requestUploadUrl(user.token, "chunked.wav", "audio/wav", MB);

    const cases: [string, string, number, Record<string, string>, string][] = [
      ["POST", "http://localhost/api/v1/auth/login", 2, json, MESSAGES.bodyTooLarge],
      ["POST", "http://localhost/api/v1/auth/login", 10, json, MESSAGES.bodyTooLarge],
      ["POST", "http://localhost/api/v1/folders", 5, auth, MESSAGES.bodyTooLarge],
      [
        "PUT",
        `http://localhost/api/v1/recordings/${recording.id}/chunks/0`,
        5,
        { authorization: `Bearer ${user.token}` },
        RECORDING_MESSAGES.chunkTooLarge,
      ],
      [
        "PUT",
        `http://localhost/api/v1/recordings/${recording.id}/chunks/1`,
        10,
        { authorization: `Bearer ${user.token}` },
        RECORDING_MESSAGES.chunkTooLarge,
      ],
      ["PUT", upload_url, 3, { "content-type": "audio/wav" }, LIBRARY_MESSAGES.uploadTooLarge],
    ];
    for (const [method, url, megabytes, headers, error] of cases)
      expect(await send(method, url, megabytes, headers), `${method} ${new URL(url).pathname} ${megabytes} MB`).toEqual({
        status: 413,
        body: { error },
      });

    // Still the same Worker, answering as before.
    expect((await as(user, "GET", "/recordings")).status).toBe(200);
  });
});
