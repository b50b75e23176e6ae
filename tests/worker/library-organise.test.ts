// Listing files in pages and sorted, and moving or deleting many files at once.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectOk, type Json, typedApi } from "./helpers";
import { audioRow, createFolder, createUser, type TestUser, uploadFile } from "./library-helpers";

let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  user = await createUser("organise");
  other = await createUser("organise-other");
});

const list = (query: Record<string, string>, token = user.token) =>
  call("GET", `/audio_files?${new URLSearchParams(query)}`, undefined, { token });
const bulkDelete = (body: unknown, token = user.token) => call("POST", "/audio_files/bulk-delete", body, { token });
const bulkMove = (body: unknown, token = user.token) => call("POST", "/audio_files/bulk-move", body, { token });

interface Seed {
  name: string;
  size: number;
  duration: number | null;
  status: "processing" | "ready" | "failed";
  created: string;
}

/** Rows written straight into D1: the listing reads rows, and uploads would make these tests slow. */
async function seed(userId: string, folderId: string | null, files: Seed[]): Promise<string[]> {
  const ids: string[] = [];
  for (const f of files) {
    const id = crypto.randomUUID();
    ids.push(id);
    await env.DB.prepare(
      `INSERT INTO audio_files (id, workspace_id, uploaded_by, folder_id, name, filename, storage_key, content_type, file_size, duration_seconds, status, created_at, updated_at) VALUES (?1, ?2, ?2, ?, ?, ?, ?, 'audio/wav', ?, ?, ?, ?, ?)`,
    )
      .bind(id, userId, folderId, f.name, `${f.name}.wav`, `seed/${id}.wav`, f.size, f.duration, f.status, f.created, f.created)
      .run();
  }
  return ids;
}

/** Every page of a listing, following next_cursor. */
async function allPages(query: Record<string, string>, token = user.token): Promise<{ names: string[]; pages: number }> {
  const names: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await list(cursor ? { ...query, cursor } : query, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["data", "next_cursor"]);
    names.push(...res.body.data.map((f: Json) => f.name));
    cursor = res.body.next_cursor;
    pages++;
  } while (cursor && pages < 100);
  return { names, pages };
}

