// Who may touch what: another user sees none of a user's library, and nothing
// in the library API answers without a valid bearer token.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectOk, type Json, typedApi } from "./helpers";
import { audioRow, createFolder, createUser, type TestUser, uploadFile, wav } from "./library-helpers";

let alice: TestUser;
let bob: TestUser;
let aliceFolder: { id: string; name: string };
let aliceFile: Json;
let aliceKey: string;
let aliceCommonFile: Json;

// What must succeed goes through the typed client; what must be refused goes through `call`.
const api = (token: string) => typedApi({ token });
const folderList = async (token: string) => (await expectOk(await api(token).folders.$get({ query: {} }))).data;
const fileList = async (token: string, folderId?: string) =>
  (await expectOk(await api(token).audio_files.$get({ query: folderId === undefined ? {} : { folder_id: folderId } }))).data;

beforeAll(async () => {
  alice = await createUser("access-alice");
  bob = await createUser("access-bob");
  aliceFolder = await createFolder(alice.token, "Alice's folder");
  const uploaded = await uploadFile(alice.token, { filename: "alice.wav", folderId: aliceFolder.id });
  aliceFile = uploaded.file;
  aliceKey = uploaded.key;
  aliceCommonFile = (await uploadFile(alice.token, { filename: "alice-common.wav" })).file;
  // Bob has a library of his own.
  await createFolder(bob.token, "Bob's folder");
  await uploadFile(bob.token, { filename: "bob.wav" });
});

/** Alice's file and folder are exactly as they were set up. */
async function expectAliceUntouched() {
  const file = (await expectOk(await api(alice.token).audio_files[":id"].$get({ param: { id: aliceFile.id } }))).data;
  expect(file).toMatchObject({ id: aliceFile.id, name: "alice.wav", folderId: aliceFolder.id });
  expect(await env.MEDIA.head(aliceKey)).not.toBeNull();
  const folders = await folderList(alice.token);
  expect(folders.find((f) => f.id === aliceFolder.id)?.name).toBe("Alice's folder");
}

