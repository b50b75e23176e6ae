// Uploads in parts: create, part links, parts stored through the signed local route,
// complete, confirm, abort, and what must be refused (a part of the wrong size, another
// user's upload, a tampered or used link), with nothing left in storage after an abort.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { LIBRARY_MESSAGES } from "../../common/library";
import { MAX_OPEN_UPLOADS, MIN_PART_SIZE, MULTIPART_MESSAGES } from "../../common/multipart";
import { sweep } from "../../worker/transcription/recovery";
import { call, expectOk, typedApi } from "./helpers";
import { bytesEqual, createUser, expectStatus, flipSignature, putBytes, type TestUser } from "./library-helpers";

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await createUser("parts");
  bob = await createUser("parts-bob");
});

const api = (token = alice.token) => typedApi({ token });

/** Two full parts and a short last one; every byte differs from its neighbours' positions. */
const SIZE = 2 * MIN_PART_SIZE + 12_345;
const content = (() => {
  const bytes = new Uint8Array(SIZE);
  for (let i = 0; i < SIZE; i++) bytes[i] = (i * 31 + (i >> 13)) & 0xff;
  return bytes;
})();

async function create(token = alice.token, size = SIZE, filename = "long-interview.mp3") {
  return (await expectOk(await api(token).uploads.$post({ json: { filename, content_type: "audio/mpeg", file_size: size } }), 201)).data;
}

async function links(id: string, numbers: number[], token = alice.token) {
  return (await expectOk(await api(token).uploads[":id"].parts.$post({ param: { id }, json: { part_numbers: numbers } }))).data;
}

async function putPart(url: string, bytes: Uint8Array) {
  return putBytes(url, bytes, { "content-length": String(bytes.length) });
}

/** Uploads every part, in reverse order (parts may arrive in any order), answering the ETags. */
async function uploadAll(id: string, count: number, partSize: number) {
  const all = await links(
    id,
    Array.from({ length: count }, (_, i) => i + 1),
  );
  const parts: { part_number: number; etag: string }[] = [];
  for (const link of [...all].reverse()) {
    const start = (link.part_number - 1) * partSize;
    const res = await putPart(link.url, content.slice(start, start + link.size));
    expect(res.status, await res.clone().text()).toBe(200);
    parts.push({ part_number: link.part_number, etag: res.headers.get("etag")! });
  }
  return parts;
}

const r2UploadId = async (id: string) =>
  (await env.DB.prepare("SELECT r2_upload_id FROM multipart_uploads WHERE id = ?").bind(id).first<{ r2_upload_id: string }>())
    ?.r2_upload_id;

const storedKeys = async (key: string) => (await env.MEDIA.list({ prefix: key })).objects.map((o) => o.key);

describe("POST /uploads", () => {
  it("starts an upload in parts inside the user's prefix, with equal parts and a short last one", async () => {
    const before = Date.now();
    const upload = await create();
    expect(upload.key.startsWith(`users/${alice.id}/`)).toBe(true);
    expect(upload.key.endsWith("/long-interview.mp3")).toBe(true);
    expect(upload).toMatchObject({ content_type: "audio/mpeg", part_size: MIN_PART_SIZE, part_count: 3 });
    expect(upload.upload_id).toMatch(/^[0-9a-f-]{36}$/);
    const validFor = Date.parse(upload.expires_at) - before;
    expect(validFor).toBeGreaterThan(23.9 * 3600_000);
    expect(validFor).toBeLessThan(24.1 * 3600_000);
  });

  it("follows the same rules as a single upload link", async () => {
    const tooBig = await call(
      "POST",
      "/uploads",
      { filename: "big.wav", content_type: "audio/wav", file_size: 1048576001 },
      { token: alice.token },
    );
    expect(tooBig.status).toBe(422);
    expect(tooBig.body).toEqual({ error: "File size exceeds maximum allowed size of 1000MB" });
    const format = await call(
      "POST",
      "/uploads",
      { filename: "notes.txt", content_type: "text/plain", file_size: SIZE },
      { token: alice.token },
    );
    expect(format.status).toBe(422);
    expect(format.body.error).toMatch(/^File format "text\/plain" is not supported\./);
    expect((await call("POST", "/uploads", { filename: "x.mp3", content_type: "audio/mpeg", file_size: SIZE })).status).toBe(401);
  });
});