describe("listing in pages", () => {
  let lister: TestUser;
  let folder: { id: string };
  const day = (n: number) => `2026-01-${String(n).padStart(2, "0")}T10:00:00.000Z`;
  // Names differ in case on purpose: the name sort ignores case.
  const files: Seed[] = [
    { name: "delta", size: 400, duration: 30, status: "ready", created: day(1) },
    { name: "Alpha", size: 100, duration: 600, status: "failed", created: day(2) },
    { name: "charlie", size: 300, duration: null, status: "processing", created: day(3) },
    { name: "Bravo", size: 200, duration: 90, status: "ready", created: day(4) },
    { name: "echo", size: 500, duration: 10, status: "ready", created: day(5) },
    // Same size and date as echo: the id breaks the tie, and no page repeats or skips one.
    { name: "foxtrot", size: 500, duration: 10, status: "ready", created: day(5) },
    { name: "golf", size: 50, duration: 3600, status: "failed", created: day(6) },
  ];

  beforeAll(async () => {
    lister = await createUser("organise-lister");
    folder = await createFolder(lister.token, "Interviews");
    await seed(lister.id, null, files);
    await seed(lister.id, folder.id, [{ name: "in-folder", size: 1, duration: 1, status: "ready", created: day(7) }]);
    await seed(other.id, null, [{ name: "strangers", size: 1, duration: 1, status: "ready", created: day(8) }]);
  });

  const names = (pick: (a: Seed, b: Seed) => number) => [...files].sort(pick).map((f) => f.name);
  const all = [...files.map((f) => f.name), "in-folder"];

  it("answers the whole list, in the old shape, without limit or cursor", async () => {
    const body = await expectOk(await typedApi({ token: lister.token }).audio_files.$get({ query: {} }));
    expect(Object.keys(body)).toEqual(["data"]);
    expect(body.data.map((f) => f.name).sort()).toEqual([...all].sort());
  });

  it("pages newest first by default, every file once", async () => {
    const first = await list({ limit: "3" }, lister.token);
    expect(first.status).toBe(200);
    expect(first.body.data.map((f: Json) => f.name)[0]).toBe("in-folder");
    expect(first.body.data).toHaveLength(3);
    expect(typeof first.body.next_cursor).toBe("string");
    const { names: listed, pages } = await allPages({ limit: "3" }, lister.token);
    expect(pages).toBe(3);
    expect(new Set(listed).size).toBe(all.length);
    expect(listed).not.toContain("strangers");
    expect(listed.slice(-1)).toEqual(["delta"]);
  });

  it.each([
    ["name", "asc", (a: Seed, b: Seed) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())],
    ["name", "desc", (a: Seed, b: Seed) => b.name.toLowerCase().localeCompare(a.name.toLowerCase())],
    ["duration", "asc", (a: Seed, b: Seed) => (a.duration ?? -1) - (b.duration ?? -1) || 0],
    ["size", "desc", (a: Seed, b: Seed) => b.size - a.size],
    ["created", "asc", (a: Seed, b: Seed) => a.created.localeCompare(b.created)],
  ] as const)("sorts by %s %s across pages", async (sort, order, compare) => {
    const { names: listed } = await allPages({ folder_id: "common", sort, order, limit: "2" }, lister.token);
    const expected = names(compare);
    expect(listed).toHaveLength(expected.length);
    // Ties (echo and foxtrot) may come in either order: compare with the tied pair as a set.
    const untie = (xs: string[]) => xs.map((x) => (x === "echo" || x === "foxtrot" ? "echo|foxtrot" : x));
    expect(untie(listed)).toEqual(untie(expected));
  });

  it("sorts by status and filters by status", async () => {
    const { names: listed } = await allPages({ folder_id: "common", sort: "status", limit: "4" }, lister.token);
    expect(listed.slice(0, 2).sort()).toEqual(["Alpha", "golf"]);
    expect(listed[2]).toBe("charlie");
    const failed = await allPages({ status: "failed", sort: "name", limit: "1" }, lister.token);
    expect(failed.names).toEqual(["Alpha", "golf"]);
    const unpaged = await expectOk(await typedApi({ token: lister.token }).audio_files.$get({ query: { status: "processing" } }));
    expect(unpaged.data.map((f) => f.name)).toEqual(["charlie"]);
  });

  it("pages a folder's files", async () => {
    const res = await list({ folder_id: folder.id, limit: "10" }, lister.token);
    expect(res.body.data.map((f: Json) => f.name)).toEqual(["in-folder"]);
    expect(res.body.next_cursor).toBeNull();
    // Another user sees nothing of that folder.
    expect((await list({ folder_id: folder.id, limit: "10" }, other.token)).body.data).toEqual([]);
  });

  it("refuses a cursor made for another sort, a broken cursor and a bad limit with 4xx {error}", async () => {
    const first = await list({ sort: "name", limit: "2" }, lister.token);
    const wrongSort = await list({ sort: "size", limit: "2", cursor: first.body.next_cursor }, lister.token);
    expect(wrongSort.status).toBe(400);
    expect(wrongSort.body.error).toMatch(/cursor/);
    for (const cursor of ["%%%", "bm90IGpzb24", btoa(JSON.stringify({ s: "name", o: "asc", v: 5, id: "x" }))]) {
      const res = await list({ sort: "name", limit: "2", cursor }, lister.token);
      expect(res.status, cursor).toBe(400);
      expect(typeof res.body.error).toBe("string");
    }
    for (const limit of ["0", "1001", "abc", "1.5"]) {
      const res = await list({ limit }, lister.token);
      expect(res.status, limit).toBe(422);
      expect(res.body).toHaveProperty("error");
    }
    const badSort = await list({ sort: "colour" }, lister.token);
    expect(badSort.status).toBe(422);
  });

  it("a cursor from another user's listing reveals nothing of theirs", async () => {
    const theirs = await list({ limit: "1", sort: "name" }, other.token);
    const mine = await list({ limit: "50", sort: "name", cursor: theirs.body.next_cursor ?? "" }, lister.token);
    // Their cursor is only a position in a sort: it answers the caller's own files after it, or is refused.
    expect([200, 400]).toContain(mine.status);
    if (mine.status === 200) expect(mine.body.data.map((f: Json) => f.name)).not.toContain("strangers");
  });
});

