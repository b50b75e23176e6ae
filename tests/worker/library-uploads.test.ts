import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { LIBRARY_MESSAGES } from "../../common/library";
import { signParts } from "../../worker/storage/signing";
import { call, expectOk, typedApi } from "./helpers";
import {
  bytesEqual,
  createFolder,
  createUser,
  expectStatus,
  flipSignature,
  putBytes,
  requestUploadUrl,
  type TestUser,
  uploadFile,
  uploadObject,
  wav,
  withParam,
} from "./library-helpers";

const MAX = 1048576000;
const SUPPORTED = "MP3, WAV, M4A, MP4, FLAC, AAC, OGG";
const UPLOAD_NOT_FOUND = "Upload not found. Please upload the file again.";
const SIZE_MISMATCH = "The uploaded file's size does not match. Please upload the file again.";
const LINK_INVALID = "This upload link is invalid or has expired. Please start the upload again.";

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await createUser("uploads");
  bob = await createUser("uploads-bob");
});

const uploadUrl = (body: unknown, token = alice.token) => call("POST", "/audio_files/upload-url", body, { token });
const confirm = (body: unknown, token = alice.token) => call("POST", "/audio_files/confirm-upload", body, { token });
// What must succeed goes through the typed client; `uploadUrl` and `confirm` also send what must be refused.
const api = (token = alice.token) => typedApi({ token });
type UploadUrlInput = { filename: string; content_type: string; file_size: number };
const uploadUrlOk = async (json: UploadUrlInput, token = alice.token) =>
  expectOk(await api(token).audio_files["upload-url"].$post({ json }));
const listFiles = async (token = alice.token, folderId?: string) =>
  (await expectOk(await api(token).audio_files.$get({ query: folderId === undefined ? {} : { folder_id: folderId } }))).data;

