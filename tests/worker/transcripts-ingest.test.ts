import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { initialKeys } from "../../common/order-keys";
import { getDb } from "../../worker/db/client";
import { listSpeakers, listUtterances, utterancesJson, wordsJson } from "../../worker/transcripts/read";
import { toStoredWords } from "../../worker/transcripts/rows";
import { buildTranscriptRows, saveTranscript } from "../../worker/transcripts/ingest";
import type { NormalizedTranscript } from "../../worker/transcription/types";

async function seedFile() {
  const userId = crypto.randomUUID();
  const fileId = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, full_name, created_at, updated_at) VALUES (?, ?, 'S', ?, ?)").bind(
      userId,
      `${userId}@x.test`,
      now,
      now,
    ),
    env.DB.prepare(
      "INSERT INTO audio_files (id, user_id, name, filename, storage_key, content_type, file_size, status, created_at, updated_at) VALUES (?, ?, 'a.wav', 'a.wav', ?, 'audio/wav', 10, 'processing', ?, ?)",
    ).bind(fileId, userId, `users/${userId}/${fileId}`, now, now),
  ]);
  return { id: fileId, userId };
}

const word = (text: string, start: number, confidence = 0.9, hasEntities = false) => ({
  text,
  start,
  end: start + 0.4,
  confidence,
  hasEntities,
});

const sample: NormalizedTranscript = {
  duration: 10,
  speakers: ["A", "B", "C"],
  utterances: [
    {
      speaker: "A",
      start: 0,
      end: 1.4,
      words: [word("Hello", 0, 1), word("there.", 0.5, 0.6)],
      sentiment: "positive",
      sentimentConfidence: 0.7,
    },
    {
      speaker: "B",
      start: 2,
      end: 5.4,
      words: [word("Hi", 2), word("Paris", 3, 0.5, true), word("team.", 5, 0.9)],
      sentiment: null,
      sentimentConfidence: null,
    },
    { speaker: "A", start: 6, end: 6.4, words: [word("Bye.", 6, 0)], sentiment: "neutral", sentimentConfidence: 0.5 },
    // An utterance without words is dropped; speaker C never speaks, so it is not stored.
    { speaker: "C", start: 7, end: 7, words: [], sentiment: null, sentimentConfidence: null },
  ],
};