describe("bulk delete", () => {
  it("deletes the caller's files with their stored media, skipping others' ids without a trace", async () => {
    const mine = await Promise.all([1, 2, 3].map(() => uploadFile(user.token)));
    const theirs = await uploadFile(other.token);
    const ids = [...mine.map((m) => m.file.id), theirs.file.id, crypto.randomUUID()];
    for (const m of mine) expect(await env.MEDIA.head(m.key)).not.toBeNull();

    const res = await bulkDelete({ ids });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(3);
    expect([...res.body.deleted_ids].sort()).toEqual(mine.map((m) => m.file.id).sort());
    for (const m of mine) {
      expect(await audioRow(m.file.id)).toBeNull();
      expect(await env.MEDIA.head(m.key)).toBeNull();
    }
    // The other user's file and its media stay.
    expect(await audioRow(theirs.file.id)).not.toBeNull();
    expect(await env.MEDIA.head(theirs.key)).not.toBeNull();
  });

  it("answers the same for another user's ids as for unknown ones", async () => {
    const theirs = await uploadFile(other.token);
    const foreign = await bulkDelete({ ids: [theirs.file.id] });
    const unknown = await bulkDelete({ ids: [crypto.randomUUID()] });
    expect(foreign).toEqual(unknown);
    expect(foreign.body).toEqual({ deleted_ids: [], deleted: 0 });
    expect(await audioRow(theirs.file.id)).not.toBeNull();
  });

  it("refuses an empty list, too many ids and a malformed body with 422 {error}", async () => {
    for (const body of [{ ids: [] }, { ids: Array.from({ length: 501 }, (_, i) => `id-${i}`) }, {}, { ids: "x" }, { ids: [""] }]) {
      const res = await bulkDelete(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.body).toHaveProperty("error");
    }
    expect((await bulkDelete({ ids: Array.from({ length: 501 }, (_, i) => `id-${i}`) })).body.error).toBe("At most 500 files at a time");
  });

  it("needs a session", async () => {
    expect((await call("POST", "/audio_files/bulk-delete", { ids: ["x"] })).status).toBe(401);
  });

  it("deletes more files than one statement can bind", async () => {
    const lots = await seed(
      user.id,
      null,
      Array.from({ length: 120 }, (_, i) => ({
        name: `bulk-${i}`,
        size: 1,
        duration: 1,
        status: "ready" as const,
        created: new Date().toISOString(),
      })),
    );
    await Promise.all(lots.map((id) => env.MEDIA.put(`seed/${id}.wav`, "x")));
    const res = await bulkDelete({ ids: lots });
    expect(res.body.deleted).toBe(120);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM audio_files WHERE name LIKE 'bulk-%' AND workspace_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    expect((await env.MEDIA.list({ prefix: "seed/" })).objects.filter((o) => lots.some((id) => o.key.includes(id)))).toEqual([]);
    // 120 files' rooms emptied one by one: about 2 s alone, over 20 s on a loaded 2-core machine.
  }, 60_000);
});

describe("bulk move", () => {
  it("moves the caller's files to a folder and back to Common", async () => {
    const folder = await createFolder(user.token, `Moved ${crypto.randomUUID().slice(0, 6)}`);
    const mine = await Promise.all([1, 2].map(() => uploadFile(user.token)));
    const ids = mine.map((m) => m.file.id);
    const res = await bulkMove({ ids, folder_id: folder.id });
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: Json) => f.folderId)).toEqual([folder.id, folder.id]);
    for (const id of ids) expect((await audioRow(id))?.folder_id).toBe(folder.id);

    const back = await bulkMove({ ids, folder_id: "" });
    expect(back.body.data.map((f: Json) => f.folderId)).toEqual([null, null]);
    for (const id of ids) expect((await audioRow(id))?.folder_id).toBeNull();
  });

  it("leaves another user's files where they are and answers only the caller's", async () => {
    const folder = await createFolder(user.token, `Mine ${crypto.randomUUID().slice(0, 6)}`);
    const mine = await uploadFile(user.token);
    const theirs = await uploadFile(other.token);
    const res = await bulkMove({ ids: [mine.file.id, theirs.file.id], folder_id: folder.id });
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: Json) => f.id)).toEqual([mine.file.id]);
    expect((await audioRow(theirs.file.id))?.folder_id).toBeNull();
  });

  it("answers 404 for a folder that is not the caller's, moving nothing", async () => {
    const theirFolder = await createFolder(other.token, `Theirs ${crypto.randomUUID().slice(0, 6)}`);
    const mine = await uploadFile(user.token);
    for (const folder_id of [theirFolder.id, crypto.randomUUID()]) {
      const res = await bulkMove({ ids: [mine.file.id], folder_id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "Folder not found" });
    }
    expect((await audioRow(mine.file.id))?.folder_id).toBeNull();
  });

  it("refuses a missing folder_id, an empty list and unknown fields with 422 {error}", async () => {
    for (const body of [{ ids: ["x"] }, { ids: [], folder_id: "" }, { ids: ["x"], folder_id: "", extra: 1 }]) {
      const res = await bulkMove(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toHaveProperty("error");
    }
  });
});
