// Where a transcript's content lives (decision 023): D1's tables, or the owner's own object.
// `transcripts.store` in D1 says which; D1 always decides that a transcript exists and whose it
// is (rule 1), and every call below starts from a row read from D1 for the signed-in user or a
// share's owner. Callers read and write through these functions, never a store directly.
import type { CompactUtterances } from "../../common/compact-utterances";
import type { ReplaceSpec } from "../../common/replace-match";
import type { SpeakerDto, TranscriptDto, UtteranceDto } from "../../common/transcript";
import type { EditHistoryDto, OpRequest, TranscriptFields, UtteranceState } from "../../common/transcript-ops";
import { type StoreAnswer, unwrap } from "../../durable-objects/transcript-store/answer";
import { userStore } from "../channel";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { TranscriptRow } from "../db/schema";
import { conflict } from "../lib/errors";
import { readyStatement } from "../library/file-status";
import { createSpeaker, deleteSpeaker, updateFields, updateSpeaker } from "./details-edits";
import { getEditHistory, stepHistory } from "./history";
import { saveTranscript, type TranscriptRows, transcriptRowStatements } from "./ingest";
import { mergeSpeakers } from "./merge-speakers";
import { type EditOutcome, runOperation } from "./operations";
import { type ReplaceOutcome, runReplace } from "./replace";
import {
  compactUtterancesOfFile,
  currentStates,
  getOwnedTranscript,
  listSpeakers,
  listUtterances,
  toTranscriptDto,
  utterancesJson,
  utterancesJsonOfFile,
} from "./read";

type Header = Pick<TranscriptRow, "id" | "audioFileId" | "userId" | "store">;

/** The answer of an edit to a transcript the object store holds: it takes no edits until the move is complete. */
export const OBJECT_STORE_READ_ONLY = "This transcript cannot be changed yet: its store does not take edits";

const object = (env: Env, row: Header) => userStore(env, row.userId);
/** An object's answer as the value it is: RPC's types widen tuples to arrays. */
const answered = <T>(value: unknown): T => unwrap(value as StoreAnswer<T>);

/** The caller's transcript, for a change: 404 when it is not theirs, 409 while its store takes no edits. */
export async function getEditableTranscript(db: Db, userId: string, audioFileId: string): Promise<TranscriptRow> {
  const row = await getOwnedTranscript(db, userId, audioFileId);
  if (row.store !== "d1") throw conflict(OBJECT_STORE_READ_ONLY);
  return row;
}

/** The transcript as GET /transcripts/{id} answers it. */
export async function readTranscript(env: Env, db: Db, row: TranscriptRow): Promise<TranscriptDto> {
  if (row.store === "d1") return toTranscriptDto(row, await listSpeakers(db, row.id));
  const dto = await object(env, row).openTranscript(row.audioFileId);
  // The header says the object holds it; an object without it is a broken invariant, not a user error.
  if (!dto) throw new Error(`Transcript ${row.id} is missing from its user's store`);
  return dto;
}

export async function readSpeakers(env: Env, db: Db, row: Header): Promise<SpeakerDto[]> {
  return row.store === "d1" ? listSpeakers(db, row.id) : object(env, row).transcriptSpeakers(row.audioFileId);
}

/** Every utterance in order, as objects (exports, summaries). */
export async function readUtterances(env: Env, db: Db, row: Header): Promise<UtteranceDto[]> {
  if (row.store === "d1") return listUtterances(db, row.id);
  return JSON.parse(await object(env, row).utterancesJson(row.audioFileId)) as UtteranceDto[];
}

/** Every utterance in order, as the API's JSON text. */
export async function readUtterancesJson(env: Env, db: Db, row: Header): Promise<string> {
  return row.store === "d1" ? utterancesJson(db, row.id) : object(env, row).utterancesJson(row.audioFileId);
}

