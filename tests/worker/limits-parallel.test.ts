// Every limit holds when requests come at once (docs/security.md, Limits are one atomic step):
// N requests well over a limit, fired together, get exactly the limit's worth accepted and the
// rest the documented 4xx {error}. The limits are made small with the config vars.
import { createExecutionContext, createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { QUOTA_MESSAGES } from "../../common/limits";
import { MAX_OPEN_UPLOADS, MULTIPART_MESSAGES } from "../../common/multipart";
import { RECORDING_LIMITS, RECORDING_MESSAGES } from "../../common/recordings";
import { getConfig } from "../../worker/config";
import worker from "../../worker/index";
import { QUEUES } from "../../worker/queues";
import { FAKE_RECEIVER_ORIGIN } from "../support/fake-receiver";
import { API, apiRequest, FILE_IP, type Json } from "./helpers";
import { createUser, putBytes, type TestUser, wav } from "./library-helpers";
import { newWorkspace } from "./workspace-helpers";

const GB = 1024 ** 3;
const FILE = wav(1);
const SIZE = FILE.length;

/**
 * The Worker's env with some vars replaced. The jobs that follow a request (fetching, joining,
 * transcribing) are not what is counted here: their queues drop their messages.
 */
const dropped = { send: async () => undefined };
const withVars = (vars: Record<string, unknown> = {}) =>
  Object.create(
    env,
    Object.fromEntries(
      Object.entries({ TRANSCRIPTION_QUEUE: dropped, IMPORT_QUEUE: dropped, RECORDING_QUEUE: dropped, ...vars }).map(([k, value]) => [
        k,
        { value },
      ]),
    ),
  ) as Env;
const quiet = withVars();

/** A storage quota with room for `n` things of `bytes` each, not n + 1. */
const roomFor = (n: number, bytes: number) => ({ QUOTA_STORAGE_GB: String(((n + 0.5) * bytes) / GB) });
const storageRefusal = (on: Env) => QUOTA_MESSAGES.storage(getConfig(on).QUOTA_STORAGE_GB);

interface Answer {
  status: number;
  body: Json;
}

async function send(on: Env, request: Request): Promise<Answer> {
  const res = await worker.fetch(request, on, createExecutionContext());
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const call = (on: Env, user: TestUser, method: string, path: string, body?: unknown) =>
  send(on, apiRequest(method, path, body, { token: user.token }));

const putChunk = (on: Env, user: TestUser, id: string, n: number, bytes: Uint8Array) =>
  send(
    on,
    new Request(`${API}/recordings/${id}/chunks/${n}`, {
      method: "PUT",
      body: bytes,
      headers: { authorization: `Bearer ${user.token}`, "content-type": "audio/webm", "cf-connecting-ip": FILE_IP },
    }),
  );

/** `n` requests at once. */
const atOnce = (n: number, request: (i: number) => Promise<Answer>) => Promise.all(Array.from({ length: n }, (_, i) => request(i)));

/** How many were accepted, and how many got each refusal (`status error`); any other answer shows as itself. */
function outcomes(answers: Answer[], accepted: number) {
  const refused: Record<string, number> = {};
  let ok = 0;
  for (const a of answers) {
    if (a.status === accepted) ok++;
    else {
      const key = `${a.status} ${a.body?.error ?? JSON.stringify(a.body)}`;
      refused[key] = (refused[key] ?? 0) + 1;
    }
  }
  return { accepted: ok, refused };
}

const uploadLink = (on: Env, user: TestUser, extra: Json = {}) =>
  call(on, user, "POST", "/audio_files/upload-url", { filename: "take.wav", content_type: "audio/wav", file_size: SIZE, ...extra });

/** An object uploaded (link and PUT, within the default quotas) but not yet confirmed. */
async function uploaded(user: TestUser): Promise<string> {
  const link = await uploadLink(quiet, user);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  expect((await putBytes(link.body.upload_url, FILE, { "content-type": "audio/wav" })).status).toBe(200);
  return link.body.key;
}

const confirm = (on: Env, user: TestUser, key: string, extra: Json = {}) =>
  call(on, user, "POST", "/audio_files/confirm-upload", {
    filename: "take.wav",
    key,
    file_size: SIZE,
    content_type: "audio/wav",
    folder_id: "",
    duration_seconds: 1,
    ...extra,
  });

/** `n` imports started at once, then their jobs delivered at once (under the same env); the files as they end. */
async function importAtOnce(on: Env, user: TestUser, n: number, kind: "sized" | "huge", query = "") {
  const url = (i: number) => `${FAKE_RECEIVER_ORIGIN}/${kind}/${i}.wav${query}`;
  const started = await atOnce(n, (i) => call(on, user, "POST", "/audio_files/import", { url: url(i) }));
  expect(outcomes(started, 202)).toEqual({ accepted: n, refused: {} });
  await Promise.all(
    started.map(({ body }, i) => {
      const message = { type: "import", audio_file_id: body.data.id, user_id: user.id, url: url(i) };
      const batch = createMessageBatch(QUEUES.import, [{ id: `m-${i}`, timestamp: new Date(), attempts: 1, body: message }]);
      return worker.queue(batch, on, createExecutionContext());
    }),
  );
  const files = await env.DB.prepare("SELECT file_size, status, failure_reason FROM audio_files WHERE workspace_id = ?")
    .bind(user.id)
    .all<{ file_size: number; status: string; failure_reason: string | null }>();
  return files.results;
}

const startRecording = (on: Env, user: TestUser) => call(on, user, "POST", "/recordings", { mime_type: "audio/webm" });

const storedBytes = async (workspaceId: string) =>
  Number(
    await env.DB.prepare("SELECT coalesce(sum(file_size), 0) AS n FROM audio_files WHERE workspace_id = ?").bind(workspaceId).first("n"),
  );

describe("limits under parallel requests", { timeout: 60_000 }, () => {
  describe("storage", () => {
    it("recording chunks: exactly the room's worth are stored, the rest refused (403) and not kept", async () => {
      const user = await createUser("par-chunks");
      const limited = withVars(roomFor(4, 1000));
      const recording = await startRecording(limited, user);
      expect(recording.status).toBe(201);
      const id = recording.body.data.id;
      const answers = await atOnce(16, (n) => putChunk(limited, user, id, n, new Uint8Array(1000)));
      const storage = storageRefusal(limited);
      expect(outcomes(answers, 200)).toEqual({ accepted: 4, refused: { [`403 ${storage}`]: 12 } });
      expect((await env.MEDIA.list({ prefix: `recordings/${id}/` })).objects).toHaveLength(4);
    });

    it("upload links: each holds its bytes, so only the room's worth are handed out (403)", async () => {
      const user = await createUser("par-links");
      const limited = withVars(roomFor(3, SIZE));
      const answers = await atOnce(12, () => uploadLink(limited, user));
      const storage = storageRefusal(limited);
      expect(outcomes(answers, 200)).toEqual({ accepted: 3, refused: { [`403 ${storage}`]: 9 } });
    });

    it("uploads in parts: only the room's worth start (403)", async () => {
      const user = await createUser("par-parts");
      const limited = withVars(roomFor(3, SIZE));
      const answers = await atOnce(12, () =>
        call(limited, user, "POST", "/uploads", { filename: "long.wav", content_type: "audio/wav", file_size: SIZE }),
      );
      const storage = storageRefusal(limited);
      expect(outcomes(answers, 201)).toEqual({ accepted: 3, refused: { [`403 ${storage}`]: 9 } });
    });

    it("link imports of a declared length: only the room's worth are fetched, the rest fail with the quota's reason", async () => {
      const user = await createUser("par-imports");
      const limited = withVars(roomFor(3, SIZE));
      const files = await importAtOnce(limited, user, 9, "sized");
      expect(files.filter((f) => f.file_size > 0)).toHaveLength(3);
      expect(files.filter((f) => f.file_size === 0).map((f) => [f.status, f.failure_reason])).toEqual(
        Array(6).fill(["failed", storageRefusal(limited)]),
      );
    });

    it("link imports of an unsaid length: each holds the room left while it streams, so together they never pass it", async () => {
      const user = await createUser("par-imports-unsaid");
      // Bodies of 256 KB in chunks, length unsaid, sent over half a second: the imports overlap.
      const limited = withVars(roomFor(3, 256 * 1024));
      const files = await importAtOnce(limited, user, 9, "huge", "?mb=0.25&rate=0.5");
      const fetched = files.filter((f) => f.file_size > 0);
      expect(fetched.length).toBeGreaterThanOrEqual(1);
      expect(fetched.length).toBeLessThanOrEqual(3);
      expect(files.filter((f) => f.file_size === 0).map((f) => [f.status, f.failure_reason])).toEqual(
        Array(9 - fetched.length).fill(["failed", storageRefusal(limited)]),
      );
    });

    it("files moved in: only the room's worth arrive (403), the rest stay where they were", async () => {
      const user = await createUser("par-moves");
      const workspace = await newWorkspace(user);
      const ids: string[] = [];
      for (const key of await Promise.all(Array.from({ length: 8 }, () => uploaded(user)))) {
        const confirmed = await confirm(quiet, user, key);
        expect(confirmed.status).toBe(201);
        ids.push(confirmed.body.data.id);
      }
      const limited = withVars(roomFor(2, SIZE));
      const answers = await atOnce(8, (i) =>
        call(limited, user, "PUT", `/audio_files/${ids[i]}`, { audio_file: { workspace_id: workspace.id } }),
      );
      const storage = storageRefusal(limited);
      expect(outcomes(answers, 200)).toEqual({ accepted: 2, refused: { [`403 ${storage}`]: 6 } });
      expect(await storedBytes(workspace.id)).toBe(2 * SIZE);
    });
  });

  describe("folder count", () => {
    it("folders: exactly the limit's worth are made (403)", async () => {
      const user = await createUser("par-folders");
      const limited = withVars({ QUOTA_FOLDERS: "3" });
      const answers = await atOnce(10, (i) => call(limited, user, "POST", "/folders", { folder: { name: `Folder ${i}` } }));
      expect(outcomes(answers, 201)).toEqual({ accepted: 3, refused: { [`403 ${QUOTA_MESSAGES.folders(3)}`]: 7 } });
    });
  });

  describe("file count", () => {
    it("confirms: exactly the limit's worth become files (403)", async () => {
      const user = await createUser("par-files");
      const keys = await Promise.all(Array.from({ length: 10 }, () => uploaded(user)));
      const answers = await atOnce(10, (i) => confirm(withVars({ QUOTA_FILES: "3" }), user, keys[i]!));
      expect(outcomes(answers, 201)).toEqual({ accepted: 3, refused: { [`403 ${QUOTA_MESSAGES.files(3)}`]: 7 } });
    });
  });

  describe("transcriptions an hour", () => {
    const limited = withVars({ QUOTA_TRANSCRIPTIONS_PER_HOUR: "3" });
    const refusal = `429 ${QUOTA_MESSAGES.transcriptions(3)}`;

    it("confirms: exactly the limit's worth start (429)", async () => {
      const user = await createUser("par-confirms");
      const keys = await Promise.all(Array.from({ length: 10 }, () => uploaded(user)));
      const answers = await atOnce(10, (i) => confirm(limited, user, keys[i]!));
      expect(outcomes(answers, 201)).toEqual({ accepted: 3, refused: { [refusal]: 7 } });
    });

    it("link imports: exactly the limit's worth start (429)", async () => {
      const user = await createUser("par-import-starts");
      const answers = await atOnce(12, (i) =>
        call(limited, user, "POST", "/audio_files/import", { url: `${FAKE_RECEIVER_ORIGIN}/media/${i}.wav` }),
      );
      expect(outcomes(answers, 202)).toEqual({ accepted: 3, refused: { [refusal]: 9 } });
    });

    it("finished recordings: exactly the limit's worth start (429)", async () => {
      const user = await createUser("par-finishes");
      const ids: string[] = [];
      for (let i = 0; i < RECORDING_LIMITS.maxOpen; i++) {
        const started = await startRecording(quiet, user);
        ids.push(started.body.data.id);
        expect((await putChunk(quiet, user, started.body.data.id, 0, new Uint8Array(100))).status).toBe(200);
      }
      const answers = await atOnce(ids.length, (i) => call(limited, user, "POST", `/recordings/${ids[i]}/finish`, { chunk_count: 1 }));
      expect(outcomes(answers, 202)).toEqual({ accepted: 3, refused: { [refusal]: 2 } });
    });
  });

  describe("open at once", () => {
    it("recordings: exactly the limit's worth start (429)", async () => {
      const user = await createUser("par-recordings");
      const answers = await atOnce(15, () => startRecording(quiet, user));
      expect(outcomes(answers, 201)).toEqual({
        accepted: RECORDING_LIMITS.maxOpen,
        refused: { [`429 ${RECORDING_MESSAGES.tooManyOpen}`]: 15 - RECORDING_LIMITS.maxOpen },
      });
    });

    it("uploads in parts: exactly the limit's worth start (429)", async () => {
      const user = await createUser("par-open-parts");
      const answers = await atOnce(MAX_OPEN_UPLOADS + 10, () =>
        call(quiet, user, "POST", "/uploads", { filename: "long.wav", content_type: "audio/wav", file_size: SIZE }),
      );
      expect(outcomes(answers, 201)).toEqual({ accepted: MAX_OPEN_UPLOADS, refused: { [`429 ${MULTIPART_MESSAGES.tooManyOpen}`]: 10 } });
    });
  });
});
