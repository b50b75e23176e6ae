import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { signParts } from "../../worker/storage/signing";
import { call, expectOk, type Json, typedApi } from "./helpers";
import {
  audioRow,
  bytesEqual,
  createFolder,
  createUser,
  downloadLinks,
  fetchLink,
  flipSignature,
  type TestUser,
  uploadFile,
  wav,
  withParam,
} from "./library-helpers";

const FILE_NOT_FOUND = "Audio file not found";
const MEDIA_LINK_INVALID = "This media link is invalid or has expired.";

let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  user = await createUser("files");
  other = await createUser("files-other");
});

const getFile = (id: string, token = user.token) => call("GET", `/audio_files/${id}`, undefined, { token });
const update = (id: string, audio_file: unknown, token = user.token) => call("PUT", `/audio_files/${id}`, { audio_file }, { token });
// What must succeed goes through the typed client; `getFile` and `update` also send what must be refused.
const api = (token = user.token) => typedApi({ token });
type FileUpdate = { name?: string; folder_id?: string | null };
const shown = async (id: string, token = user.token) => expectOk(await api(token).audio_files[":id"].$get({ param: { id } }));
const updated = async (id: string, audio_file: FileUpdate, token = user.token) =>
  expectOk(await api(token).audio_files[":id"].$put({ param: { id }, json: { audio_file } }));
const deletedFile = async (id: string, token = user.token) => expectOk(await api(token).audio_files[":id"].$delete({ param: { id } }));
const ids = async (query = "", token = user.token) => {
  const folder_id = new URLSearchParams(query).get("folder_id");
  const { data } = await expectOk(await typedApi({ token }).audio_files.$get({ query: folder_id === null ? {} : { folder_id } }));
  return data.map((f) => f.id);
};

describe("listing and showing files", () => {
  let lister: TestUser;
  let folderA: { id: string };
  let folderB: { id: string };
  let inA: Json;
  let inB: Json;
  let inCommon: Json;

  beforeAll(async () => {
    lister = await createUser("files-lister");
    folderA = await createFolder(lister.token, "A");
    folderB = await createFolder(lister.token, "B");
    // Newest first: a few milliseconds apart so the creation times differ.
    const tick = () => new Promise((r) => setTimeout(r, 3));
    inCommon = (await uploadFile(lister.token, { filename: "common.wav" })).file;
    await tick();
    inA = (await uploadFile(lister.token, { filename: "a.wav", folderId: folderA.id })).file;
    await tick();
    inB = (await uploadFile(lister.token, { filename: "b.wav", folderId: folderB.id })).file;
  });

  // The queued transcription job runs in the background and may already have changed these.
  const jobOwned = (f: Json) => ({
    processingEstimation: f.processingEstimation,
    status: f.status,
    failureReason: f.failureReason,
    hasTranscript: f.hasTranscript,
    updatedAt: f.updatedAt,
  });

  it("lists every file of the caller, newest first", async () => {
    const body = await expectOk(await api(lister.token).audio_files.$get({ query: {} }));
    expect(Object.keys(body)).toEqual(["data"]);
    expect(body.data.map((f: Json) => f.id)).toEqual([inB.id, inA.id, inCommon.id]);
    const shownA = body.data.find((f: Json) => f.id === inA.id);
    expect(shownA).toEqual({ ...inA, ...jobOwned(shownA) });
  });

  it("filters by folder", async () => {
    expect(await ids(`?folder_id=${folderA.id}`, lister.token)).toEqual([inA.id]);
    expect(await ids(`?folder_id=${folderB.id}`, lister.token)).toEqual([inB.id]);
  });

  it("lists the files without a folder for folder_id=common and folder_id=", async () => {
    expect(await ids("?folder_id=common", lister.token)).toEqual([inCommon.id]);
    expect(await ids("?folder_id=", lister.token)).toEqual([inCommon.id]);
  });

  it("answers an empty list for an unknown or foreign folder", async () => {
    expect(await ids(`?folder_id=${crypto.randomUUID()}`, lister.token)).toEqual([]);
    expect(await ids(`?folder_id=${folderA.id}`, other.token)).toEqual([]);
  });

  it("shows one file", async () => {
    const body = await shown(inA.id, lister.token);
    expect(Object.keys(body)).toEqual(["data"]);
    expect(body.data).toEqual({ ...inA, ...jobOwned(body.data) });
    expect(body.data.folderId).toBe(folderA.id);
  });

  it("answers 404 for an unknown id", async () => {
    const res = await getFile(crypto.randomUUID(), lister.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: FILE_NOT_FOUND });
  });
});

