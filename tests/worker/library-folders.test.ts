import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectOk, typedApi } from "./helpers";
import { createFolder, createUser, type TestUser, uploadFile, uploadObject } from "./library-helpers";

const REQUIRED = "Folder Name is required";
const TOO_LONG = "Folder name must be 255 characters or less";
const FORBIDDEN = 'Cannot contain: < > : " / \\ | ? *';
const TAKEN = "A folder with this name already exists";
const RESERVED = '"Common" is reserved for files that are not in a folder';
const NOT_FOUND = "Folder not found";

let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  owner = await createUser("folders");
  other = await createUser("folders-other");
});

const list = async (token: string) => (await expectOk(await typedApi({ token }).folders.$get({ query: {} }))).data;
const create = (name: unknown, token = owner.token) => call("POST", "/folders", { folder: { name } }, { token });
const rename = (id: string, name: unknown, token = owner.token) => call("PUT", `/folders/${id}`, { folder: { name } }, { token });
// What must succeed goes through the typed client; `create` and `rename` also send what must be refused.
const api = (token = owner.token) => typedApi({ token });
const created = async (name: string, token = owner.token) => expectOk(await api(token).folders.$post({ json: { folder: { name } } }), 201);
const renamed = async (id: string, name: string, token = owner.token) =>
  expectOk(await api(token).folders[":id"].$put({ param: { id }, json: { folder: { name } } }));
const deleted = async (id: string, token = owner.token) => expectOk(await api(token).folders[":id"].$delete({ param: { id } }));
const shownFile = async (id: string, token = owner.token) =>
  (await expectOk(await api(token).audio_files[":id"].$get({ param: { id } }))).data;

describe("creating folders", () => {
  it("answers 201 with the folder", async () => {
    const before = Date.now();
    const body = await created("Interviews");
    expect(Object.keys(body.data).sort()).toEqual(["createdAt", "id", "name", "updatedAt", "workspaceId"]);
    expect(body.data.id).toEqual(expect.any(String));
    expect(body.data.name).toBe("Interviews");
    expect(Date.parse(body.data.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.data.updatedAt).toBe(body.data.createdAt);

    const row = await env.DB.prepare("SELECT * FROM folders WHERE id = ?")
      .bind(body.data.id)
      .first<{ workspace_id: string; name: string }>();
    expect(row).toMatchObject({ workspace_id: owner.id, name: "Interviews" });
  });

  it("trims the name", async () => {
    const body = await created("  Padded name  ");
    expect(body.data.name).toBe("Padded name");
  });

  it("accepts a name of exactly 255 characters", async () => {
    const name = "n".repeat(255);
    expect((await created(name)).data.name).toBe(name);
  });

  it.each([
    ["empty", ""],
    ["whitespace only", "   \t "],
  ])("requires a name (%s)", async (_label, name) => {
    const res = await create(name);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: REQUIRED });
  });

  it("requires a name when the field or the folder object is missing", async () => {
    for (const body of [{ folder: {} }, {}, { folder: { name: null } }, { folder: { name: 42 } }]) {
      const res = await call("POST", "/folders", body, { token: owner.token });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body, JSON.stringify(body)).toEqual({ error: REQUIRED });
    }
  });

  it("refuses 256 characters", async () => {
    const res = await create("x".repeat(256));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: TOO_LONG });
  });

  it.each(["<", ">", ":", '"', "/", "\\", "|", "?", "*"])("refuses the character %s", async (ch) => {
    const res = await create(`bad${ch}name`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: FORBIDDEN });
  });

  it("refuses a duplicate name regardless of case", async () => {
    await created("Lectures");
    for (const name of ["Lectures", "lectures", "LECTURES", "  lEcTuReS "]) {
      const res = await create(name);
      expect(res.status, name).toBe(409);
      expect(res.body).toEqual({ error: TAKEN });
    }
    expect((await list(owner.token)).filter((f) => f.name.toLowerCase() === "lectures")).toHaveLength(1);
  });

  it("reserves Common in any case", async () => {
    for (const name of ["Common", "common", "COMMON", " Common "]) {
      const res = await create(name);
      expect(res.status, name).toBe(422);
      expect(res.body).toEqual({ error: RESERVED });
    }
    expect((await list(owner.token)).some((f) => f.name.toLowerCase() === "common")).toBe(false);
  });

  it("lets another user use the same name", async () => {
    await created("Shared name");
    await created("Shared name", other.token);
  });
});

