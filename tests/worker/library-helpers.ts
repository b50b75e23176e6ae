// Helpers for the library API tests (folders, audio files, uploads, media,
// preferences, service configuration); the request helpers themselves are in helpers.ts.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { type ApiResult, dispatch, expectOk, type Json, loginAs, signUpAndConfirm, typedApi, uniqueEmail } from "./helpers";

/** Asserts the status, showing the body when it differs, and returns the body. */
export function expectStatus(result: Pick<ApiResult, "status" | "body">, status: number): Json {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  return result.body;
}

// ---------------------------------------------------------------- accounts

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/** Registers, confirms (via the dev outbox) and logs in a fresh account. */
export async function createUser(prefix = "lib"): Promise<TestUser> {
  const account = await signUpAndConfirm({ email: uniqueEmail(prefix), fullName: "Library Tester" });
  const { token } = await loginAs(account);
  const validated = await expectOk(await typedApi({ token }).auth.validate.$get());
  return { id: validated.user.id, email: account.email, token };
}

// ---------------------------------------------------------------- media bytes

/** A valid PCM WAV: `seconds` of 16-bit mono at `rate` Hz, a quiet 440 Hz sine. */
export function wav(seconds = 3, rate = 8000): Uint8Array {
  const samples = Math.round(seconds * rate);
  const dataBytes = samples * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (const [i, ch] of [...text].entries()) view.setUint8(offset + i, ch.charCodeAt(0));
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples; i++) {
    view.setInt16(44 + i * 2, Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), true);
  }
  return new Uint8Array(buffer);
}

export const bytesEqual = (x: Uint8Array, y: Uint8Array) => x.length === y.length && x.every((v, i) => v === y[i]);

// ---------------------------------------------------------------- uploads

export interface UploadOptions {
  filename?: string;
  contentType?: string;
  bytes?: Uint8Array;
}

/** Asks for an upload link; fails the test unless 200. */
export async function requestUploadUrl(token: string, filename: string, contentType: string, size: number) {
  return expectOk(
    await typedApi({ token }).audio_files["upload-url"].$post({ json: { filename, content_type: contentType, file_size: size } }),
  );
}

/** PUTs raw bytes to a (local, signed) upload link. */
export function putBytes(url: string, bytes: Uint8Array | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return dispatch(new Request(url, { method: "PUT", body: bytes, headers }));
}

/** upload-url + PUT, leaving the object stored but not yet confirmed. */
export async function uploadObject(token: string, opts: UploadOptions = {}) {
  const filename = opts.filename ?? `take-${crypto.randomUUID().slice(0, 8)}.wav`;
  const contentType = opts.contentType ?? "audio/wav";
  const bytes = opts.bytes ?? wav();
  const { upload_url, key } = await requestUploadUrl(token, filename, contentType, bytes.length);
  const res = await putBytes(upload_url, bytes, {
    "content-type": contentType || "application/octet-stream",
    "content-length": String(bytes.length),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { key, upload_url, bytes, filename, contentType };
}

/** A full upload: link, PUT, confirm. Returns the created file and its bytes. */
export async function uploadFile(token: string, opts: UploadOptions & { folderId?: string | null; durationSeconds?: number | null } = {}) {
  const uploaded = await uploadObject(token, opts);
  const confirmed = await typedApi({ token }).audio_files["confirm-upload"].$post({
    json: {
      filename: uploaded.filename,
      key: uploaded.key,
      file_size: uploaded.bytes.length,
      content_type: uploaded.contentType,
      folder_id: opts.folderId ?? "",
      duration_seconds: opts.durationSeconds === undefined ? 3 : opts.durationSeconds,
    },
  });
  const body = await expectOk(confirmed, 201);
  return { ...uploaded, file: body.data };
}

/** The file's playback and download links (200 expected), as the route declares them. */
export async function downloadLinks(token: string, fileId: string) {
  return expectOk(await typedApi({ token }).audio_files[":id"].download.$get({ param: { id: fileId } }));
}

// ---------------------------------------------------------------- folders

export async function createFolder(
  token: string,
  name: string,
): Promise<{ id: string; name: string; createdAt: string; updatedAt: string }> {
  return (await expectOk(await typedApi({ token }).folders.$post({ json: { folder: { name } } }), 201)).data;
}

// ---------------------------------------------------------------- storage

export const media = () => env.MEDIA;

export async function audioRow(id: string) {
  return env.DB.prepare("SELECT * FROM audio_files WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

/** Fetches a signed media link through the Worker. */
export function fetchLink(url: string, headers: Record<string, string> = {}, method = "GET") {
  return dispatch(new Request(url, { method, headers }));
}

/** The same URL with one query parameter replaced. */
export function withParam(url: string, name: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
}

/** A valid-looking but wrong signature of the same length. */
export function flipSignature(url: string): string {
  const sig = new URL(url).searchParams.get("signature") ?? "";
  expect(sig).toMatch(/^[0-9a-f]{64}$/);
  const last = sig.at(-1) === "0" ? "1" : "0";
  return withParam(url, "signature", sig.slice(0, -1) + last);
}
