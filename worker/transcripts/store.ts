// Where a transcript's content lives (decision 023): D1's tables, or the owner's own object.
// `transcripts.store` in D1 says which; D1 always decides that a transcript exists and whose it
// is (rule 1), and every call below starts from a row read from D1 for the signed-in user or a
// share's owner. Callers read and write through these functions, never a store directly.
import type { CompactUtterances } from "../../common/compact-utterances";
import { languageName } from "../../common/languages";
import type { ReplaceSpec } from "../../common/replace-match";
import type { SpeakerDto, TranscriptDto, UtteranceDto } from "../../common/transcript";
import type { EditHistoryDto, OpRequest, TranscriptFields, UtteranceState } from "../../common/transcript-ops";
import { type StoreAnswer, unwrap } from "../../durable-objects/transcript-store/answer";
import { userStore } from "../channel";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { AudioFileRow, TranscriptRow } from "../db/schema";
import { readyAfterMergeStatement, readyStatement } from "../library/file-status";
import { createSpeaker, deleteSpeaker, updateFields, updateSpeaker } from "./details-edits";
import { getEditHistory, stepHistory } from "./history";
import { saveTranscript, type TranscriptRows, transcriptRowStatements } from "./ingest";
import { mergeSpeakers } from "./merge-speakers";
import { movedToObject } from "./move";
import { type EditOutcome, runOperation } from "./operations";
import {
  correctedUtteranceCount,
  type DescribedFile,
  type FileFields,
  type MergeOutcome,
  mergeRetranscription,
  type RetranscriptionLabel,
} from "./retranscribe";
import { retranscriptionSummary } from "./retranscribe-merge";
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

const object = (env: Env, row: Header) => userStore(env, row.userId);
/** An object's answer as the value it is: RPC's types widen tuples to arrays. */
const answered = <T>(value: unknown): T => unwrap(value as StoreAnswer<T>);

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

/**
 * D1's read of a transcript's utterances, unless it found none because the transcript moved to
 * its owner's object after its header was read (decision 023, step 3): then the object's.
 */
async function fromD1Unless<T>(env: Env, row: Header, fromD1: T, found: boolean, inObject: () => Promise<T>): Promise<T> {
  if (found || !(await movedToObject(env.DB, row.id))) return fromD1;
  return inObject();
}

const objectJson = (env: Env, row: Header) => object(env, row).utterancesJson(row.audioFileId);
// RPC's types widen tuples to arrays; the value is the object's CompactUtterances as it is.
const objectCompact = async (env: Env, row: Header) =>
  (await object(env, row).compactUtterances(row.audioFileId)) as unknown as CompactUtterances;

/** Every utterance in order, as objects (exports, summaries). */
export async function readUtterances(env: Env, db: Db, row: Header): Promise<UtteranceDto[]> {
  const inObject = async () => JSON.parse(await objectJson(env, row)) as UtteranceDto[];
  if (row.store !== "d1") return inObject();
  const list = await listUtterances(db, row.id);
  return fromD1Unless(env, row, list, list.length > 0, inObject);
}

/** Every utterance in order, as the API's JSON text. */
export async function readUtterancesJson(env: Env, db: Db, row: Header): Promise<string> {
  if (row.store !== "d1") return objectJson(env, row);
  const json = await utterancesJson(db, row.id);
  return fromD1Unless(env, row, json, json !== "[]", () => objectJson(env, row));
}

/** The same in the compact shape. */
export async function readCompactUtterances(env: Env, db: Db, row: Header): Promise<CompactUtterances> {
  if (row.store !== "d1") return objectCompact(env, row);
  const compact = await compactUtterancesOfFile(db, row.userId, row.audioFileId);
  return fromD1Unless(env, row, compact, compact.utterances.length > 0, () => objectCompact(env, row));
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
  if (row.store !== "d1") return format === "json" ? objectJson(env, row) : objectCompact(env, row);
  return typeof fromD1 === "string"
    ? fromD1Unless(env, row, fromD1, fromD1 !== "[]", () => objectJson(env, row))
    : fromD1Unless(env, row, fromD1, fromD1.utterances.length > 0, () => objectCompact(env, row));
}