describe("listing folders", () => {
  it("lists only the caller's folders, sorted by name case-insensitively", async () => {
    const user = await createUser("folders-list");
    for (const name of ["delta", "Alpha", "charlie", "Bravo"]) await createFolder(user.token, name);
    const folders = await list(user.token);
    expect(folders.map((f) => f.name)).toEqual(["Alpha", "Bravo", "charlie", "delta"]);
    for (const f of folders) expect(Object.keys(f).sort()).toEqual(["createdAt", "id", "name", "updatedAt", "workspaceId"]);

    expect((await list(other.token)).map((f) => f.id)).not.toEqual(expect.arrayContaining([folders[0]!.id]));
  });
});

describe("renaming folders", () => {
  it("renames and bumps updatedAt", async () => {
    const folder = await createFolder(owner.token, "Old name");
    await new Promise((r) => setTimeout(r, 5));
    const body = await renamed(folder.id, "New name");
    expect(body.data).toMatchObject({ id: folder.id, name: "New name", createdAt: folder.createdAt });
    expect(Date.parse(body.data.updatedAt)).toBeGreaterThan(Date.parse(folder.updatedAt));
    const names = (await list(owner.token)).map((f) => f.name);
    expect(names).toContain("New name");
    expect(names).not.toContain("Old name");
  });

  it("allows renaming to its own name in a different case", async () => {
    const folder = await createFolder(owner.token, "casefolder");
    const body = await renamed(folder.id, "CaseFolder");
    expect(body.data.name).toBe("CaseFolder");
    expect((await renamed(folder.id, "CaseFolder")).data.name).toBe("CaseFolder");
  });

  it("refuses the name of another folder, regardless of case", async () => {
    await createFolder(owner.token, "Taken target");
    const folder = await createFolder(owner.token, "Rename source");
    const res = await rename(folder.id, "TAKEN TARGET");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: TAKEN });
    expect((await list(owner.token)).find((f) => f.id === folder.id)?.name).toBe("Rename source");
  });

  it("applies the same name rules", async () => {
    const folder = await createFolder(owner.token, "Rules");
    const cases: [unknown, number, string][] = [
      ["", 422, REQUIRED],
      ["  ", 422, REQUIRED],
      ["y".repeat(256), 422, TOO_LONG],
      ["a/b", 422, FORBIDDEN],
      ["what?", 422, FORBIDDEN],
      ["common", 422, RESERVED],
    ];
    for (const [name, status, error] of cases) {
      const res = await rename(folder.id, name);
      expect(res.status, String(name)).toBe(status);
      expect(res.body, String(name)).toEqual({ error });
    }
    expect((await list(owner.token)).find((f) => f.id === folder.id)?.name).toBe("Rules");
  });

  it("answers 404 for an unknown folder", async () => {
    const res = await rename(crypto.randomUUID(), "Whatever");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: NOT_FOUND });
  });
});

describe("deleting folders", () => {
  it("deletes an empty folder", async () => {
    const folder = await createFolder(owner.token, "Short-lived");
    const body = await deleted(folder.id);
    expect(body).toEqual({ message: "Folder deleted", deleted_files: 0 });
    expect((await list(owner.token)).some((f) => f.id === folder.id)).toBe(false);
    // Its name is free again.
    await created("Short-lived");
  });

  it("answers 404 for an unknown or already deleted folder", async () => {
    const folder = await createFolder(owner.token, "Deleted twice");
    await deleted(folder.id);
    const again = await call("DELETE", `/folders/${folder.id}`, undefined, { token: owner.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: NOT_FOUND });
  });

  it("deletes the folder's files and their stored objects, and nothing else", async () => {
    const doomed = await createFolder(owner.token, "Doomed");
    const kept = await createFolder(owner.token, "Kept");
    const inDoomed = [await uploadFile(owner.token, { folderId: doomed.id }), await uploadFile(owner.token, { folderId: doomed.id })];
    const inKept = await uploadFile(owner.token, { folderId: kept.id });
    const inCommon = await uploadFile(owner.token, { folderId: null });
    const othersFile = await uploadFile(other.token);

    for (const u of inDoomed) expect(await env.MEDIA.head(u.key)).not.toBeNull();

    const body = await deleted(doomed.id);
    expect(body).toEqual({ message: "Folder deleted", deleted_files: 2 });

    for (const u of inDoomed) {
      expect(await env.MEDIA.head(u.key), u.key).toBeNull();
      expect(await env.DB.prepare("SELECT id FROM audio_files WHERE id = ?").bind(u.file.id).first()).toBeNull();
      expect((await call("GET", `/audio_files/${u.file.id}`, undefined, { token: owner.token })).status).toBe(404);
    }
    for (const [u, token] of [
      [inKept, owner.token],
      [inCommon, owner.token],
      [othersFile, other.token],
    ] as const) {
      expect(await env.MEDIA.head(u.key), u.key).not.toBeNull();
      expect((await shownFile(u.file.id, token)).id).toBe(u.file.id);
    }
    const folders = await list(owner.token);
    expect(folders.some((f) => f.id === doomed.id)).toBe(false);
    expect(folders.some((f) => f.id === kept.id)).toBe(true);
  });
});

