// Media and download links are answered on the app's own origin: whatever an
// uploader put in an object (HTML, SVG, a crafted Content-Type) must never be
// served as anything but one exact allow-listed media type, or a download.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaTypeFor, PLAYABLE_MEDIA_TYPES, servedMediaType } from "../../common/upload-rules";
import { call, expectOk, typedApi } from "./helpers";
import { createUser, downloadLinks, fetchLink, putBytes, requestUploadUrl, type TestUser, withParam } from "./library-helpers";

const CSP = "sandbox; default-src 'none'";
const LINK_INVALID = "This upload link is invalid or has expired. Please start the upload again.";
const PAYLOAD = new TextEncoder().encode(
  "<!doctype html><html><body><script>document.title='pwned';fetch('/steal?'+localStorage.getItem('auth_token'))</script>" +
    "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'></svg></body></html>",
);

let user: TestUser;

beforeAll(async () => {
  user = await createUser("media-security");
});

interface Attack {
  filename: string;
  /** content_type sent to upload-url and confirm-upload */
  declared: string;
  /** Content-Type header on the PUT */
  putType: string;
}

/** The whole attack: upload link, PUT of an HTML body with a crafted type, confirm, links. */
async function attack({ filename, declared, putType }: Attack) {
  const link = await requestUploadUrl(user.token, filename, declared, PAYLOAD.length);
  const put = await putBytes(link.upload_url, PAYLOAD, { "content-type": putType, "content-length": String(PAYLOAD.length) });
  expect(put.status, await put.clone().text()).toBe(200);
  const confirmed = await expectOk(
    await typedApi({ token: user.token }).audio_files["confirm-upload"].$post({
      json: { filename, key: link.key, file_size: PAYLOAD.length, content_type: declared, folder_id: "", duration_seconds: "" },
    }),
    201,
  );
  const links = await downloadLinks(user.token, confirmed.data.id);
  return { ...(link as { upload_url: string; key: string; content_type: string }), file: confirmed.data, links };
}

/** Every way a link is fetched: GET and HEAD, whole (200) and ranged (206). */
const FETCHES = [
  { method: "GET", headers: {}, status: 200 },
  { method: "HEAD", headers: {}, status: 200 },
  { method: "GET", headers: { range: "bytes=0-9" }, status: 206 },
  { method: "HEAD", headers: { range: "bytes=0-9" }, status: 206 },
] as const;

async function expectServedSafely(url: string, type: string, disposition: (d: string) => void) {
  for (const { method, headers, status } of FETCHES) {
    const res = await fetchLink(url, headers, method);
    const label = `${method} ${JSON.stringify(headers)}`;
    expect(res.status, label).toBe(status);
    expect(res.headers.get("content-type"), label).toBe(type);
    expect(res.headers.get("content-security-policy"), label).toBe(CSP);
    expect(res.headers.get("x-content-type-options"), label).toBe("nosniff");
    disposition(res.headers.get("content-disposition") ?? "");
    await res.arrayBuffer();
  }
}

const inline = (d: string) => expect(d).toBe("inline");
const attachment = (d: string) => expect(d.startsWith("attachment")).toBe(true);

describe("the pen-test attack: clip.wav PUT as `audio/wav, text/html`", () => {
  it("stores, records and serves exactly audio/wav, sandboxed and not sniffable", async () => {
    const { key, content_type, file, links } = await attack({
      filename: "clip.wav",
      declared: "audio/wav",
      putType: "audio/wav, text/html",
    });
    await expectServedSafely(links.url, "audio/wav", inline);
    await expectServedSafely(links.download_url, "audio/wav", attachment);
    expect((await env.MEDIA.head(key))?.httpMetadata?.contentType).toBe("audio/wav");
    expect(file.contentType).toBe("audio/wav");
    expect(links.content_type).toBe("audio/wav");
    expect(content_type).toBe("audio/wav");
  });
});