async function readObject(key: string): Promise<Uint8Array | null> {
  const object = await env.MEDIA.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

describe("POST /audio_files/upload-url", () => {
  it("answers a signed upload link and a key inside the user's prefix", async () => {
    const before = Math.floor(Date.now() / 1000);
    const body = await uploadUrlOk({ filename: "My Interview (1).wav", content_type: "audio/wav", file_size: 48044 });
    expect(Object.keys(body).sort()).toEqual(["content_type", "key", "upload_url"]);
    // The one type the upload link is bound to (the browser must PUT with exactly this).
    expect(body.content_type).toBe("audio/wav");
    expect(body.key.startsWith(`users/${alice.id}/`)).toBe(true);
    expect(body.key).not.toContain("..");
    expect(body.key.endsWith(".wav")).toBe(true);
    expect(body.key).not.toMatch(/[ ()]/);

    const url = new URL(body.upload_url);
    expect(url.origin).toBe("http://localhost");
    expect(url.pathname).toBe("/api/v1/storage/upload");
    expect(url.searchParams.get("key")).toBe(body.key);
    expect(url.searchParams.get("size")).toBe("48044");
    expect(url.searchParams.get("type")).toBe("audio/wav");
    expect(url.searchParams.get("signature")).toMatch(/^[0-9a-f]{64}$/);
    const expires = Number(url.searchParams.get("expires"));
    expect(expires).toBeGreaterThanOrEqual(before + 15 * 60 - 5);
    expect(expires).toBeLessThanOrEqual(before + 15 * 60 + 5);
  });

  it("gives a fresh key every time", async () => {
    const input = { filename: "same.wav", content_type: "audio/wav", file_size: 1000 };
    const first = await uploadUrlOk(input);
    const second = await uploadUrlOk(input);
    expect(first.key).not.toBe(second.key);
    expect(first.upload_url).not.toBe(second.upload_url);
    expect(second.key.startsWith(`users/${alice.id}/`)).toBe(true);
  });

  it("accepts the maximum size and refuses one byte more", async () => {
    await uploadUrlOk({ filename: "big.wav", content_type: "audio/wav", file_size: MAX });
    const res = await uploadUrl({ filename: "big.wav", content_type: "audio/wav", file_size: MAX + 1 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: "File size exceeds maximum allowed size of 1000MB" });
  });

  it("refuses an unsupported format and lists the supported ones", async () => {
    const res = await uploadUrl({ filename: "notes.txt", content_type: "text/plain", file_size: 10 });
    expect(res.status).toBe(422);
    expect(res.body.error.startsWith('File format "text/plain" is not supported. Supported formats:')).toBe(true);
    expect(res.body).toEqual({ error: `File format "text/plain" is not supported. Supported formats: ${SUPPORTED}` });
  });

  it("names the extension when the type is empty and unsupported", async () => {
    const res = await uploadUrl({ filename: "notes.txt", content_type: "", file_size: 10 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: `File format "txt" is not supported. Supported formats: ${SUPPORTED}` });
  });

  it("refuses WMA, which the default service does not take", async () => {
    const res = await uploadUrl({ filename: "old.wma", content_type: "audio/x-ms-wma", file_size: 10 });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/^File format "audio\/x-ms-wma" is not supported\./);
  });

  it.each([
    ["empty type, .mp3", "song.mp3", ""],
    ["no type at all, .mp3", "song.mp3", undefined],
    ["octet-stream, .wav", "take.WAV", "application/octet-stream"],
    ["video/mp4", "clip.mp4", "video/mp4"],
    ["audio/mpeg without a known extension", "recording", "audio/mpeg"],
  ])("accepts %s", async (_label, filename, content_type) => {
    const body = expectStatus(await uploadUrl({ filename, content_type, file_size: 100 }), 200);
    expect(body.key.startsWith(`users/${alice.id}/`)).toBe(true);
  });

  it("refuses a filename of 256 characters and accepts 255", async () => {
    const long = `${"a".repeat(252)}.mp3`;
    expect(long).toHaveLength(256);
    const res = await uploadUrl({ filename: long, content_type: "audio/mpeg", file_size: 100 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: "Filename too long. Maximum 255 characters allowed." });

    const ok = await uploadUrl({ filename: long.slice(1), content_type: "audio/mpeg", file_size: 100 });
    expect(ok.status).toBe(200);
  });

  it.each([
    [{ content_type: "audio/wav", file_size: 100 }, "Filename is required"],
    [{ filename: "  ", content_type: "audio/wav", file_size: 100 }, "Filename is required"],
    [{ filename: "a.wav", content_type: "audio/wav", file_size: 0 }, "File size must be a positive number of bytes"],
    [{ filename: "a.wav", content_type: "audio/wav", file_size: -5 }, "File size must be a positive number of bytes"],
    [{ filename: "a.wav", content_type: "audio/wav", file_size: 1.5 }, "File size must be a positive number of bytes"],
    [{ filename: "a.wav", content_type: "audio/wav", file_size: "lots" }, "File size must be a positive number of bytes"],
  ])("validates the request %j", async (body, error) => {
    const res = await uploadUrl(body);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error });
  });
});

