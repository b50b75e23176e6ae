// The SQL CHECK constraints accept exactly the statuses spelled in common/ (the
// one list the drizzle schema, the live messages and the SPA derive from).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EXPORT_FORMAT_NAMES, EXPORT_STATUSES } from "../../common/exports";
import { FILE_STATUSES } from "../../common/library";
import { createUser } from "./library-helpers";

async function accepts(sql: string, values: unknown[]): Promise<boolean> {
  try {
    await env.DB.prepare(sql)
      .bind(...values)
      .run();
    return true;
  } catch {
    return false;
  }
}

describe("status lists", () => {
  it("audio_files.status and exports.status/format match common/", async () => {
    const user = await createUser("statuses");
    const now = new Date().toISOString();
    const file = (status: string) =>
      accepts(
        "INSERT INTO audio_files (id, workspace_id, uploaded_by, name, filename, storage_key, content_type, file_size, status, created_at, updated_at) VALUES (?1, ?2, ?2, 'a.wav', 'a.wav', ?, 'audio/wav', 1, ?, ?, ?)",
        [crypto.randomUUID(), user.id, crypto.randomUUID(), status, now, now],
      );
    for (const status of FILE_STATUSES) expect(await file(status)).toBe(true);
    expect(await file("queued")).toBe(false);

    const fileId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO audio_files (id, workspace_id, uploaded_by, name, filename, storage_key, content_type, file_size, status, created_at, updated_at) VALUES (?1, ?2, ?2, 'b.wav', 'b.wav', ?, 'audio/wav', 1, 'ready', ?, ?)",
    )
      .bind(fileId, user.id, crypto.randomUUID(), now, now)
      .run();
    const exp = (format: string, status: string) =>
      accepts(
        "INSERT INTO exports (id, user_id, audio_file_id, format, options, status, filename, created_at, updated_at) VALUES (?, ?, ?, ?, '{}', ?, 'x', ?, ?)",
        [crypto.randomUUID(), user.id, fileId, format, status, now, now],
      );
    for (const status of EXPORT_STATUSES) expect(await exp("pdf", status)).toBe(true);
    for (const format of EXPORT_FORMAT_NAMES) expect(await exp(format, "pending")).toBe(true);
    expect(await exp("xls", "pending")).toBe(false);
    expect(await exp("pdf", "done")).toBe(false);
  });
});