describe("renaming", () => {
  it("renames the display name and keeps the filename", async () => {
    const { file } = await uploadFile(user.token, { filename: "original.wav" });
    await new Promise((r) => setTimeout(r, 5));
    const body = await updated(file.id, { name: "  Board meeting  " });
    expect(body.data).toMatchObject({
      id: file.id,
      name: "Board meeting",
      filename: "original.wav",
      folderId: null,
      createdAt: file.createdAt,
    });
    expect(Date.parse(body.data.updatedAt)).toBeGreaterThan(Date.parse(file.updatedAt));
    expect((await shown(file.id)).data.name).toBe("Board meeting");
    expect(await audioRow(file.id)).toMatchObject({ name: "Board meeting", filename: "original.wav" });
  });

  it("accepts 255 characters", async () => {
    const { file } = await uploadFile(user.token);
    const name = "n".repeat(255);
    expect((await updated(file.id, { name })).data.name).toBe(name);
  });

  it.each([
    ["", "File name is required"],
    ["    ", "File name is required"],
    [null, "File name is required"],
    ["x".repeat(256), "File name must be 255 characters or less"],
  ])("refuses %j", async (name, error) => {
    const { file } = await uploadFile(user.token, { filename: "keep.wav" });
    const res = await update(file.id, { name });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error });
    expect((await shown(file.id)).data.name).toBe("keep.wav");
  });

  it("refuses an update with nothing to change", async () => {
    const { file } = await uploadFile(user.token);
    const empty = await update(file.id, {});
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({ error: "Nothing to update: send audio_file.name or audio_file.folder_id" });
    const noObject = await call("PUT", `/audio_files/${file.id}`, { name: "x" }, { token: user.token });
    expect(noObject.status).toBe(422);
  });

  it("answers 404 for an unknown id", async () => {
    const res = await update(crypto.randomUUID(), { name: "Nothing" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: FILE_NOT_FOUND });
  });
});

describe("moving", () => {
  let folder: { id: string };
  let second: { id: string };
  beforeAll(async () => {
    folder = await createFolder(user.token, "Move target");
    second = await createFolder(user.token, "Second target");
  });

  it("moves into the caller's folder, between folders and back to Common", async () => {
    const { file } = await uploadFile(user.token);
    expect((await updated(file.id, { folder_id: folder.id })).data.folderId).toBe(folder.id);
    expect(await ids(`?folder_id=${folder.id}`)).toContain(file.id);
    expect(await ids("?folder_id=common")).not.toContain(file.id);

    expect((await updated(file.id, { folder_id: second.id })).data.folderId).toBe(second.id);
    expect(await ids(`?folder_id=${folder.id}`)).not.toContain(file.id);
    expect(await ids(`?folder_id=${second.id}`)).toContain(file.id);

    expect((await updated(file.id, { folder_id: "" })).data.folderId).toBeNull();
    expect(await ids("?folder_id=common")).toContain(file.id);
    expect(await ids(`?folder_id=${second.id}`)).not.toContain(file.id);
    expect((await audioRow(file.id))?.folder_id).toBeNull();
  });

  it.each([["common"], [null]])("moves to Common with folder_id %j", async (folder_id) => {
    const { file } = await uploadFile(user.token, { folderId: folder.id });
    expect((await updated(file.id, { folder_id })).data.folderId).toBeNull();
  });

  it("renames and moves in one call", async () => {
    const { file } = await uploadFile(user.token);
    const body = await updated(file.id, { name: "Both", folder_id: folder.id });
    expect(body.data).toMatchObject({ name: "Both", folderId: folder.id });
  });

  it("refuses another user's folder or an unknown folder (404) and leaves the file", async () => {
    const foreign = await createFolder(other.token, "Not yours");
    const { file } = await uploadFile(user.token, { folderId: folder.id });
    for (const folder_id of [foreign.id, crypto.randomUUID()]) {
      const res = await update(file.id, { folder_id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "Folder not found" });
    }
    expect((await shown(file.id)).data.folderId).toBe(folder.id);
    expect(await ids(`?folder_id=${foreign.id}`, other.token)).toEqual([]);
  });
});

