// Library contents made over the API, for tests about how pages look rather than how
// files get there.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";
import { sineWav } from "./media";

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Uploads a WAV of `seconds` as `name` (in `folderId`, or Common) and confirms it: its transcription starts. */
export async function storeFile(
  request: APIRequestContext,
  token: string,
  name: string,
  folderId = "",
  seconds = 2,
): Promise<{ id: string }> {
  const body = sineWav(seconds);
  const link = await request.post("/api/v1/audio_files/upload-url", {
    headers: auth(token),
    data: { filename: name, content_type: "audio/wav", file_size: body.length },
  });
  expect(link.status()).toBe(200);
  const { upload_url, key } = (await link.json()) as { upload_url: string; key: string };
  expect((await request.put(upload_url, { headers: { "Content-Type": "audio/wav" }, data: body })).status()).toBe(200);
  const confirmed = await request.post("/api/v1/audio_files/confirm-upload", {
    headers: auth(token),
    data: { filename: name, key, file_size: body.length, content_type: "audio/wav", folder_id: folderId, duration_seconds: seconds },
  });
  expect(confirmed.status()).toBe(201);
  return ((await confirmed.json()) as { data: { id: string } }).data;
}

export async function storeFolder(request: APIRequestContext, token: string, name: string): Promise<{ id: string }> {
  const res = await request.post("/api/v1/folders", { headers: auth(token), data: { folder: { name } } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data;
}

/** Waits until the file's transcript is ready (the speech service's stand-in answers within seconds). */
export async function transcribed(request: APIRequestContext, token: string, id: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const { data } = (await (await request.get(`/api/v1/audio_files/${id}`, { headers: auth(token) })).json()) as {
          data: { status: string; hasTranscript: boolean };
        };
        return data.status === "ready" && data.hasTranscript;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}
