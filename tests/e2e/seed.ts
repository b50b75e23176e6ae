// Library contents made over the API, for tests about how pages look rather than how
// files get there.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";
import { sineWav } from "./media";

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Uploads a short WAV as `name` (in `folderId`, or Common) and confirms it: its transcription starts. */
export async function storeFile(request: APIRequestContext, token: string, name: string, folderId = ""): Promise<{ id: string }> {
  const body = sineWav(2);
  const link = await request.post("/api/v1/audio_files/upload-url", {
    headers: auth(token),
    data: { filename: name, content_type: "audio/wav", file_size: body.length },
  });
  expect(link.status()).toBe(200);
  const { upload_url, key } = (await link.json()) as { upload_url: string; key: string };
  expect((await request.put(upload_url, { headers: { "Content-Type": "audio/wav" }, data: body })).status()).toBe(200);
  const confirmed = await request.post("/api/v1/audio_files/confirm-upload", {
    headers: auth(token),
    data: { filename: name, key, file_size: body.length, content_type: "audio/wav", folder_id: folderId, duration_seconds: 2 },
  });
  expect(confirmed.status()).toBe(201);
  return ((await confirmed.json()) as { data: { id: string } }).data;
}

export async function storeFolder(request: APIRequestContext, token: string, name: string): Promise<{ id: string }> {
  const res = await request.post("/api/v1/folders", { headers: auth(token), data: { folder: { name } } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data;
}
