// Files listed in pages: a keyset cursor over (sort value, id), so a page costs
// the same however deep it is and a file added meanwhile never shifts a page.
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { FileSort, FileStatus, SortOrder } from "../../common/library";
import { FILE_LIST_MESSAGES } from "../../common/library";
import type { ReviewStatus } from "../../common/comments";
import type { Db } from "../db/client";
import { audioFiles } from "../db/schema";
import { badRequest } from "../lib/errors";
import { type AudioFileWithFlag, withTranscriptFlag } from "./audio-files";

export interface FileListQuery {
  /** undefined = every file, null = Common, else that folder. */
  folderId?: string | null | undefined;
  sort: FileSort;
  order: SortOrder;
  status?: FileStatus | undefined;
  reviewStatus?: ReviewStatus | undefined;
}

type CursorValue = string | number;
interface Cursor {
  s: FileSort;
  o: SortOrder;
  v: CursorValue;
  id: string;
}

/** The value each sort compares; a file without a measured duration sorts as the shortest. */
const SORT_EXPRESSIONS: Record<FileSort, SQL> = {
  name: sql`${audioFiles.name} COLLATE NOCASE`,
  created: sql`${audioFiles.createdAt}`,
  duration: sql`COALESCE(${audioFiles.durationSeconds}, -1)`,
  size: sql`${audioFiles.fileSize}`,
  status: sql`${audioFiles.status}`,
};

export function sortValue(row: AudioFileWithFlag, sort: FileSort): CursorValue {
  switch (sort) {
    case "name":
      return row.name;
    case "created":
      return row.createdAt;
    case "duration":
      return row.durationSeconds ?? -1;
    case "size":
      return row.fileSize;
    case "status":
      return row.status;
  }
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromBase64Url = (text: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));

export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify(cursor));
}

/** The cursor as sent back; one made for another sort or order is refused rather than misread. */
export function decodeCursor(text: string, sort: FileSort, order: SortOrder): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(text));
  } catch {
    throw badRequest(FILE_LIST_MESSAGES.cursorInvalid);
  }
  const c = parsed as Partial<Cursor> | null;
  const numeric = sort === "duration" || sort === "size";
  if (
    !c ||
    c.s !== sort ||
    c.o !== order ||
    typeof c.id !== "string" ||
    (numeric ? typeof c.v !== "number" || !Number.isFinite(c.v) : typeof c.v !== "string")
  )
    throw badRequest(FILE_LIST_MESSAGES.cursorInvalid);
  return { s: sort, o: order, v: c.v as CursorValue, id: c.id };
}

function scopeOf(workspaceId: string, query: FileListQuery): SQL {
  const parts: (SQL | undefined)[] = [eq(audioFiles.workspaceId, workspaceId)];
  if (query.folderId === null) parts.push(isNull(audioFiles.folderId));
  else if (query.folderId !== undefined) parts.push(eq(audioFiles.folderId, query.folderId));
  if (query.status) parts.push(eq(audioFiles.status, query.status));
  if (query.reviewStatus) parts.push(eq(audioFiles.reviewStatus, query.reviewStatus));
  return and(...parts) as SQL;
}

/** One page of a workspace's files and the cursor of the next (null on the last page). */
export async function listAudioFilePage(
  db: Db,
  workspaceId: string,
  query: FileListQuery,
  limit: number,
  cursorText?: string,
): Promise<{ rows: AudioFileWithFlag[]; nextCursor: string | null }> {
  const expr = SORT_EXPRESSIONS[query.sort];
  const desc = query.order === "desc";
  const conditions = [scopeOf(workspaceId, query)];
  if (cursorText !== undefined) {
    const c = decodeCursor(cursorText, query.sort, query.order);
    conditions.push(
      desc
        ? sql`(${expr} < ${c.v} OR (${expr} = ${c.v} AND ${audioFiles.id} < ${c.id}))`
        : sql`(${expr} > ${c.v} OR (${expr} = ${c.v} AND ${audioFiles.id} > ${c.id}))`,
    );
  }
  const direction = desc ? sql`DESC` : sql`ASC`;
  const rows = await db
    .select(withTranscriptFlag)
    .from(audioFiles)
    .where(and(...conditions))
    .orderBy(sql`${expr} ${direction}`, sql`${audioFiles.id} ${direction}`)
    .limit(limit + 1)
    .all();
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: more && last ? encodeCursor({ s: query.sort, o: query.order, v: sortValue(last, query.sort), id: last.id }) : null,
  };
}

/** The whole list in one answer (clients that do not ask for pages), in the chosen order. */
export async function listAllAudioFiles(db: Db, workspaceId: string, query: FileListQuery): Promise<AudioFileWithFlag[]> {
  const direction = query.order === "desc" ? sql`DESC` : sql`ASC`;
  return db
    .select(withTranscriptFlag)
    .from(audioFiles)
    .where(scopeOf(workspaceId, query))
    .orderBy(sql`${SORT_EXPRESSIONS[query.sort]} ${direction}`, sql`${audioFiles.id} ${direction}`)
    .all();
}
