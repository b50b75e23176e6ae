import { env } from "cloudflare:workers";
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
    const attachment = new URL(await mediaLink(config, "https://app.example", "users/u1/abc/a.wav", { download: true, filename: "Board meeting.wav" }));
    expect(inline.searchParams.get("response-content-disposition")).toBe("inline");
    expect(attachment.searchParams.get("response-content-disposition")).toBe("attachment; filename*=UTF-8''Board%20meeting.wav");
    expect(inline.searchParams.get("X-Amz-Signature")).not.toBe(attachment.searchParams.get("X-Amz-Signature"));
  });

  it("falls back to signed Worker routes without credentials (local development)", async () => {
    const url = new URL(await uploadLink(getConfig(env), "http://localhost:8787", "users/u1/abc/a.wav", 10));
    expect(url.pathname).toBe("/api/v1/storage/upload");
    expect(url.searchParams.get("signature")).toMatch(/^[0-9a-f]{64}$/);
  });
});