describe("deleting", () => {
  it("removes the row and the stored object", async () => {
    const { file, key } = await uploadFile(user.token);
    const links = await downloadLinks(user.token, file.id);
    expect(await env.MEDIA.head(key)).not.toBeNull();

    const body = await deletedFile(file.id);
    expect(body).toEqual({ message: "Audio file deleted" });

    expect(await env.MEDIA.head(key)).toBeNull();
    expect(await audioRow(file.id)).toBeNull();
    expect(await ids()).not.toContain(file.id);
    expect((await getFile(file.id)).status).toBe(404);
    expect((await call("GET", `/audio_files/${file.id}/download`, undefined, { token: user.token })).status).toBe(404);

    // A media link issued before the deletion finds nothing.
    const stale = await fetchLink(links.url);
    expect(stale.status).toBe(404);
    expect(await stale.json()).toEqual({ error: FILE_NOT_FOUND });

    const again = await call("DELETE", `/audio_files/${file.id}`, undefined, { token: user.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: FILE_NOT_FOUND });
  });

  it("leaves the user's other files alone", async () => {
    const doomed = await uploadFile(user.token);
    const kept = await uploadFile(user.token);
    await deletedFile(doomed.file.id);
    expect(await env.MEDIA.head(kept.key)).not.toBeNull();
    expect((await shown(kept.file.id)).data.id).toBe(kept.file.id);
  });
});

