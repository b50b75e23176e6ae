// Helpers for the transcript editing tests: a signed-in user with a stored
// transcript, calls to the editing endpoints, and direct reads of the owner's store.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { buildTranscriptRows } from "../../worker/transcripts/ingest";
import { saveNewTranscript } from "../../worker/transcripts/store";
import type { NormalizedTranscript, NormalizedUtterance } from "../../worker/transcription/types";
import type { OpBodies } from "../../common/transcript-ops";
import type { ClientResponse } from "hono/client";
import { type ApiResult, call, expectOk, type Json, typedApi } from "./helpers";
import { headerOf, inObject, objectUtterances } from "./store-helpers";
import { createUser, type TestUser } from "./library-helpers";

const word = (text: string, start: number, confidence = 0.9) => ({ text, start, end: start + 0.4, confidence, hasEntities: false });

/** `count` utterances of `wordsEach` words, speakers A and B alternating (C never speaks). */
export function sampleTranscript(count = 4, wordsEach = 4): NormalizedTranscript {
  let t = 0;
  const utterances: NormalizedUtterance[] = Array.from({ length: count }, (_, u) => {
    const words = Array.from({ length: wordsEach }, (_, w) => {
      const start = t;
      t += 0.5;
      return word(`u${u}w${w}`, start, 0.5 + ((u + w) % 5) / 10);
    });
    t += 1;
    return {
      speaker: u % 2 ? "B" : "A",
      start: words[0]!.start,
      end: words[words.length - 1]!.end,
      words,
      sentiment: null,
      sentimentConfidence: null,
    };
  });
  return { duration: t, speakers: ["A", "B"], utterances };
}

/** A transcript whose utterances say these lines (speaker A, B, A, …). */
export function saying(...lines: string[]): NormalizedTranscript {
  let t = 0;
  const utterances = lines.map((line, u) => {
    const words = line.split(" ").map((text) => {
      const start = t;
      t += 0.5;
      return { text, start, end: start + 0.4, confidence: 0.9, hasEntities: false };
    });
    t += 1;
    return {
      speaker: u % 2 ? "B" : "A",
      start: words[0]!.start,
      end: words.at(-1)!.end,
      words,
      sentiment: null,
      sentimentConfidence: null,
    };
  });
  return { duration: t, speakers: ["A", "B"], utterances };
}

export interface StoredTranscript {
  fileId: string;
  transcriptId: string;
}

/** A file of the user's being transcribed (its row only): what the transcription job finds. */
export async function insertProcessingFile(userId: string): Promise<{ fileId: string; now: string }> {
  const fileId = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO audio_files (id, workspace_id, uploaded_by, name, filename, storage_key, content_type, file_size, duration_seconds, status, created_at, updated_at) VALUES (?1, ?2, ?2, 'take.wav', 'take.wav', ?, 'audio/wav', 100, 60, 'processing', ?, ?)",
  )
    .bind(fileId, userId, `users/${userId}/${fileId}/take.wav`, now, now)
    .run();
  return { fileId, now };
}

/** An audio file of `user` with a transcript stored the way the transcription job stores it. */
/** A transcription that detected no language and left no notices. */
export const NO_FIELDS = { detectedLanguage: null, notices: null };

export async function storeTranscript(
  user: Pick<TestUser, "id">,
  result: NormalizedTranscript = sampleTranscript(),
): Promise<StoredTranscript> {
  const { fileId, now } = await insertProcessingFile(user.id);
  const rows = buildTranscriptRows({ id: fileId, workspaceId: user.id }, result, { service: "test", startedAt: now, completedAt: now });
  await saveNewTranscript(env, rows, now, NO_FIELDS);
  return { fileId, transcriptId: rows.transcript.id };
}

/** A signed-in user with one stored transcript. */
export async function userWithTranscript(prefix = "edit", result?: NormalizedTranscript) {
  const user = await createUser(prefix);
  const stored = await storeTranscript(user, result);
  return { user, ...stored };
}

export interface Opts {
  headers?: Record<string, string>;
}

// The reads go through the typed client (tsc checks their paths and parameters);
// their answers are handed on as Json because the editing tests index into them freely.
export const utterances = async (user: TestUser, fileId: string): Promise<Json[]> => {
  const { data } = await expectOk(
    await typedApi({ token: user.token }).transcripts[":id"].utterances.$get({ param: { id: fileId }, query: {} }),
  );
  if (!("data" in data)) throw new Error("Expected the answer in the API's own shape");
  return data.data;
};

export const transcript = async (user: TestUser, fileId: string): Promise<Json> =>
  (await expectOk(await typedApi({ token: user.token }).transcripts[":id"].$get({ param: { id: fileId } }))).data;

export const speakers = async (user: TestUser, fileId: string): Promise<Json[]> =>
  (await expectOk(await typedApi({ token: user.token }).transcripts[":id"].speakers.$get({ param: { id: fileId } }))).data;

export const history = async (user: TestUser, fileId: string): Promise<Json> =>
  (await expectOk(await typedApi({ token: user.token }).transcripts[":id"]["edit-history"].$get({ param: { id: fileId } }))).data;