describe("parts, complete and confirm", () => {
  it("stores every part, joins them in order, and confirms the object as a file like a single upload", async () => {
    const upload = await create();
    const signed = await links(upload.upload_id, [1, 3]);
    expect(signed.map((p) => [p.part_number, p.size])).toEqual([
      [1, MIN_PART_SIZE],
      [3, 12_345],
    ]);
    const url = new URL(signed[0]!.url);
    expect(url.pathname).toBe("/api/v1/storage/part");
    expect(url.searchParams.get("signature")).toMatch(/^[0-9a-f]{64}$/);

    const parts = await uploadAll(upload.upload_id, upload.part_count, upload.part_size);
    expect(parts.every((p) => p.etag.length > 2)).toBe(true);
    // Nothing is an object before the parts are joined.
    expect(await env.MEDIA.head(upload.key)).toBeNull();

    const done = await expectOk(await api().uploads[":id"].complete.$post({ param: { id: upload.upload_id }, json: { parts } }));
    expect(done.data).toEqual({ key: upload.key, file_size: SIZE, content_type: "audio/mpeg" });
    const object = await env.MEDIA.get(upload.key);
    expect(object?.httpMetadata?.contentType).toBe("audio/mpeg");
    expect(bytesEqual(new Uint8Array(await object!.arrayBuffer()), content)).toBe(true);

    // A retried complete (its answer lost) answers the same.
    const again = await expectOk(await api().uploads[":id"].complete.$post({ param: { id: upload.upload_id }, json: { parts } }));
    expect(again.data.key).toBe(upload.key);
    // A completed upload takes no more parts.
    expect((await call("POST", `/uploads/${upload.upload_id}/parts`, { part_numbers: [1] }, { token: alice.token })).status).toBe(409);

    const confirmed = await expectOk(
      await api().audio_files["confirm-upload"].$post({
        json: {
          filename: "long-interview.mp3",
          key: upload.key,
          file_size: SIZE,
          content_type: "audio/mpeg",
          folder_id: "",
          duration_seconds: 60,
        },
      }),
      201,
    );
    expect(confirmed.data).toMatchObject({ name: "long-interview.mp3", fileSize: SIZE, status: "processing" });
    // Once a file, the upload cannot be cancelled away from under it.
    const cancel = await call("DELETE", `/uploads/${upload.upload_id}`, undefined, { token: alice.token });
    expect(cancel.status).toBe(409);
    expect(cancel.body).toEqual({ error: MULTIPART_MESSAGES.alreadyConfirmed });
    expect(await env.MEDIA.head(upload.key)).not.toBeNull();
  });

  it("refuses a part of the wrong size, and a complete that misses a part", async () => {
    const upload = await create();
    const [first, last] = await links(upload.upload_id, [1, 3]);
    const short = await putPart(first!.url, content.slice(0, MIN_PART_SIZE - 1));
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: LIBRARY_MESSAGES.uploadSizeMismatch });
    const long = await putPart(last!.url, content.slice(0, 12_346));
    expect(long.status).toBe(413);
    expect(await long.json()).toEqual({ error: LIBRARY_MESSAGES.uploadTooLarge });

    const ok = await putPart(last!.url, content.slice(2 * MIN_PART_SIZE));
    expect(ok.status).toBe(200);
    const missing = await call(
      "POST",
      `/uploads/${upload.upload_id}/complete`,
      { parts: [{ part_number: 3, etag: ok.headers.get("etag") }] },
      { token: alice.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: MULTIPART_MESSAGES.partsIncomplete });
    // A part number past the count is refused when links are asked for.
    const beyond = await call("POST", `/uploads/${upload.upload_id}/parts`, { part_numbers: [4] }, { token: alice.token });
    expect(beyond.status).toBe(422);
    expect(await env.MEDIA.head(upload.key)).toBeNull();
  });

  it("refuses a tampered part link", async () => {
    const upload = await create();
    const [link] = await links(upload.upload_id, [3]);
    const res = await putPart(flipSignature(link!.url), content.slice(0, 12_345));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: LIBRARY_MESSAGES.uploadLinkInvalid });
  });
});