describe("download and playback links", () => {
  const bytes = wav(3);
  const size = bytes.length;
  const filename = "Interview – Zoë (final).wav";
  let file: Json;
  let key: string;
  let links: { url: string; download_url: string; content_type: string; filename: string };

  beforeAll(async () => {
    const uploaded = await uploadFile(user.token, { filename, bytes });
    file = uploaded.file;
    key = uploaded.key;
    links = await downloadLinks(user.token, file.id);
  });

  it("answers a playback url and a download url", () => {
    expect(links).toEqual({ url: expect.any(String), download_url: expect.any(String), content_type: "audio/wav", filename });
    expect(links.url).not.toBe(links.download_url);
    for (const link of [links.url, links.download_url]) {
      const u = new URL(link);
      expect(u.pathname).toBe("/api/v1/storage/media");
      expect(u.searchParams.get("key")).toBe(key);
      expect(u.searchParams.get("signature")).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("serves the whole file inline", async () => {
    const res = await fetchLink(links.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-length")).toBe(String(size));
    expect(res.headers.get("content-disposition")).toBe("inline");
    expect(res.headers.get("content-range")).toBeNull();
    expect(bytesEqual(new Uint8Array(await res.arrayBuffer()), bytes)).toBe(true);
  });

  it("answers HEAD without a body", async () => {
    const res = await fetchLink(links.url, {}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(size));
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it("serves bytes=0-99 as 206", async () => {
    const res = await fetchLink(links.url, { range: "bytes=0-99" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
    expect(res.headers.get("content-length")).toBe("100");
    expect(res.headers.get("content-type")).toBe("audio/wav");
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.length).toBe(100);
    expect(bytesEqual(body, bytes.slice(0, 100))).toBe(true);
  });

  it("serves a middle range", async () => {
    const res = await fetchLink(links.url, { range: "bytes=1000-1999" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 1000-1999/${size}`);
    expect(bytesEqual(new Uint8Array(await res.arrayBuffer()), bytes.slice(1000, 2000))).toBe(true);
  });

  it("serves an open-ended range", async () => {
    const res = await fetchLink(links.url, { range: `bytes=${size - 50}-` });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes ${size - 50}-${size - 1}/${size}`);
    expect(bytesEqual(new Uint8Array(await res.arrayBuffer()), bytes.slice(size - 50))).toBe(true);
  });

  it("serves bytes=-10 as the last 10 bytes", async () => {
    const res = await fetchLink(links.url, { range: "bytes=-10" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.length).toBe(10);
    expect(bytesEqual(body, bytes.slice(size - 10))).toBe(true);
  });

  it("clips a range that runs past the end", async () => {
    const res = await fetchLink(links.url, { range: `bytes=${size - 5}-${size + 1000}` });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
    expect(bytesEqual(new Uint8Array(await res.arrayBuffer()), bytes.slice(size - 5))).toBe(true);
  });

  it.each([[`bytes=${size}-`], [`bytes=${size + 10}-${size + 20}`], ["bytes=-0"]])("answers 416 for %s", async (range) => {
    const res = await fetchLink(links.url, { range });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${size}`);
  });

  it("serves the download link as an attachment named after the file", async () => {
    const res = await fetchLink(links.download_url);
    expect(res.status).toBe(200);
    const disposition = res.headers.get("content-disposition") ?? "";
    expect(disposition.startsWith("attachment;")).toBe(true);
    expect(disposition).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(filename)}`);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? "";
    expect(decodeURIComponent(encoded)).toBe(filename);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(bytesEqual(new Uint8Array(await res.arrayBuffer()), bytes)).toBe(true);
  });

  it("names the download after the original filename, not a later display name", async () => {
    const { file: renamed } = await uploadFile(user.token, { filename: "raw-take.wav" });
    await updated(renamed.id, { name: "Pretty name" });
    const l = await downloadLinks(user.token, renamed.id);
    expect(l.filename).toBe("raw-take.wav");
    const res = await fetchLink(l.download_url, {}, "HEAD");
    expect(res.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''raw-take.wav");
  });

  describe("refuses links that were not issued as they are (403)", () => {
    async function expectRefused(url: string) {
      const res = await fetchLink(url);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: MEDIA_LINK_INVALID });
    }

    it("a tampered signature", async () => {
      await expectRefused(flipSignature(links.url));
      await expectRefused(flipSignature(links.download_url));
      await expectRefused(withParam(links.url, "signature", "not-hex"));
    });

    it("a changed disposition", async () => {
      await expectRefused(withParam(links.url, "disposition", "attachment; filename=evil.exe"));
      await expectRefused(withParam(links.download_url, "disposition", "inline"));
    });

    it("a changed key", async () => {
      const { key: otherKey } = await uploadFile(other.token);
      await expectRefused(withParam(links.url, "key", otherKey));
    });

    it("a changed expiry", async () => {
      const expires = Number(new URL(links.url).searchParams.get("expires"));
      await expectRefused(withParam(links.url, "expires", String(expires + 3600)));
    });

    it("an expired link, even with a valid signature", async () => {
      const past = Math.floor(Date.now() / 1000) - 1;
      const signature = await signParts(env.JWT_SECRET, ["media", key, "inline", String(past)]);
      await expectRefused(withParam(withParam(links.url, "expires", String(past)), "signature", signature));
      // Control: the same signing with a future expiry passes.
      const future = Math.floor(Date.now() / 1000) + 60;
      const good = await signParts(env.JWT_SECRET, ["media", key, "inline", String(future)]);
      const ok = await fetchLink(withParam(withParam(links.url, "expires", String(future)), "signature", good));
      expect(ok.status).toBe(200);
      await ok.arrayBuffer();
    });

    it("a range request with a bad signature serves nothing", async () => {
      const res = await fetchLink(flipSignature(links.url), { range: "bytes=0-99" });
      expect(res.status).toBe(403);
    });
  });

  it("answers 404 for the download of an unknown file", async () => {
    const res = await call("GET", `/audio_files/${crypto.randomUUID()}/download`, undefined, { token: user.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: FILE_NOT_FOUND });
  });
});

describe("what the media links serve", () => {
  // The local upload link lets the uploader pick the stored Content-Type, and the
  // media link serves it inline on the app's own origin: HTML must never come back as HTML.
  it.each([
    ["text/html", "evil.wav", "audio/wav"],
    ["image/svg+xml", "evil.wav", "audio/wav"],
    // No media extension: the validated type the upload link was issued for (audio/wav), never the PUT's header.
    ["text/html", "evil.html", "audio/wav"],
  ])("never serves an uploaded %s as such (%s)", async (declaredType, filename, served) => {
    const html = new TextEncoder().encode("<!doctype html><script>fetch('/steal?'+localStorage.token)</script>");
    const link = await expectOk(
      await api().audio_files["upload-url"].$post({ json: { filename, content_type: "audio/wav", file_size: html.length } }),
    );
    const put = await exports.default.fetch(
      new Request(link.upload_url, {
        method: "PUT",
        body: html,
        headers: { "content-type": declaredType, "content-length": String(html.length) },
      }),
    );
    expect(put.status).toBe(200);
    const { data } = await expectOk(
      await api().audio_files["confirm-upload"].$post({
        json: { filename, key: link.key, file_size: html.length, content_type: "audio/wav", folder_id: "", duration_seconds: "" },
      }),
      201,
    );
    const links = await downloadLinks(user.token, data.id);
    for (const url of [links.url, links.download_url]) {
      const res = await fetchLink(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(served);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      await res.arrayBuffer();
    }
  });

  it("stores the type the upload link was issued for, not the PUT's header", async () => {
    const bytes = wav(1);
    const link = await expectOk(
      await api().audio_files["upload-url"].$post({ json: { filename: "p.wav", content_type: "audio/wav", file_size: bytes.length } }),
    );
    const put = await exports.default.fetch(
      new Request(link.upload_url, {
        method: "PUT",
        body: bytes,
        headers: { "content-type": "audio/x-wav; codecs=1", "content-length": String(bytes.length) },
      }),
    );
    expect(put.status).toBe(200);
    expect((await env.MEDIA.head(link.key))?.httpMetadata?.contentType).toBe("audio/wav");
  });
});