// The operations go through the typed client too: tsc checks their paths and bodies
// against the routes. A body the API must refuse is sent with `rawOperation` instead.
const operation = (user: TestUser) => typedApi({ token: user.token }).transcripts[":id"].utterances[":utteranceId"];

const opArgs = <B>(fileId: string, utteranceId: string, json: B, opts: Opts) => ({
  args: { param: { id: fileId, utteranceId }, json },
  init: { headers: opts.headers ?? {} },
});

/** A typed answer read the way `call` reads it, so refusals (409, 404) can be asserted too. */
async function asResult(res: ClientResponse<unknown, number, string>): Promise<Omit<ApiResult, "res">> {
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export const updateWords = async (user: TestUser, fileId: string, utteranceId: string, body: OpBodies["update_words"], opts: Opts = {}) => {
  const { args, init } = opArgs(fileId, utteranceId, body, opts);
  return asResult(await operation(user).update_words.$patch(args, init));
};

export const split = async (user: TestUser, fileId: string, utteranceId: string, body: OpBodies["split"], opts: Opts = {}) => {
  const { args, init } = opArgs(fileId, utteranceId, body, opts);
  return asResult(await operation(user).split.$post(args, init));
};

export const merge = async (user: TestUser, fileId: string, targetId: string, body: OpBodies["merge"] = {}, opts: Opts = {}) => {
  const { args, init } = opArgs(fileId, targetId, body, opts);
  return asResult(await operation(user).merge.$post(args, init));
};

export const setSpeaker = async (user: TestUser, fileId: string, utteranceId: string, body: OpBodies["set_speaker"], opts: Opts = {}) => {
  const { args, init } = opArgs(fileId, utteranceId, body, opts);
  return asResult(await operation(user).$put(args, init));
};

/** An operation with a body the typed client would not let through (bad input on purpose). */
export const rawOperation = (user: TestUser, method: "PATCH" | "POST" | "PUT", path: string, body: unknown, opts: Opts = {}) =>
  call(method, path, body, { token: user.token, headers: opts.headers });

export const undo = (user: TestUser, fileId: string, opts: Opts = {}) =>
  call("POST", `/transcripts/${fileId}/edit-history/undo`, undefined, { token: user.token, headers: opts.headers });

export const redo = (user: TestUser, fileId: string, opts: Opts = {}) =>
  call("POST", `/transcripts/${fileId}/edit-history/redo`, undefined, { token: user.token, headers: opts.headers });

/** Undo and redo that must succeed, through the typed client (undo/redo above also send what must be refused). */
export const undoOk = async (user: TestUser, fileId: string) =>
  (await expectOk(await typedApi({ token: user.token }).transcripts[":id"]["edit-history"].undo.$post({ param: { id: fileId } }))).data;

export const redoOk = async (user: TestUser, fileId: string) =>
  (await expectOk(await typedApi({ token: user.token }).transcripts[":id"]["edit-history"].redo.$post({ param: { id: fileId } }))).data;

/** The words of an utterance as update_words entries that change nothing. */
export const unchangedWords = (u: Json) => u.transcriptWords.map((w: Json) => ({ id: w.id }));

/** Statistics recomputed from the stored rows, to compare with the running ones. */
export async function recomputedStats(transcriptId: string) {
  const header = await headerOf(transcriptId);
  const rows = await inObject(header.fileId, (sql) => objectUtterances(sql, header.fileId));
  const words = rows.flatMap((r) => r.words);
  return {
    words: words.length,
    confidenceSum: words.reduce((sum, w) => sum + w.c, 0),
    speakers: new Set(rows.map((r) => r.speaker)).size,
  };
}

type StoredStats = {
  word_count: number;
  confidence_sum: number;
  accuracy_percentage: number;
  speaker_count: number;
  history_index: number;
};

export async function storedStats(transcriptId: string): Promise<StoredStats> {
  const columns = "word_count, confidence_sum, accuracy_percentage, speaker_count, history_index";
  const header = await headerOf(transcriptId);
  return inObject(header.fileId, (sql) =>
    sql.exec<StoredStats>(`SELECT ${columns} FROM transcripts WHERE file_id = ?`, header.fileId).one(),
  );
}

/** The running statistics equal what the rows say. */
export async function expectStatsConsistent(transcriptId: string) {
  const [stored, actual] = await Promise.all([storedStats(transcriptId), recomputedStats(transcriptId)]);
  expect(stored.word_count).toBe(actual.words);
  expect(stored.confidence_sum).toBeCloseTo(actual.confidenceSum, 6);
  const exact = actual.words ? (actual.confidenceSum / actual.words) * 100 : 0;
  expect(Math.abs(stored.accuracy_percentage - exact)).toBeLessThanOrEqual(0.05 + 1e-9);
  expect(stored.speaker_count).toBe(actual.speakers);
}

type HistoryRow = { seq: number; type: string; summary: string; op_id: string | null };

export async function historyRows(transcriptId: string): Promise<HistoryRow[]> {
  const header = await headerOf(transcriptId);
  return inObject(header.fileId, (sql) =>
    sql
      .exec<HistoryRow>(
        "SELECT h.seq, h.type, h.summary, h.op_id FROM history h JOIN transcripts t ON t.id = h.transcript WHERE t.file_id = ? ORDER BY h.seq",
        header.fileId,
      )
      .toArray(),
  );
}