/** Which store holds the file's transcript (the owner's, when `userId` is given); null without one. */
async function storeOfFile(d1: D1Database, fileId: string, userId?: string): Promise<"d1" | "object" | null> {
  const mine = userId === undefined ? "" : " AND user_id = ?";
  const row = await d1
    .prepare(`SELECT store FROM transcripts WHERE audio_file_id = ?${mine}`)
    .bind(...(userId === undefined ? [fileId] : [fileId, userId]))
    .first<{ store: "d1" | "object" }>();
  return row?.store ?? null;
}

/**
 * Writes a finished transcription and marks the file ready. A file that has a transcript
 * keeps its store; a new one goes where the configuration says. In the object store the
 * content is written first, then D1's header row and the file's status in one batch (rule 2):
 * a crash between them leaves the file processing, and the retried job writes both again.
 */
export async function saveNewTranscript(env: Env, config: Config, rows: TranscriptRows, run: string, fields: FileFields): Promise<void> {
  const t = rows.transcript;
  if (((await storeOfFile(env.DB, t.audioFileId)) ?? config.TRANSCRIPT_STORE) === "d1") {
    await saveTranscript(env.DB, rows);
    return;
  }
  const store = object(env, { ...t, store: "object" });
  await store.ingestTranscript(rows, run, fields);
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

/**
 * A new recognition of a file that has a transcript, merged in around the user's corrections
 * (decision 017); null when it has none (the caller saves a fresh one). In the user's object the
 * merge commits first, then D1's copy of the file fields and the ready mark, guarded by the run
 * (rule 2): `{merged: false}` when another delivery finished the file meanwhile.
 */
export async function mergeNewRecognition(
  env: Env,
  rows: TranscriptRows,
  fields: FileFields,
  opts: { file: Pick<AudioFileRow, "processingStartedAt">; run: string; discardCorrections: boolean; label: RetranscriptionLabel },
): Promise<MergeOutcome | null> {
  const t = rows.transcript;
  const store = await storeOfFile(env.DB, t.audioFileId);
  if (!store) return null;
  const { discardCorrections, label } = opts;
  if (store === "d1") {
    return mergeRetranscription(env.DB, rows, fields, {
      discardCorrections,
      summary: (kept) => retranscriptionSummary(label.serviceLabel, label, kept, discardCorrections, languageName),
    });
  }
  const merged = await userStore(env, t.userId).mergeRetranscription({ rows, fields, run: opts.run, discardCorrections, label });
  if (!merged) return null;
  const db = env.DB;
  const [, ready] = await db.batch([
    describedFileStatement(db, t.audioFileId, merged.file),
    readyAfterMergeStatement(db, t.audioFileId, opts.file.processingStartedAt, merged.duration, t.completedAt),
  ]);
  if (!ready!.meta.changes) return { merged: false };
  return { merged: true, kept: merged.kept, hadSummary: merged.hadSummary };
}

/** D1's copy of the file fields a user's store changed, unless it holds a newer one (rule 4). */
function describedFileStatement(db: D1Database, fileId: string, file: DescribedFile): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE audio_files SET transcription_service = ?1, detected_language = ?2, transcription_notices = ?3, transcript_fields_seq = ?4
       WHERE id = ?5 AND transcript_fields_seq < ?4`,
    )
    .bind(file.service, file.detectedLanguage, file.notices ? JSON.stringify(file.notices) : null, file.seq, fileId);
}

/** How many utterances of the file a re-transcription would keep; 0 without a transcript. */
export async function correctedUtterances(env: Env, userId: string, audioFileId: string): Promise<number> {
  if ((await storeOfFile(env.DB, audioFileId, userId)) === "object") return userStore(env, userId).correctedCount(audioFileId);
  return correctedUtteranceCount(env.DB, userId, audioFileId);
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

/**
 * A write to the store the header named. When D1's write fails because the transcript was moved
 * to its owner's object meanwhile (decision 023, step 3: D1's guards refuse it), it runs there.
 */
async function written<T>(env: Env, row: Header, inD1: () => Promise<T>, inObject: () => Promise<T>): Promise<T> {
  if (row.store !== "d1") return inObject();
  try {
    return await inD1();
  } catch (error) {
    if (!(await movedToObject(env.DB, row.id))) throw error;
    return inObject();
  }
}

/** One editing operation (update words, split, merge, change speaker). */
export async function runEdit(env: Env, row: Header, req: OpRequest, opId: string | null): Promise<EditOutcome> {
  return written(
    env,
    row,
    () => runOperation(env.DB, row, req, opId),
    async () => answered<EditOutcome>(await object(env, row).runOperation(row.audioFileId, req, opId)),
  );
}

export async function readHistory(env: Env, row: Header): Promise<EditHistoryDto> {
  return row.store === "d1" ? getEditHistory(env.DB, row) : object(env, row).editHistory(row.audioFileId);
}

export async function stepEdit(env: Env, db: Db, row: Header, direction: "undo" | "redo"): Promise<EditOutcome> {
  return written(
    env,
    row,
    () => stepHistory(env.DB, db, row, direction),
    async () => {
      const stepped = answered<EditOutcome & { file?: DescribedFile }>(await object(env, row).stepHistory(row.audioFileId, direction));
      const { file, ...outcome } = stepped;
      // A re-transcription's undo or redo brought back its file fields: D1's copy follows.
      if (file) await describedFileStatement(env.DB, row.audioFileId, file).run();
      return outcome;
    },
  );
}

type SpeakerInput = { name?: string | undefined; role: string | null };

export async function addSpeaker(
  env: Env,
  db: Db,
  row: Header,
  input: SpeakerInput,
): Promise<{ outcome: EditOutcome; speaker: SpeakerDto }> {
  return written(
    env,
    row,
    () => createSpeaker(env.DB, db, row, input),
    async () => answered(await object(env, row).createSpeaker(row.audioFileId, input)),
  );
}

/** A rename or role change (no outcome when nothing changed), and the speaker as it now is. */
export async function changeSpeaker(
  env: Env,
  db: Db,
  row: Header,
  speakerId: string,
  input: { name: string; role: string | null },
): Promise<{ outcome: EditOutcome | null; speaker: SpeakerDto }> {
  return written(
    env,
    row,
    async () => {
      const outcome = await updateSpeaker(env.DB, row, speakerId, input);
      return { outcome, speaker: (await listSpeakers(db, row.id)).find((s) => s.id === speakerId)! };
    },
    async () => answered(await object(env, row).updateSpeaker(row.audioFileId, speakerId, input)),
  );
}

export async function removeSpeaker(env: Env, row: Header, speakerId: string): Promise<{ outcome: EditOutcome; label: string }> {
  return written(
    env,
    row,
    () => deleteSpeaker(env.DB, row, speakerId),
    async () => answered(await object(env, row).deleteSpeaker(row.audioFileId, speakerId)),
  );
}

/** Summary and/or notes; no outcome when neither changed. */
export async function changeFields(env: Env, row: TranscriptRow, input: TranscriptFields): Promise<EditOutcome | null> {
  return written(
    env,
    row,
    () => updateFields(env.DB, row, input),
    async () => answered(await object(env, row).updateFields(row.audioFileId, input)),
  );
}

/** Replace all over the transcript: one history entry naming the utterances it changed. */
export async function replaceEverywhere(env: Env, row: Header, spec: ReplaceSpec, opId: string | null): Promise<ReplaceOutcome> {
  return written(
    env,
    row,
    () => runReplace(env.DB, row, spec, opId),
    async () => answered<ReplaceOutcome>(await object(env, row).replaceAll(row.audioFileId, spec, opId)),
  );
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
  const withSpeakers = (outcome: EditOutcome, speakers: SpeakerDto[]) => ({ ...outcome, result: { ...outcome.result, speakers } });
  return written(
    env,
    row,
    async () => withSpeakers(await mergeSpeakers(env.DB, row, speakerId, intoSpeakerId, opId), await listSpeakers(db, row.id)),
    async () => {
      const store = object(env, row);
      const outcome = answered<EditOutcome>(await store.mergeSpeakers(row.audioFileId, speakerId, intoSpeakerId, opId));
      return withSpeakers(outcome, await store.transcriptSpeakers(row.audioFileId));
    },
  );
}
