// What a transcript room owes its workspace's index (decision 053). Each change marks what it
// touched in `index_outbox`, in the change's own transaction; the room then sends the rows as they
// are now (so sends may repeat or cross without harm) and forgets what it sent. A room moved to
// another workspace owes the new one its whole transcript.
import { defaultSpeakerName } from "../../core/speaker-stats";
import type { IndexedDetails, IndexedPassage, IndexFeed } from "../workspace-index/feed";
import { RECORD_COLUMNS, readRecords, storeIds, toState, type UtteranceRecord } from "./layout";
import { locateUtterance } from "./rows";

export type OwedKind = "whole" | "details" | "u" | "x";

/** Marks what a change touched: utterance ids it wrote ("u") or removed ("x"), the file-wide texts, or all. */
export function owe(sql: SqlStorage, kind: OwedKind, refs: readonly string[] = [null as unknown as string]): void {
  for (const ref of refs) sql.exec("INSERT INTO index_outbox (kind, ref) VALUES (?, ?)", kind, ref ?? null);
}

export const oweWhole = (sql: SqlStorage) => owe(sql, "whole");

/** The workspace whose index this room feeds (null before its first transcript). */
export function roomWorkspace(sql: SqlStorage): string | null {
  return sql.exec<{ workspace_id: string }>("SELECT workspace_id FROM room_meta").toArray()[0]?.workspace_id ?? null;
}

export function setRoomWorkspace(sql: SqlStorage, workspaceId: string): void {
  sql.exec(
    "INSERT INTO room_meta (one, workspace_id) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET workspace_id = excluded.workspace_id",
    workspaceId,
  );
}

const passageOf = (sql: SqlStorage, row: UtteranceRecord): IndexedPassage => {
  const state = toState(storeIds(sql), row, -1);
  return {
    ref_id: state.id,
    order_key: row.order_key,
    speaker: state.speakerId,
    start_time: state.startTime,
    end_time: state.endTime,
    body: state.transcriptWords.map((w) => w.text).join(" "),
  };
};

const SELECT = `SELECT ${RECORD_COLUMNS} FROM utterances u JOIN speakers s ON s.id = u.speaker`;

function details(sql: SqlStorage, transcript: number): IndexedDetails {
  const ids = storeIds(sql);
  const speakers = sql
    .exec<{ id: number; client_id: string | null; name: string | null; position: number }>(
      "SELECT id, client_id, name, position FROM speakers WHERE transcript = ? ORDER BY position",
      transcript,
    )
    .toArray()
    .map((s) => ({
      ref_id: ids.speaker(s.id, s.client_id),
      display: s.name ?? defaultSpeakerName(s),
      named: (s.name ?? "").trim() !== "",
    }));
  const t = sql
    .exec<{ summary: string | null; notes: string | null }>("SELECT summary, notes FROM transcripts WHERE id = ?", transcript)
    .one();
  return { speakers, summary: t.summary, notes: t.notes };
}

/** What the room owes now, up to outbox row `upTo`; null when nothing (or no transcript yet). */
export function owedFeed(sql: SqlStorage): { feed: IndexFeed; upTo: number } | null {
  const owed = sql
    .exec<{ seq: number; kind: OwedKind; ref: string | null }>("SELECT seq, kind, ref FROM index_outbox ORDER BY seq")
    .toArray();
  if (!owed.length) return null;
  const upTo = owed.at(-1)!.seq;
  const t = sql.exec<{ id: number }>("SELECT id FROM transcripts LIMIT 1").toArray()[0];
  if (!t) return { feed: { kind: "whole", details: { speakers: [], summary: null, notes: null }, passages: [] }, upTo };
  const rows = (where: string, ...binds: unknown[]) =>
    readRecords(sql.exec(`${SELECT} WHERE u.transcript = ? ${where} ORDER BY u.order_key`, t.id, ...binds));
  if (owed.some((o) => o.kind === "whole")) {
    return { feed: { kind: "whole", details: details(sql, t.id), passages: rows("").map((r) => passageOf(sql, r)) }, upTo };
  }
  const touched = [...new Set(owed.filter((o) => o.kind === "u" || o.kind === "x").map((o) => o.ref!))];
  const keys = touched.flatMap((id) => {
    const at = locateUtterance(sql, id);
    return at && at.transcript === t.id ? [at.key] : [];
  });
  const present = keys.length ? rows("AND u.id IN (SELECT value FROM json_each(?))", JSON.stringify(keys)) : [];
  const written = present.map((r) => passageOf(sql, r));
  const kept = new Set(written.map((p) => p.ref_id));
  return {
    feed: {
      kind: "changes",
      details: owed.some((o) => o.kind === "details") ? details(sql, t.id) : null,
      passages: written,
      removed: touched.filter((id) => !kept.has(id)),
    },
    upTo,
  };
}

/** The index took the feed: what it covered is no longer owed. */
export function fed(sql: SqlStorage, upTo: number): void {
  sql.exec("DELETE FROM index_outbox WHERE seq <= ?", upTo);
}