describe("transcript storage", () => {
  it("stores one row per utterance with words inside and computes the statistics", async () => {
    const file = await seedFile();
    const rows = buildTranscriptRows(file, sample, {
      service: "test",
      startedAt: "2026-01-01T00:00:00.000Z",
      completedAt: "2026-01-01T00:01:00.000Z",
    });
    expect(rows.transcript).toMatchObject({ wordCount: 6, speakerCount: 2, duration: 10, transcriptionService: "test" });
    expect(rows.transcript.accuracyPercentage).toBeCloseTo(((1 + 0.6 + 0.9 + 0.5 + 0.9 + 0) / 6) * 100, 1);
    const saved = await saveTranscript(env.DB, rows);
    expect(saved.rowsWritten).toBeGreaterThanOrEqual(1 + 2 + 3 + 1);

    const counts = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM transcripts WHERE audio_file_id = ?1) t, (SELECT count(*) FROM utterances u JOIN transcripts x ON x.id = u.transcript_id WHERE x.audio_file_id = ?1) u",
    )
      .bind(file.id)
      .first();
    expect(counts).toEqual({ t: 1, u: 3 });
    const status = await env.DB.prepare("SELECT status FROM audio_files WHERE id = ?").bind(file.id).first("status");
    expect(status).toBe("ready");

    const utterances = await listUtterances(getDb(env.DB), rows.transcript.id);
    expect(utterances.map((u) => u.transcriptWords.map((w) => w.text).join(" "))).toEqual(["Hello there.", "Hi Paris team.", "Bye."]);
    expect(utterances[1]!.transcriptWords[1]).toMatchObject({
      text: "Paris",
      hasEntities: true,
      confidenceScore: 0.5,
      startTime: 3,
      endTime: 3.4,
      position: 1,
    });
    expect(utterances[0]).toMatchObject({ sentiment: "positive", sentimentConfidence: 0.7, position: 0, startTime: 0, endTime: 1.4 });
    // Fractional order keys from the same scheme the editor uses; every utterance starts at version 1.
    expect(utterances.map((u) => [u.orderKey, u.version, u.position])).toEqual(initialKeys(3).map((key, i) => [key, 1, i]));
    const stats = await env.DB.prepare("SELECT confidence_sum, history_index FROM transcripts WHERE id = ?")
      .bind(rows.transcript.id)
      .first<{ confidence_sum: number; history_index: number }>();
    expect(stats!.confidence_sum).toBeCloseTo(1 + 0.6 + 0.9 + 0.5 + 0.9 + 0, 9);
    expect(stats!.history_index).toBe(-1);
    const ids = utterances.flatMap((u) => u.transcriptWords.map((w) => w.id));
    expect(new Set(ids).size).toBe(ids.length);

    const speakers = await listSpeakers(getDb(env.DB), rows.transcript.id);
    expect(speakers.map((s) => [s.originalLabel, s.displayName, s.utteranceCount])).toEqual([
      ["A", "Speaker 1", 2],
      ["B", "Speaker 2", 1],
    ]);
    expect(speakers[0]!.speakingPercentage + speakers[1]!.speakingPercentage).toBeCloseTo(100, 0);
  });

  it("replaces the transcript when the same file is stored again (redelivered job)", async () => {
    const file = await seedFile();
    const meta = { service: "test", startedAt: "2026-01-01T00:00:00.000Z", completedAt: "2026-01-01T00:01:00.000Z" };
    await saveTranscript(env.DB, buildTranscriptRows(file, sample, meta));
    const second = buildTranscriptRows(file, sample, meta);
    await saveTranscript(env.DB, second);
    const rows = await env.DB.prepare("SELECT id FROM transcripts WHERE audio_file_id = ?").bind(file.id).all();
    expect(rows.results).toEqual([{ id: second.transcript.id }]);
    const orphans = await env.DB.prepare("SELECT count(*) n FROM utterances WHERE transcript_id NOT IN (SELECT id FROM transcripts)").first(
      "n",
    );
    expect(orphans).toBe(0);
  });

  it("splits large transcripts into statements within D1's 100-parameter limit", async () => {
    const file = await seedFile();
    const many: NormalizedTranscript = {
      duration: 1000,
      speakers: ["0"],
      utterances: Array.from({ length: 250 }, (_, i) => ({
        speaker: "0",
        start: i * 4,
        end: i * 4 + 3,
        words: [word(`w${i}`, i * 4)],
        sentiment: null,
        sentimentConfidence: null,
      })),
    };
    const rows = buildTranscriptRows(file, many, { service: "test", startedAt: "x", completedAt: "y" });
    const saved = await saveTranscript(env.DB, rows);
    // 10 columns → 10 utterances per INSERT: 25 of them, plus delete, transcript, speakers, status.
    expect(saved.statements).toBe(25 + 4);
    expect((await listUtterances(getDb(env.DB), rows.transcript.id)).length).toBe(250);
  });

  it("serves the utterance list as text identical to serialising the parsed rows, whatever the words hold", async () => {
    const file = await seedFile();
    const tricky: NormalizedTranscript = {
      duration: 10,
      speakers: ["A"],
      utterances: [
        {
          speaker: "A",
          start: 0,
          end: 2,
          words: [word('say "hi"', 0), word("back\\slash", 0.5, 0.123456789, true), word('","t":"x', 1)],
          sentiment: null,
          sentimentConfidence: null,
        },
        {
          speaker: "A",
          start: 3,
          end: 4,
          words: [word("naïve café 日本 🎙️", 3, 0.30000000000000004), word("\u2028line", 3.5, 1e-7)],
          sentiment: "negative",
          sentimentConfidence: 0.1,
        },
        { speaker: "A", start: 5, end: 6, words: [word("plain", 5)], sentiment: null, sentimentConfidence: null },
      ],
    };
    const rows = buildTranscriptRows(file, tricky, { service: "test", startedAt: "x", completedAt: "y" });
    await saveTranscript(env.DB, rows);
    // A row whose words were written in another shape (key order) takes the slow path and still matches.
    await env.DB.prepare("UPDATE utterances SET words = ? WHERE id = ?")
      .bind(JSON.stringify([{ t: "odd", id: "w-odd", s: 5, e: 5.5, c: 0.5, x: 1 }]), rows.utterances[2]!.id)
      .run();
    // Edited words carry any double (split times have 6 decimals, sums are inexact).
    await env.DB.prepare("UPDATE utterances SET words = ? WHERE id = ?")
      .bind(
        toStoredWords([
          { id: "f1", text: "float", startTime: 0.1 + 0.2, endTime: 1e-7 + 3, position: 0, confidenceScore: 1e-7, hasEntities: false },
          {
            id: "f2",
            text: "big",
            startTime: 12345.678901,
            endTime: 1e21,
            position: 1,
            confidenceScore: 0.333333333333,
            hasEntities: true,
          },
        ]),
        rows.utterances[1]!.id,
      )
      .run();
    const db = getDb(env.DB);
    const text = await utterancesJson(db, rows.transcript.id);
    const parsed = await listUtterances(db, rows.transcript.id);
    expect(text).toBe(JSON.stringify(parsed));
    expect(JSON.parse(text)).toEqual(parsed);
    expect(parsed[2]!.transcriptWords).toEqual([
      { id: "w-odd", text: "odd", startTime: 5, endTime: 5.5, position: 0, confidenceScore: 0.5, hasEntities: true },
    ]);
    expect(wordsJson("[]")).toBe("[]");
    expect(wordsJson('[{"id":"a","t":"b","s":1,"e":2,"c":1}] ')).toBeNull();
    expect(wordsJson('[{"id":"a","t":"b","s":1,"e":2,"c":1},]')).toBeNull();
    expect(wordsJson('{"id":"a"}')).toBeNull();
  });
});