describe("PUT to the upload link", () => {
  it("stores exactly the bytes with the content type", async () => {
    const bytes = wav(3);
    const { upload_url, key } = await requestUploadUrl(alice.token, "stored.wav", "audio/wav", bytes.length);
    const res = await putBytes(upload_url, bytes, { "content-type": "audio/wav", "content-length": String(bytes.length) });
    expect(res.status).toBe(200);
    const head = await env.MEDIA.head(key);
    expect(head?.size).toBe(bytes.length);
    expect(head?.httpMetadata?.contentType).toBe("audio/wav");
    expect(bytesEqual((await readObject(key))!, bytes)).toBe(true);
  });

  it("refuses a body longer than declared (413) and stores nothing", async () => {
    const bytes = wav(1);
    const { upload_url, key } = await requestUploadUrl(alice.token, "long.wav", "audio/wav", bytes.length - 100);
    const res = await putBytes(upload_url, bytes, { "content-type": "audio/wav", "content-length": String(bytes.length) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "The upload is larger than declared." });
    expect(await env.MEDIA.head(key)).toBeNull();
  });

  const stream = (bytes: Uint8Array) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        // Two chunks, so the body arrives as a stream with no length up front.
        controller.enqueue(bytes.slice(0, 1000));
        controller.enqueue(bytes.slice(1000));
        controller.close();
      },
    });

  it("refuses a streamed body longer than the signed size and stores nothing", async () => {
    const bytes = wav(1);
    const { upload_url, key } = await requestUploadUrl(alice.token, "stream-long.wav", "audio/wav", bytes.length - 100);
    const res = await putBytes(upload_url, stream(bytes), { "content-type": "audio/wav" });
    expect([res.status, await res.json()]).toEqual([413, { error: LIBRARY_MESSAGES.uploadTooLarge }]);
    expect(await env.MEDIA.head(key)).toBeNull();
  });

  it("refuses a body shorter than the signed size and stores nothing", async () => {
    const bytes = wav(1);
    const { upload_url, key } = await requestUploadUrl(alice.token, "short.wav", "audio/wav", bytes.length + 100);
    const res = await putBytes(upload_url, stream(bytes), { "content-type": "audio/wav" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: SIZE_MISMATCH });
    expect(await env.MEDIA.head(key)).toBeNull();
  });

  it("accepts a streamed body of exactly the signed size", async () => {
    const bytes = wav(1);
    const { upload_url, key } = await requestUploadUrl(alice.token, "stream-ok.wav", "audio/wav", bytes.length);
    const res = await putBytes(upload_url, stream(bytes), { "content-type": "audio/wav" });
    expect(res.status).toBe(200);
    expect(bytesEqual((await readObject(key))!, bytes)).toBe(true);
  });

  describe("refuses links that were not issued as they are (403, nothing stored)", () => {
    const bytes = wav(1);
    const headers = { "content-type": "audio/wav", "content-length": String(bytes.length) };

    async function expectRefused(url: string, key: string) {
      const res = await putBytes(url, bytes, headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: LINK_INVALID });
      expect(await env.MEDIA.head(key)).toBeNull();
    }

    it("a tampered signature", async () => {
      const { upload_url, key } = await requestUploadUrl(alice.token, "t.wav", "audio/wav", bytes.length);
      await expectRefused(flipSignature(upload_url), key);
      await expectRefused(withParam(upload_url, "signature", "zz"), key);
    });

    it("a changed expiry (later or earlier)", async () => {
      const { upload_url, key } = await requestUploadUrl(alice.token, "t.wav", "audio/wav", bytes.length);
      const expires = Number(new URL(upload_url).searchParams.get("expires"));
      await expectRefused(withParam(upload_url, "expires", String(expires + 3600)), key);
      await expectRefused(withParam(upload_url, "expires", String(expires - 3600)), key);
    });

    it("an expired link, even with a valid signature", async () => {
      const { upload_url, key } = await requestUploadUrl(alice.token, "t.wav", "audio/wav", bytes.length);
      const past = Math.floor(Date.now() / 1000) - 60;
      const signature = await signParts(env.JWT_SECRET, ["upload", key, String(bytes.length), String(past), "audio/wav"]);
      const expired = withParam(withParam(upload_url, "expires", String(past)), "signature", signature);
      await expectRefused(expired, key);
      // Control: the same signing with a future expiry is accepted, so the refusal above is the expiry.
      const future = Math.floor(Date.now() / 1000) + 60;
      const good = await signParts(env.JWT_SECRET, ["upload", key, String(bytes.length), String(future), "audio/wav"]);
      const res = await putBytes(withParam(withParam(upload_url, "expires", String(future)), "signature", good), bytes, headers);
      expect(res.status).toBe(200);
    });

    it("a changed size", async () => {
      const { upload_url, key } = await requestUploadUrl(alice.token, "t.wav", "audio/wav", 10);
      await expectRefused(withParam(upload_url, "size", String(bytes.length)), key);
    });

    it("a changed key (e.g. into another user's prefix)", async () => {
      const { upload_url } = await requestUploadUrl(alice.token, "t.wav", "audio/wav", bytes.length);
      const target = `users/${bob.id}/${crypto.randomUUID()}/t.wav`;
      await expectRefused(withParam(upload_url, "key", target), target);
    });

    it("a link without a signature is refused", async () => {
      const { upload_url, key } = await requestUploadUrl(alice.token, "t.wav", "audio/wav", bytes.length);
      const url = new URL(upload_url);
      url.searchParams.delete("signature");
      const res = await putBytes(url.toString(), bytes, headers);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await env.MEDIA.head(key)).toBeNull();
    });
  });
});

