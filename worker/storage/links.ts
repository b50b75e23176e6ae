import { AwsClient } from "aws4fetch";
import { isPlayableMediaType, mediaTypeFor, NOT_PLAYABLE_TYPE, servedMediaType } from "../../common/upload-rules";
import type { Config } from "../config";
import { signParts } from "./signing";

export const UPLOAD_LINK_TTL_SECONDS = 15 * 60;
// Long enough to play a three-hour recording with pauses; the player seeks with fresh Range requests.
export const MEDIA_LINK_TTL_SECONDS = 12 * 3600;

interface R2Credentials {
  accountId: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
}

function r2Credentials(config: Config): R2Credentials | null {
  const { R2_ACCOUNT_ID, R2_ACCESS_KEY_ID, R2_SECRET_ACCESS_KEY, R2_BUCKET_NAME } = config;
  if (!R2_ACCOUNT_ID || !R2_ACCESS_KEY_ID || !R2_SECRET_ACCESS_KEY || !R2_BUCKET_NAME) return null;
  return { accountId: R2_ACCOUNT_ID, accessKeyId: R2_ACCESS_KEY_ID, secretAccessKey: R2_SECRET_ACCESS_KEY, bucket: R2_BUCKET_NAME };
}

async function presign(
  creds: R2Credentials,
  method: "PUT" | "GET",
  key: string,
  ttl: number,
  options: { query?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const client = new AwsClient({ accessKeyId: creds.accessKeyId, secretAccessKey: creds.secretAccessKey, service: "s3", region: "auto" });
  const url = new URL(
    `https://${creds.accountId}.r2.cloudflarestorage.com/${creds.bucket}/${key.split("/").map(encodeURIComponent).join("/")}`,
  );
  url.searchParams.set("X-Amz-Expires", String(ttl));
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  // allHeaders: aws4fetch leaves Content-Type out of the signature by default; signed, R2
  // refuses a request that carries any other value.
  const signed = await client.sign(new Request(url, { method, headers: options.headers }), { aws: { signQuery: true, allHeaders: true } });
  return signed.url;
}

const expiresIn = (ttl: number) => Math.floor(Date.now() / 1000) + ttl;

/**
 * Where the browser PUTs the raw bytes: R2 itself in production, a signed Worker route
 * locally. Both bind the link to `contentType`, the server's choice (mediaTypeFor):
 * R2 refuses a PUT with any other Content-Type (the header is signed), the local
 * route stores this type whatever the request says. The browser must send exactly it.
 */
export async function uploadLink(
  config: Config,
  origin: string,
  key: string,
  size: number,
  contentType: string = mediaTypeFor(key, ""),
): Promise<string> {
  const type = isPlayableMediaType(contentType) ? contentType : NOT_PLAYABLE_TYPE;
  const creds = r2Credentials(config);
  if (creds) return presign(creds, "PUT", key, UPLOAD_LINK_TTL_SECONDS, { headers: { "content-type": type } });
  const expires = expiresIn(UPLOAD_LINK_TTL_SECONDS);
  const signature = await signParts(config.JWT_SECRET, ["upload", key, String(size), String(expires), type]);
  const params = new URLSearchParams({ key, size: String(size), type, expires: String(expires), signature });
  return `${origin}/api/v1/storage/upload?${params}`;
}

/** The Content-Disposition a media link answers with: never inline for what is not playable. */
export function mediaDisposition(disposition: string, contentType: string): string {
  if (isPlayableMediaType(contentType)) return disposition;
  return disposition.startsWith("attachment") ? disposition : "attachment";
}

/**
 * A playback (inline) or download (attachment) link to a stored object. Served as
 * `contentType` (the file's type as stored, checked against the allow-list, else the
 * key's), and always as an attachment when that is not a playable media type.
 */
export async function mediaLink(
  config: Config,
  origin: string,
  key: string,
  options: { download: boolean; filename: string; contentType?: string | null; ttlSeconds?: number },
): Promise<string> {
  const ttl = options.ttlSeconds ?? MEDIA_LINK_TTL_SECONDS;
  const type = servedMediaType(key, options.contentType);
  const disposition = mediaDisposition(
    options.download ? `attachment; filename*=UTF-8''${encodeURIComponent(options.filename)}` : "inline",
    type,
  );
  const creds = r2Credentials(config);
  if (creds) {
    return presign(creds, "GET", key, ttl, {
      query: { "response-content-type": type, "response-content-disposition": disposition },
    });
  }
  const expires = expiresIn(ttl);
  const signature = await signParts(config.JWT_SECRET, ["media", key, disposition, String(expires)]);
  const params = new URLSearchParams({ key, disposition, expires: String(expires), signature });
  return `${origin}/api/v1/storage/media?${params}`;
}

/**
 * Where the browser PUTs part `partNumber` of a multipart upload: R2 itself in production
 * (the S3 UploadPart call, presigned), a signed Worker route locally that takes exactly
 * `size` bytes. R2 answers the part's ETag in a header, and so does the local route.
 */
export async function partLink(
  config: Config,
  origin: string,
  part: { key: string; r2UploadId: string; partNumber: number; size: number },
): Promise<string> {
  const { key, r2UploadId, partNumber, size } = part;
  const creds = r2Credentials(config);
  if (creds) {
    return presign(creds, "PUT", key, UPLOAD_LINK_TTL_SECONDS, { query: { partNumber: String(partNumber), uploadId: r2UploadId } });
  }
  const expires = expiresIn(UPLOAD_LINK_TTL_SECONDS);
  const signature = await signParts(config.JWT_SECRET, partSignedFields({ key, upload: r2UploadId, part: partNumber, size, expires }));
  const params = new URLSearchParams({
    key,
    upload: r2UploadId,
    part: String(partNumber),
    size: String(size),
    expires: String(expires),
    signature,
  });
  return `${origin}/api/v1/storage/part?${params}`;
}

/** What a local part link's signature covers, in one place for signing and checking. */
export function partSignedFields(link: { key: string; upload: string; part: number; size: number; expires: number }): string[] {
  return ["part", link.key, link.upload, String(link.part), String(link.size), String(link.expires)];
}