describe("another user's upload", () => {
  it("is not found for links, complete or cancel, and stays intact", async () => {
    const upload = await create();
    for (const [method, path, body] of [
      ["GET", `/uploads/${upload.upload_id}`, undefined],
      ["POST", `/uploads/${upload.upload_id}/parts`, { part_numbers: [1] }],
      ["POST", `/uploads/${upload.upload_id}/complete`, { parts: [{ part_number: 1, etag: "x" }] }],
      ["DELETE", `/uploads/${upload.upload_id}`, undefined],
    ] as const) {
      const res = await call(method, path, body, { token: bob.token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ error: MULTIPART_MESSAGES.uploadNotFound });
    }
    expect((await call("GET", `/uploads/${crypto.randomUUID()}`, undefined, { token: alice.token })).status).toBe(404);
    const still = await expectOk(await api().uploads[":id"].$get({ param: { id: upload.upload_id } }));
    expect(still.data.key).toBe(upload.key);
  });
});

describe("DELETE /uploads/:id (cancel)", () => {
  it("aborts the upload: its parts are gone, its links refused, nothing left in storage", async () => {
    const upload = await create();
    const [first] = await links(upload.upload_id, [1]);
    expect((await putPart(first!.url, content.slice(0, MIN_PART_SIZE))).status).toBe(200);
    const r2Id = (await r2UploadId(upload.upload_id))!;

    const res = await expectOk(await api().uploads[":id"].$delete({ param: { id: upload.upload_id } }));
    expect(res).toEqual({ message: "Upload cancelled" });
    expect(await storedKeys(upload.key)).toEqual([]);
    // In storage the multipart upload itself is aborted: it takes no part and cannot complete.
    const inStorage = env.MEDIA.resumeMultipartUpload(upload.key, r2Id);
    await expect(inStorage.uploadPart(2, new Uint8Array(10))).rejects.toThrow();
    await expect(inStorage.complete([])).rejects.toThrow();
    // The old link and the id are dead.
    expect((await putPart(first!.url, content.slice(0, MIN_PART_SIZE))).status).toBe(404);
    expect((await call("DELETE", `/uploads/${upload.upload_id}`, undefined, { token: alice.token })).status).toBe(404);
    const pending = await env.DB.prepare("SELECT 1 FROM pending_uploads WHERE storage_key = ?").bind(upload.key).first();
    expect(pending).toBeNull();
  });

  it("after complete but before confirm, removes the joined object", async () => {
    const upload = await create();
    const parts = await uploadAll(upload.upload_id, upload.part_count, upload.part_size);
    await expectOk(await api().uploads[":id"].complete.$post({ param: { id: upload.upload_id }, json: { parts } }));
    expect(await env.MEDIA.head(upload.key)).not.toBeNull();
    await expectOk(await api().uploads[":id"].$delete({ param: { id: upload.upload_id } }));
    expect(await storedKeys(upload.key)).toEqual([]);
    const confirm = await call(
      "POST",
      "/audio_files/confirm-upload",
      { filename: "x.mp3", key: upload.key, file_size: SIZE, content_type: "audio/mpeg", folder_id: "", duration_seconds: "" },
      { token: alice.token },
    );
    expect(confirm.status).toBe(404);
  });
});

