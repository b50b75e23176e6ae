import { env } from "cloudflare:workers";
import { AwsV4Signer } from "aws4fetch";
import { describe, expect, it } from "vitest";
import { getConfig } from "../../worker/config";
import { mediaLink, uploadLink } from "../../worker/storage/links";

// With R2 S3 credentials configured, links are real presigned R2 URLs (SigV4 in the query).
const config = {
  ...getConfig(env),
  R2_ACCOUNT_ID: "0123456789abcdef",
  R2_ACCESS_KEY_ID: "AKIDEXAMPLE",
  R2_SECRET_ACCESS_KEY: "secret",
  R2_BUCKET_NAME: "media",
};

describe("presigned R2 links (production)", () => {
  it("signs a PUT to the bucket's S3 endpoint that expires in 15 minutes", async () => {
    const url = new URL(await uploadLink(config, "https://app.example", "users/u1/abc/take one.wav", 1234));
    expect(url.origin).toBe("https://0123456789abcdef.r2.cloudflarestorage.com");
    expect(url.pathname).toBe("/media/users/u1/abc/take%20one.wav");
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(url.searchParams.get("X-Amz-Credential")).toMatch(/^AKIDEXAMPLE\/\d{8}\/auto\/s3\/aws4_request$/);
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("signs playback and download GETs with their content disposition", async () => {
    const inline = new URL(await mediaLink(config, "https://app.example", "users/u1/abc/a.wav", { download: false, filename: "a.wav" }));
    const attachment = new URL(
      await mediaLink(config, "https://app.example", "users/u1/abc/a.wav", { download: true, filename: "Board meeting.wav" }),
    );
    expect(inline.searchParams.get("response-content-disposition")).toBe("inline");
    expect(attachment.searchParams.get("response-content-disposition")).toBe("attachment; filename*=UTF-8''Board%20meeting.wav");
    expect(inline.searchParams.get("X-Amz-Signature")).not.toBe(attachment.searchParams.get("X-Amz-Signature"));
  });

  /** Recomputes a presigned URL's signature as R2 does, for a request carrying `headers`. */
  async function r2Accepts(presigned: string, method: string, headers: Record<string, string>): Promise<boolean> {
    const url = new URL(presigned);
    const signature = url.searchParams.get("X-Amz-Signature");
    const datetime = url.searchParams.get("X-Amz-Date")!;
    const signedHeaders = url.searchParams.get("X-Amz-SignedHeaders")!.split(";");
    for (const name of ["X-Amz-Signature", "X-Amz-Date", "X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-SignedHeaders"])
      url.searchParams.delete(name);
    const signed = Object.fromEntries(Object.entries(headers).filter(([name]) => signedHeaders.includes(name.toLowerCase())));
    const signer = new AwsV4Signer({
      method,
      url: url.toString(),
      headers: signed,
      accessKeyId: config.R2_ACCESS_KEY_ID,
      secretAccessKey: config.R2_SECRET_ACCESS_KEY,
      service: "s3",
      region: "auto",
      datetime,
      signQuery: true,
      allHeaders: true,
    });
    const again = await signer.sign();
    return again.url.searchParams.get("X-Amz-Signature") === signature;
  }

  it("binds the presigned PUT to the content type it was issued for", async () => {
    const url = new URL(await uploadLink(config, "https://app.example", "users/u1/abc/clip.wav", 1234, "audio/wav"));
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-type;host");
    expect(await r2Accepts(url.toString(), "PUT", { "content-type": "audio/wav" })).toBe(true);
    for (const other of [
      "audio/wav, text/html",
      "text/html, audio/wav",
      "audio/wav;text/html",
      "text/html",
      "image/svg+xml",
      "audio/mpeg",
    ]) {
      expect(await r2Accepts(url.toString(), "PUT", { "content-type": other }), other).toBe(false);
    }
  });

  it("never signs a PUT for a type outside the allow-list", async () => {
    const url = new URL(await uploadLink(config, "https://app.example", "users/u1/abc/clip.wav", 1234, "audio/wav, text/html"));
    expect(await r2Accepts(url.toString(), "PUT", { "content-type": "audio/wav, text/html" })).toBe(false);
    expect(await r2Accepts(url.toString(), "PUT", { "content-type": "application/octet-stream" })).toBe(true);
  });

  it("signs playback and download GETs with the allow-listed response content type", async () => {
    const inline = new URL(
      await mediaLink(config, "https://app.example", "users/u1/abc/clip.wav", {
        download: false,
        filename: "clip.wav",
        contentType: "audio/wav, text/html",
      }),
    );
    expect(inline.searchParams.get("response-content-type")).toBe("audio/wav");
    expect(inline.searchParams.get("response-content-disposition")).toBe("inline");
    const mp3 = new URL(
      await mediaLink(config, "https://app.example", "users/u1/abc/song", { download: true, filename: "song", contentType: "audio/mpeg" }),
    );
    expect(mp3.searchParams.get("response-content-type")).toBe("audio/mpeg");
    expect(mp3.searchParams.get("response-content-disposition")).toBe("attachment; filename*=UTF-8''song");
    expect(await r2Accepts(inline.toString(), "GET", {})).toBe(true);
    // Tampering with the response type breaks the signature.
    inline.searchParams.set("response-content-type", "text/html");
    expect(await r2Accepts(inline.toString(), "GET", {})).toBe(false);
  });

  it("serves what is not playable as an octet-stream attachment, even from the playback link", async () => {
    const url = new URL(
      await mediaLink(config, "https://app.example", "users/u1/abc/recording", {
        download: false,
        filename: "recording",
        contentType: "text/html",
      }),
    );
    expect(url.searchParams.get("response-content-type")).toBe("application/octet-stream");
    expect(url.searchParams.get("response-content-disposition")).toBe("attachment");
  });

  it("falls back to signed Worker routes without credentials (local development)", async () => {
    const url = new URL(await uploadLink(getConfig(env), "http://localhost:8787", "users/u1/abc/a.wav", 10));
    expect(url.pathname).toBe("/api/v1/storage/upload");
    expect(url.searchParams.get("signature")).toMatch(/^[0-9a-f]{64}$/);
  });
});