describe("POST /audio_files/confirm-upload", () => {
  it("creates a processing file (201)", async () => {
    const bytes = wav(3);
    const { key } = await uploadObject(alice.token, { filename: "meeting.wav", bytes });
    const before = Date.now();
    const res = await api().audio_files["confirm-upload"].$post({
      json: { filename: "meeting.wav", key, file_size: bytes.length, content_type: "audio/wav", folder_id: "", duration_seconds: 3 },
    });
    const { data } = await expectOk(res, 201);
    expect(data).toEqual({
      id: expect.any(String),
      workspaceId: alice.id,
      uploadedBy: alice.id,
      name: "meeting.wav",
      filename: "meeting.wav",
      status: "processing",
      failureReason: null,
      hasTranscript: false,
      fileSize: 48044,
      fileSizeDisplay: "46.9 KB",
      durationSeconds: 3,
      durationDisplay: "0:03",
      contentType: "audio/wav",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      folderId: null,
      processingEstimation: { elapsedSeconds: expect.any(Number), estimatedTotalSeconds: 20 },
      job: null,
      linkImport: null,
      transcriptionOptions: { language: null, vocabulary: [], speakers: "detect" },
      detectedLanguage: null,
      transcriptionNotices: [],
      reviewStatus: "draft",
      reviewedBy: null,
      reviewedAt: null,
      redactedAt: null,
      mediaRedaction: null,
    });
    expect(bytes.length).toBe(48044);
    expect(Date.parse(data.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(data.processingEstimation?.elapsedSeconds).toBeLessThanOrEqual(5);

    const row = await env.DB.prepare("SELECT workspace_id, uploaded_by, storage_key, status FROM audio_files WHERE id = ?")
      .bind(data.id)
      .first();
    expect(row).toEqual({ workspace_id: alice.id, uploaded_by: alice.id, storage_key: key, status: "processing" });

    const shown = await expectOk(await api().audio_files[":id"].$get({ param: { id: data.id } }));
    expect(shown.data.id).toBe(data.id);
  });

  it.each([
    ["an empty folder_id", ""],
    ["folder_id common", "common"],
    ["folder_id null", null],
    ["no folder_id", undefined],
  ])("puts the file in Common for %s", async (_label, folder_id) => {
    const { key, bytes, filename } = await uploadObject(alice.token);
    const { data } = expectStatus(
      await confirm({ filename, key, file_size: bytes.length, content_type: "audio/wav", folder_id, duration_seconds: 3 }),
      201,
    );
    expect(data.folderId).toBeNull();
    expect((await listFiles(alice.token, "common")).map((f) => f.id)).toContain(data.id);
  });

  it("puts the file in the caller's folder", async () => {
    const folder = await createFolder(alice.token, "Uploads target");
    const { file } = await uploadFile(alice.token, { folderId: folder.id });
    expect(file.folderId).toBe(folder.id);
    expect((await listFiles(alice.token, folder.id)).map((f) => f.id)).toEqual([file.id]);
  });

  it.each([
    ["", null, "—"],
    [null, null, "—"],
    [undefined, null, "—"],
    [0, 0, "0:00"],
    [3.6, 4, "0:04"],
    [3725, 3725, "1:02:05"],
    ["7", 7, "0:07"],
  ])("stores duration_seconds %j as %j (%s)", async (duration_seconds, stored, display) => {
    // A file big enough to hold that much audio (durations a file's size cannot hold are not believed).
    const long = Number(duration_seconds) > 40;
    const { key, bytes, filename, contentType } = await uploadObject(
      alice.token,
      long ? { filename: "long.mp3", contentType: "audio/mpeg", bytes: new Uint8Array(Number(duration_seconds) * 1000) } : {},
    );
    const { data } = expectStatus(
      await confirm({ filename, key, file_size: bytes.length, content_type: contentType, folder_id: "", duration_seconds }),
      201,
    );
    expect(data.durationSeconds).toBe(stored);
    expect(data.durationDisplay).toBe(display);
  });

  it("refuses a negative or non-numeric duration", async () => {
    const { key, bytes, filename } = await uploadObject(alice.token);
    for (const duration_seconds of [-1, "abc"]) {
      const res = await confirm({ filename, key, file_size: bytes.length, content_type: "audio/wav", folder_id: "", duration_seconds });
      expect(res.status, String(duration_seconds)).toBe(422);
    }
    expect((await listFiles()).some((f) => f.filename === filename)).toBe(false);
  });

  it("derives the content type from the extension when the browser sent none", async () => {
    const bytes = wav(1);
    const { key } = await uploadObject(alice.token, { filename: "song.mp3", contentType: "", bytes });
    const { data } = expectStatus(
      await confirm({ filename: "song.mp3", key, file_size: bytes.length, content_type: "", folder_id: "", duration_seconds: 1 }),
      201,
    );
    expect(data.contentType).toBe("audio/mpeg");
  });

  it("is idempotent: a second confirm of the same key answers 200 with the same file", async () => {
    const user = await createUser("uploads-idem");
    const bytes = wav(2);
    const { key } = await uploadObject(user.token, { filename: "twice.wav", bytes });
    const input = { filename: "twice.wav", key, file_size: bytes.length, content_type: "audio/wav", folder_id: "", duration_seconds: 2 };
    const first = expectStatus(await confirm(input, user.token), 201);
    const second = expectStatus(await confirm(input, user.token), 200);
    expect(second.data.id).toBe(first.data.id);
    // The transcription job may already have run between the two confirms (locally it fails
    // at once for want of a speech service): compare everything but the job's progress.
    const stable = ({ status, hasTranscript, processingEstimation, failureReason, job, updatedAt, ...rest }: Record<string, unknown>) =>
      rest;
    expect(stable(second.data)).toEqual(stable(first.data));
    const files = await listFiles(user.token);
    expect(files).toHaveLength(1);
    expect(files[0]!.id).toBe(first.data.id);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM audio_files WHERE storage_key = ?").bind(key).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  describe("refusals (and no file is created)", () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser("uploads-refusals");
    });

    async function expectRefused(body: unknown, status: number, error: string) {
      const res = await confirm(body, user.token);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error });
      expect(await listFiles(user.token)).toEqual([]);
    }

    it("another user's key: 404, and the object stays theirs", async () => {
      const bytes = wav(1);
      const { key } = await uploadObject(bob.token, { filename: "bobs.wav", bytes });
      await expectRefused(
        { filename: "bobs.wav", key, file_size: bytes.length, content_type: "audio/wav", folder_id: "", duration_seconds: 1 },
        404,
        UPLOAD_NOT_FOUND,
      );
      expect(await env.MEDIA.head(key)).not.toBeNull();
      // Bob can still confirm it.
      const { data } = expectStatus(
        await confirm(
          { filename: "bobs.wav", key, file_size: bytes.length, content_type: "audio/wav", folder_id: "", duration_seconds: 1 },
          bob.token,
        ),
        201,
      );
      // ...and once it is Bob's file, the caller still gets 404, not Bob's file.
      await expectRefused(
        { filename: "bobs.wav", key, file_size: bytes.length, content_type: "audio/wav", folder_id: "", duration_seconds: 1 },
        404,
        UPLOAD_NOT_FOUND,
      );
      expect(data.id).toEqual(expect.any(String));
    });

    it("a key that was never uploaded: 404", async () => {
      const { key } = await requestUploadUrl(user.token, "ghost.wav", "audio/wav", 1000);
      await expectRefused(
        { filename: "ghost.wav", key, file_size: 1000, content_type: "audio/wav", folder_id: "", duration_seconds: 1 },
        404,
        UPLOAD_NOT_FOUND,
      );
    });

    it("a key escaping the user's prefix: 404", async () => {
      const bytes = wav(1);
      const { key: bobsKey } = await uploadObject(bob.token, { bytes });
      await expectRefused(
        {
          filename: "x.wav",
          key: `users/${user.id}/../${bobsKey.slice("users/".length)}`,
          file_size: bytes.length,
          content_type: "audio/wav",
          duration_seconds: 1,
        },
        404,
        UPLOAD_NOT_FOUND,
      );
    });

    it("a size differing from the stored object: 400", async () => {
      const bytes = wav(1);
      const { key, filename } = await uploadObject(user.token, { bytes });
      for (const size of [bytes.length - 1, bytes.length + 1]) {
        await expectRefused(
          { filename, key, file_size: size, content_type: "audio/wav", folder_id: "", duration_seconds: 1 },
          400,
          SIZE_MISMATCH,
        );
      }
    });

    it("another user's folder: 404", async () => {
      const bobsFolder = await createFolder(bob.token, "Bob's folder");
      const bytes = wav(1);
      const { key, filename } = await uploadObject(user.token, { bytes });
      await expectRefused(
        { filename, key, file_size: bytes.length, content_type: "audio/wav", folder_id: bobsFolder.id, duration_seconds: 1 },
        404,
        "Folder not found",
      );
      await expectRefused(
        { filename, key, file_size: bytes.length, content_type: "audio/wav", folder_id: crypto.randomUUID(), duration_seconds: 1 },
        404,
        "Folder not found",
      );
      expect(await listFiles(bob.token, bobsFolder.id)).toEqual([]);
    });

    it("a format the service does not take: 422", async () => {
      const bytes = wav(1);
      const { key } = await uploadObject(user.token, { bytes });
      await expectRefused(
        { filename: "notes.txt", key, file_size: bytes.length, content_type: "text/plain", folder_id: "", duration_seconds: 1 },
        422,
        `File format "text/plain" is not supported. Supported formats: ${SUPPORTED}`,
      );
    });

    it("a missing key or filename: 422", async () => {
      const res = await confirm({ filename: "a.wav", file_size: 10, content_type: "audio/wav" }, user.token);
      expect(res.status).toBe(422);
      const noName = await confirm({ key: `users/${user.id}/x/a.wav`, file_size: 10, content_type: "audio/wav" }, user.token);
      expect(noName.status).toBe(422);
      expect(noName.body).toEqual({ error: "Filename is required" });
      expect(await listFiles(user.token)).toEqual([]);
    });
  });
});

describe("without a token", () => {
  it("answers 401 to upload-url and confirm-upload", async () => {
    const bytes = wav(1);
    const { key, filename } = await uploadObject(alice.token, { bytes });
    const before = (await listFiles()).length;
    for (const [path, body] of [
      ["/audio_files/upload-url", { filename: "a.wav", content_type: "audio/wav", file_size: 100 }],
      [
        "/audio_files/confirm-upload",
        { filename, key, file_size: bytes.length, content_type: "audio/wav", folder_id: "", duration_seconds: 1 },
      ],
    ] as const) {
      const res = await call("POST", path, body);
      expect(res.status, path).toBe(401);
      expect(res.body.error).toEqual(expect.any(String));
      expect((await call("POST", path, body, { token: "garbage" })).status).toBe(401);
    }
    expect(await listFiles()).toHaveLength(before);
  });
});