/** The same in the compact shape. */
export async function readCompactUtterances(env: Env, db: Db, row: Header): Promise<CompactUtterances> {
  return row.store === "d1"
    ? compactUtterancesOfFile(db, row.userId, row.audioFileId)
    : // RPC's types widen tuples to arrays; the value is the object's CompactUtterances as it is.
      ((await object(env, row).compactUtterances(row.audioFileId)) as unknown as CompactUtterances);
}

/** Current states of the named utterances, in order; unknown ids are absent. */
export async function readCurrentStates(env: Env, db: Db, row: Header, ids: readonly string[]): Promise<UtteranceState[]> {
  return row.store === "d1" ? currentStates(db.$client, row.id, ids) : object(env, row).currentStates(row.audioFileId, [...ids]);
}

/**
 * The owner's transcript of a file and its utterances, as JSON text or in the compact shape.
 * D1's read runs alongside the ownership check (it checks ownership itself); only a
 * transcript held by the object waits for the check before its read.
 */
export async function ownedUtterances(env: Env, db: Db, userId: string, audioFileId: string, format: "json"): Promise<string>;
export async function ownedUtterances(env: Env, db: Db, userId: string, audioFileId: string, format: "compact"): Promise<CompactUtterances>;
export async function ownedUtterances(env: Env, db: Db, userId: string, audioFileId: string, format: "json" | "compact") {
  const [row, fromD1] = await Promise.all([
    getOwnedTranscript(db, userId, audioFileId),
    format === "json" ? utterancesJsonOfFile(db, userId, audioFileId) : compactUtterancesOfFile(db, userId, audioFileId),
  ]);
  if (row.store === "d1") return fromD1;
  return format === "json" ? readUtterancesJson(env, db, row) : readCompactUtterances(env, db, row);
}

/**
 * Writes a finished transcription and marks the file ready. A file that has a transcript
 * keeps its store; a new one goes where the configuration says. In the object store the
 * content is written first, then D1's header row and the file's status in one batch (rule 2):
 * a crash between them leaves the file processing, and the retried job writes both again.
 */
export async function saveNewTranscript(env: Env, config: Config, rows: TranscriptRows, run: string): Promise<void> {
  const t = rows.transcript;
  const existing = await env.DB.prepare("SELECT store FROM transcripts WHERE audio_file_id = ?")
    .bind(t.audioFileId)
    .first<{ store: "d1" | "object" }>();
  if ((existing?.store ?? config.TRANSCRIPT_STORE) === "d1") {
    await saveTranscript(env.DB, rows);
    return;
  }
  const store = object(env, { ...t, store: "object" });
  await store.ingestTranscript(rows, run);
  const db = env.DB;
  await d1AfterObject(db, t.audioFileId, () => store.purgeTranscripts([t.audioFileId]), [
    ...transcriptRowStatements(db, t, "object"),
    readyStatement(db, t.audioFileId, t.transcriptionService, t.duration, t.completedAt),
  ]);
}

/**
 * D1's half of a write the object made first. When it fails because the file was deleted
 * meanwhile, the object's half goes too: nothing else would ever remove it.
 */
async function d1AfterObject(db: D1Database, fileId: string, undo: () => Promise<unknown>, statements: D1PreparedStatement[]) {
  try {
    await db.batch(statements);
  } catch (error) {
    const file = await db.prepare("SELECT 1 FROM audio_files WHERE id = ?").bind(fileId).first();
    if (!file) await undo();
    throw error;
  }
}

/** Before files leave D1: their transcripts leave the owner's object (rule 5). */
export async function purgeStoredTranscripts(env: Env, files: readonly { id: string; userId: string }[]): Promise<void> {
  const byUser = new Map<string, string[]>();
  for (const f of files) byUser.set(f.userId, [...(byUser.get(f.userId) ?? []), f.id]);
  const held = await env.DB.prepare(
    "SELECT audio_file_id AS id FROM transcripts WHERE store = 'object' AND audio_file_id IN (SELECT value FROM json_each(?))",
  )
    .bind(JSON.stringify(files.map((f) => f.id)))
    .all<{ id: string }>();
  const inObjects = new Set(held.results.map((r) => r.id));
  for (const [userId, ids] of byUser) {
    const mine = ids.filter((id) => inObjects.has(id));
    if (mine.length) await userStore(env, userId).purgeTranscripts(mine);
  }
}