describe("deleting a folder while files are added to it", () => {
  it("leaves no stored media behind: every added file is deleted with it, or refused with its object removed", {
    timeout: 60_000,
  }, async () => {
    const user = await createUser("folders-race");
    for (let round = 0; round < 4; round++) {
      const folder = await createFolder(user.token, `Racing ${round}`);
      const objects = await Promise.all(Array.from({ length: 6 }, () => uploadObject(user.token)));
      const confirm = (o: (typeof objects)[number]) =>
        call(
          "POST",
          "/audio_files/confirm-upload",
          {
            filename: o.filename,
            key: o.key,
            file_size: o.bytes.length,
            content_type: o.contentType,
            folder_id: folder.id,
            duration_seconds: 1,
          },
          { token: user.token },
        );
      // The confirms start first; the delete lands among them, at a different point each round.
      const confirms = objects.map((o, i) => new Promise((r) => setTimeout(r, i * 3)).then(() => confirm(o)));
      const deletion = new Promise((r) => setTimeout(r, round * 4)).then(() =>
        call("DELETE", `/folders/${folder.id}`, undefined, { token: user.token }),
      );
      const answers = await Promise.all(confirms);
      expect((await deletion).status).toBe(200);
      for (const a of answers) {
        expect([201, 404], JSON.stringify(a.body)).toContain(a.status);
        if (a.status === 404) expect(a.body).toEqual({ error: NOT_FOUND });
      }
      // A file confirmed before the delete went with the folder; nothing else is left either.
      const { results: files } = await env.DB.prepare("SELECT storage_key FROM audio_files WHERE workspace_id = ?").bind(user.id).all();
      expect(files).toEqual([]);
      for (const o of objects) expect(await env.MEDIA.head(o.key), `round ${round}: ${o.key}`).toBeNull();
    }
  });
});

describe("ownership", () => {
  it("hides another user's folders: rename and delete answer 404 and change nothing", async () => {
    const folder = await createFolder(owner.token, "Private folder");
    const file = await uploadFile(owner.token, { folderId: folder.id });

    expect((await list(other.token)).some((f) => f.id === folder.id)).toBe(false);

    const renamed = await rename(folder.id, "Hijacked", other.token);
    expect(renamed.status).toBe(404);
    expect(renamed.body).toEqual({ error: NOT_FOUND });

    const deleted = await call("DELETE", `/folders/${folder.id}`, undefined, { token: other.token });
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual({ error: NOT_FOUND });

    expect((await list(owner.token)).find((f) => f.id === folder.id)?.name).toBe("Private folder");
    expect(await env.MEDIA.head(file.key)).not.toBeNull();
    expect((await shownFile(file.file.id)).folderId).toBe(folder.id);
  });

  it("checks name clashes only among the caller's own folders when renaming", async () => {
    await createFolder(other.token, "Only theirs");
    const mine = await createFolder(owner.token, "Mine to rename");
    expect((await renamed(mine.id, "Only theirs")).data.name).toBe("Only theirs");
  });
});

describe("without a token", () => {
  it("answers 401 to every folder call", async () => {
    const folder = await createFolder(owner.token, "Anonymous target");
    const calls: [string, string, unknown?][] = [
      ["GET", "/folders"],
      ["POST", "/folders", { folder: { name: "Anon" } }],
      ["PUT", `/folders/${folder.id}`, { folder: { name: "Anon" } }],
      ["DELETE", `/folders/${folder.id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error, `${method} ${path}`).toEqual(expect.any(String));
      const bad = await call(method, path, body, { token: "garbage" });
      expect(bad.status, `${method} ${path} with a bad token`).toBe(401);
    }
    expect((await list(owner.token)).find((f) => f.id === folder.id)?.name).toBe("Anonymous target");
    expect((await list(owner.token)).some((f) => f.name === "Anon")).toBe(false);
  });
});