describe("comma, parameter and type tricks", () => {
  it.each<[string, string, Attack]>([
    ["`audio/wav;text/html` on the PUT", "audio/wav", { filename: "a.wav", declared: "audio/wav", putType: "audio/wav;text/html" }],
    ["`text/html, audio/wav` on the PUT", "audio/wav", { filename: "b.wav", declared: "audio/wav", putType: "text/html, audio/wav" }],
    ["`audio/wav, text/html` on the PUT", "audio/wav", { filename: "c.wav", declared: "audio/wav", putType: "audio/wav, text/html" }],
    ["`image/svg+xml` on the PUT", "audio/wav", { filename: "d.wav", declared: "audio/wav", putType: "image/svg+xml" }],
    ["`text/html` on a .wav key", "audio/wav", { filename: "e.wav", declared: "audio/wav", putType: "text/html" }],
    [
      "`audio/wav, text/html` declared to upload-url and confirm",
      "audio/wav",
      { filename: "f.wav", declared: "audio/wav, text/html", putType: "audio/wav, text/html" },
    ],
    [
      "`audio/wav;text/html` declared everywhere",
      "audio/wav",
      { filename: "g.wav", declared: "audio/wav;text/html", putType: "audio/wav;text/html" },
    ],
    ["`text/html` on a key with no known extension", "audio/mpeg", { filename: "recording", declared: "audio/mpeg", putType: "text/html" }],
    [
      "`audio/mpeg, text/html` on a key with no known extension",
      "audio/mpeg",
      { filename: "take.2024", declared: "audio/mpeg", putType: "audio/mpeg, text/html" },
    ],
  ])("%s: serves exactly %s", async (_label, expected, input) => {
    expect(PLAYABLE_MEDIA_TYPES.has(expected)).toBe(true);
    const { key, content_type, file, links } = await attack(input);
    await expectServedSafely(links.url, expected, inline);
    await expectServedSafely(links.download_url, expected, attachment);
    expect((await env.MEDIA.head(key))?.httpMetadata?.contentType).toBe(expected);
    expect(file.contentType).toBe(expected);
    expect(links.content_type).toBe(expected);
    expect(content_type).toBe(expected);
  });

  it("refuses a comma list as the only type of a file with no known extension (422)", async () => {
    const res = await call(
      "POST",
      "/audio_files/upload-url",
      { filename: "recording", content_type: "audio/mpeg, text/html", file_size: 10 },
      { token: user.token },
    );
    expect(res.status).toBe(422);
  });

  it("refuses an upload link whose type was changed (403, nothing stored)", async () => {
    const link = await requestUploadUrl(user.token, "swap.wav", "audio/wav", PAYLOAD.length);
    for (const type of ["text/html", "audio/wav, text/html", "video/mp4"]) {
      const res = await putBytes(withParam(link.upload_url, "type", type), PAYLOAD, { "content-type": type });
      expect(res.status, type).toBe(403);
      expect(await res.json()).toEqual({ error: LINK_INVALID });
    }
    expect(await env.MEDIA.head(link.key)).toBeNull();
  });
});

describe("objects stored with any other type (e.g. before types were checked)", () => {
  /** A confirmed upload whose stored object is then replaced with `contentType` metadata. */
  async function storedAs(filename: string, contentType: string) {
    const result = await attack({ filename, declared: "audio/mpeg", putType: "audio/mpeg" });
    await env.MEDIA.put(result.key, PAYLOAD, { httpMetadata: { contentType } });
    return result;
  }

  it("serves a .wav key stored as `audio/wav, text/html` as audio/wav", async () => {
    const { links } = await storedAs("old.wav", "audio/wav, text/html");
    await expectServedSafely(links.url, "audio/wav", inline);
  });

  it.each(["text/html", "audio/mpeg, text/html", "image/svg+xml", "audio/mpeg; charset=utf-8"])(
    "serves a key with no known extension stored as %s as an octet-stream attachment, even from the inline link",
    async (stored) => {
      const { links } = await storedAs("recording", stored);
      for (const url of [links.url, links.download_url]) await expectServedSafely(url, "application/octet-stream", attachment);
      const res = await fetchLink(links.download_url, {}, "HEAD");
      expect(res.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''recording");
    },
  );

  it("answers 416 with the same security headers", async () => {
    const { links } = await storedAs("range.wav", "text/html");
    const res = await fetchLink(links.url, { range: `bytes=${PAYLOAD.length + 10}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(res.headers.get("content-security-policy")).toBe(CSP);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("the type chosen for a name and a declared type", () => {
  it.each([
    ["clip.wav", "audio/wav, text/html", "audio/wav"],
    ["clip.wav", "text/html, audio/wav", "audio/wav"],
    ["clip.wav", "audio/wav;text/html", "audio/wav"],
    ["clip.wav", "audio/x-wav; codecs=1", "audio/x-wav"],
    ["clip.wav", "video/mp4", "audio/wav"],
    ["clip.WAV", "", "audio/wav"],
    ["song.mp3", "application/octet-stream", "audio/mpeg"],
    ["song.ogg", "application/ogg", "audio/ogg"],
    ["users/u/abc/talk.webm", "", "video/webm"],
    ["recording", "audio/mpeg", "audio/mpeg"],
    ["recording", "AUDIO/MPEG", "audio/mpeg"],
    ["recording", "audio/mpeg, text/html", "application/octet-stream"],
    ["recording", "text/html", "application/octet-stream"],
    ["evil.svg", "image/svg+xml", "application/octet-stream"],
    ["evil.html", "", "application/octet-stream"],
    ["x.constructor", "", "application/octet-stream"],
    ["users/a.b/uuid/recording", "", "application/octet-stream"],
  ])("%s declared %j is %s", (name, declared, expected) => {
    expect(mediaTypeFor(name, declared)).toBe(expected);
  });

  it("serves a stored type only when it is exactly allow-listed", () => {
    expect(servedMediaType("k/clip.wav", "audio/x-wav")).toBe("audio/x-wav");
    expect(servedMediaType("k/clip.wav", "audio/wav, text/html")).toBe("audio/wav");
    expect(servedMediaType("k/clip.wav", "audio/wav; x=1")).toBe("audio/wav");
    expect(servedMediaType("k/recording", "audio/wav ")).toBe("application/octet-stream");
    expect(servedMediaType("k/recording", undefined)).toBe("application/octet-stream");
  });
});