/** One editing operation (update words, split, merge, change speaker). */
export async function runEdit(env: Env, row: Header, req: OpRequest, opId: string | null): Promise<EditOutcome> {
  if (row.store === "d1") return runOperation(env.DB, row, req, opId);
  return answered<EditOutcome>(await object(env, row).runOperation(row.audioFileId, req, opId));
}

export async function readHistory(env: Env, row: Header): Promise<EditHistoryDto> {
  return row.store === "d1" ? getEditHistory(env.DB, row) : object(env, row).editHistory(row.audioFileId);
}

export async function stepEdit(env: Env, db: Db, row: Header, direction: "undo" | "redo"): Promise<EditOutcome> {
  if (row.store === "d1") return stepHistory(env.DB, db, row, direction);
  return answered<EditOutcome>(await object(env, row).stepHistory(row.audioFileId, direction));
}

type SpeakerInput = { name?: string | undefined; role: string | null };

export async function addSpeaker(
  env: Env,
  db: Db,
  row: Header,
  input: SpeakerInput,
): Promise<{ outcome: EditOutcome; speaker: SpeakerDto }> {
  if (row.store === "d1") return createSpeaker(env.DB, db, row, input);
  return answered(await object(env, row).createSpeaker(row.audioFileId, input));
}

/** A rename or role change (no outcome when nothing changed), and the speaker as it now is. */
export async function changeSpeaker(
  env: Env,
  db: Db,
  row: Header,
  speakerId: string,
  input: { name: string; role: string | null },
): Promise<{ outcome: EditOutcome | null; speaker: SpeakerDto }> {
  if (row.store !== "d1") return answered(await object(env, row).updateSpeaker(row.audioFileId, speakerId, input));
  const outcome = await updateSpeaker(env.DB, row, speakerId, input);
  return { outcome, speaker: (await listSpeakers(db, row.id)).find((s) => s.id === speakerId)! };
}

export async function removeSpeaker(env: Env, row: Header, speakerId: string): Promise<{ outcome: EditOutcome; label: string }> {
  if (row.store === "d1") return deleteSpeaker(env.DB, row, speakerId);
  return answered(await object(env, row).deleteSpeaker(row.audioFileId, speakerId));
}

/** Summary and/or notes; no outcome when neither changed. */
export async function changeFields(env: Env, row: TranscriptRow, input: TranscriptFields): Promise<EditOutcome | null> {
  if (row.store === "d1") return updateFields(env.DB, row, input);
  return answered(await object(env, row).updateFields(row.audioFileId, input));
}

/** Replace all over the transcript: one history entry naming the utterances it changed. */
export async function replaceEverywhere(env: Env, row: Header, spec: ReplaceSpec, opId: string | null): Promise<ReplaceOutcome> {
  if (row.store === "d1") return runReplace(env.DB, row, spec, opId);
  return answered<ReplaceOutcome>(await object(env, row).replaceAll(row.audioFileId, spec, opId));
}

/** One speaker's utterances become another's and the speaker goes; the outcome carries the speakers as they now are. */
export async function mergeSpeakerInto(
  env: Env,
  db: Db,
  row: Header,
  speakerId: string,
  intoSpeakerId: string,
  opId: string | null,
): Promise<EditOutcome> {
  const outcome =
    row.store === "d1"
      ? await mergeSpeakers(env.DB, row, speakerId, intoSpeakerId, opId)
      : answered<EditOutcome>(await object(env, row).mergeSpeakers(row.audioFileId, speakerId, intoSpeakerId, opId));
  return { ...outcome, result: { ...outcome.result, speakers: await readSpeakers(env, db, row) } };
}