describe("another user", () => {
  it("gets 404 for Alice's file: show, update, delete, download", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", `/audio_files/${aliceFile.id}`],
      ["PUT", `/audio_files/${aliceFile.id}`, { audio_file: { name: "Bob was here" } }],
      ["PUT", `/audio_files/${aliceFile.id}`, { audio_file: { folder_id: "" } }],
      ["DELETE", `/audio_files/${aliceFile.id}`],
      ["GET", `/audio_files/${aliceFile.id}/download`],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(method, path, body, { token: bob.token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toEqual({ error: "Audio file not found" });
    }
    await expectAliceUntouched();
  });

  it("cannot move his own file into Alice's folder", async () => {
    const { file } = await uploadFile(bob.token);
    const res = await call("PUT", `/audio_files/${file.id}`, { audio_file: { folder_id: aliceFolder.id } }, { token: bob.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Folder not found" });
    expect((await audioRow(file.id))?.folder_id).toBeNull();
    const inAlicesFolder = await fileList(alice.token, aliceFolder.id);
    expect(inAlicesFolder.map((f) => f.id)).toEqual([aliceFile.id]);
  });

  it("gets upload keys only inside his own prefix", async () => {
    const bytes = wav(1);
    const { key } = await expectOk(
      await api(bob.token).audio_files["upload-url"].$post({
        json: { filename: "x.wav", content_type: "audio/wav", file_size: bytes.length },
      }),
    );
    expect(key.startsWith(`users/${bob.id}/`)).toBe(true);
    expect(key.startsWith(`users/${alice.id}/`)).toBe(false);
  });

  it("gets 404 for Alice's folder: rename, delete", async () => {
    const renamed = await call("PUT", `/folders/${aliceFolder.id}`, { folder: { name: "Bob's now" } }, { token: bob.token });
    expect(renamed.status).toBe(404);
    expect(renamed.body).toEqual({ error: "Folder not found" });
    const deleted = await call("DELETE", `/folders/${aliceFolder.id}`, undefined, { token: bob.token });
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual({ error: "Folder not found" });
    await expectAliceUntouched();
  });

  it("does not see Alice's items in his lists", async () => {
    const folders = await folderList(bob.token);
    expect(folders.length).toBeGreaterThan(0);
    expect(folders.map((f) => f.id)).not.toContain(aliceFolder.id);
    expect(folders.map((f) => f.name)).not.toContain("Alice's folder");

    for (const folderId of [undefined, "common", aliceFolder.id]) {
      const query = folderId === undefined ? "" : `?folder_id=${folderId}`;
      const files = await fileList(bob.token, folderId);
      const fileIds = files.map((f) => f.id);
      expect(fileIds, query).not.toContain(aliceFile.id);
      expect(fileIds, query).not.toContain(aliceCommonFile.id);
    }
    const all = await fileList(bob.token);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((f) => !String(f.name).startsWith("alice"))).toBe(true);
  });

  it("and Alice sees only her own", async () => {
    const files = await fileList(alice.token);
    expect(files.map((f) => f.id).sort()).toEqual([aliceFile.id, aliceCommonFile.id].sort());
    const folders = await folderList(alice.token);
    expect(folders.map((f) => f.id)).toEqual([aliceFolder.id]);
  });
});

describe("without a valid token", () => {
  const routes = (): [string, string, unknown?][] => [
    ["GET", "/service/configuration"],
    ["PUT", "/preferences", { preferences: { theme: "dark" } }],
    ["GET", "/folders"],
    ["POST", "/folders", { folder: { name: "Anonymous" } }],
    ["PUT", `/folders/${aliceFolder.id}`, { folder: { name: "Anonymous" } }],
    ["DELETE", `/folders/${aliceFolder.id}`],
    ["GET", "/audio_files"],
    ["GET", "/audio_files?folder_id=common"],
    ["GET", `/audio_files/${aliceFile.id}`],
    ["PUT", `/audio_files/${aliceFile.id}`, { audio_file: { name: "Anonymous" } }],
    ["DELETE", `/audio_files/${aliceFile.id}`],
    ["GET", `/audio_files/${aliceFile.id}/download`],
    ["POST", "/audio_files/upload-url", { filename: "a.wav", content_type: "audio/wav", file_size: 100 }],
    [
      "POST",
      "/audio_files/confirm-upload",
      { filename: "alice.wav", key: aliceKey, file_size: 48044, content_type: "audio/wav", folder_id: "", duration_seconds: 3 },
    ],
  ];

  it.each([
    ["no Authorization header", undefined],
    ["a malformed token", "not-a-token"],
  ])("answers 401 everywhere with %s", async (_label, token) => {
    for (const [method, path, body] of routes()) {
      const res = await call(method, path, body, { token });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error, `${method} ${path}`).toEqual(expect.any(String));
    }
    await expectAliceUntouched();
  });

  it("answers 401 for a non-Bearer scheme", async () => {
    const res = await call("GET", "/folders", undefined, { headers: { authorization: `Basic ${btoa("a:b")}` } });
    expect(res.status).toBe(401);
    const raw = await call("GET", "/folders", undefined, { headers: { authorization: alice.token } });
    expect(raw.status).toBe(401);
  });

  it("answers 401 everywhere with a token that was signed out", async () => {
    const login = await expectOk(await typedApi().auth.login.$post({ json: { email: alice.email, password: "correct horse battery" } }));
    const token = login.token;
    await folderList(token);
    await expectOk(await api(token).auth.logout.$post());
    for (const [method, path, body] of routes()) {
      const res = await call(method, path, body, { token });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    await expectAliceUntouched();
    // Alice's other session is unaffected.
    await folderList(alice.token);
  });

  it("changed nothing: no folder, file or preference was written", async () => {
    const folders = await folderList(alice.token);
    expect(folders.map((f) => f.name)).toEqual(["Alice's folder"]);
    const validated = await expectOk(await api(alice.token).auth.validate.$get());
    expect(validated.user.preferences.theme).toBe("light");
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM audio_files WHERE workspace_id = ?")
      .bind(alice.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(2);
  });
});