describe("open uploads per user", { timeout: 30_000 }, () => {
  it(`are at most ${MAX_OPEN_UPLOADS}: one more is refused with 429 {error} until one is finished, cancelled or expired`, async () => {
    const carol = await createUser("parts-many");
    const started = [];
    for (let i = 0; i < MAX_OPEN_UPLOADS; i++) started.push(await create(carol.token, 20_000, `part-${i}.mp3`));
    const refused = await call(
      "POST",
      "/uploads",
      { filename: "one-more.mp3", content_type: "audio/mpeg", file_size: 20_000 },
      {
        token: carol.token,
      },
    );
    expect(refused).toMatchObject({ status: 429, body: { error: MULTIPART_MESSAGES.tooManyOpen } });
    // Nothing was started in storage for the refused one: only the open uploads' rows exist.
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM multipart_uploads WHERE user_id = ?").bind(carol.id).first<number>("n");
    expect(rows).toBe(MAX_OPEN_UPLOADS);
    // Another user is not limited by carol's uploads.
    await create(bob.token, 20_000);

    // A cancelled one makes room; so does a completed one (it is no longer open) and an expired one.
    await expectOk(await api(carol.token).uploads[":id"].$delete({ param: { id: started[0]!.upload_id } }));
    await create(carol.token, 20_000, "after-cancel.mp3");
    expect(
      (await call("POST", "/uploads", { filename: "x.mp3", content_type: "audio/mpeg", file_size: 20_000 }, { token: carol.token })).status,
    ).toBe(429);
    const [link] = await links(started[1]!.upload_id, [1], carol.token);
    const res = await putPart(link!.url, content.slice(0, 20_000));
    await expectOk(
      await api(carol.token).uploads[":id"].complete.$post({
        param: { id: started[1]!.upload_id },
        json: { parts: [{ part_number: 1, etag: res.headers.get("etag")! }] },
      }),
    );
    await create(carol.token, 20_000, "after-complete.mp3");
    await env.DB.prepare("UPDATE multipart_uploads SET expires_at = ? WHERE id = ?")
      .bind("2000-01-01T00:00:00.000Z", started[2]!.upload_id)
      .run();
    await create(carol.token, 20_000, "after-expiry.mp3");
  });
});

describe("expiry", () => {
  it("an upload past its validity is not found, and the sweep aborts it in storage", async () => {
    const upload = await create();
    const r2Id = (await r2UploadId(upload.upload_id))!;
    await env.DB.prepare("UPDATE multipart_uploads SET expires_at = ? WHERE id = ?")
      .bind("2000-01-01T00:00:00.000Z", upload.upload_id)
      .run();
    expect((await call("POST", `/uploads/${upload.upload_id}/parts`, { part_numbers: [1] }, { token: alice.token })).status).toBe(404);
    const result = await sweep(env);
    expect(result.partUploadsRemoved).toBeGreaterThanOrEqual(1);
    expect(await r2UploadId(upload.upload_id)).toBeUndefined();
    await expect(env.MEDIA.resumeMultipartUpload(upload.key, r2Id).uploadPart(1, new Uint8Array(10))).rejects.toThrow();
  });
});

describe("validation", () => {
  it("answers 4xx with {error} for malformed ids and bodies", async () => {
    const upload = await create();
    const badId = await call("POST", "/uploads/not-a-uuid/parts", { part_numbers: [1] }, { token: alice.token });
    expect(badId.status).toBe(422);
    expect(badId.body).toEqual({ error: MULTIPART_MESSAGES.uploadNotFound });
    for (const body of [{ part_numbers: [] }, { part_numbers: [0] }, { part_numbers: ["x"] }, {}]) {
      const res = await call("POST", `/uploads/${upload.upload_id}/parts`, body, { token: alice.token });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.error === "string" || Array.isArray(res.body.errors)).toBe(true);
    }
    const noParts = await call("POST", `/uploads/${upload.upload_id}/complete`, { parts: [] }, { token: alice.token });
    expect(noParts.status).toBe(422);
    expect(expectStatus(noParts, 422)).toEqual({ error: MULTIPART_MESSAGES.partsIncomplete });
  });
});
