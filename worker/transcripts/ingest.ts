// A finished transcription as the rows its owner's store writes (core/transcript-rows.ts):
// words as plain text (core/plain-words.ts), speakers who say something (at most the cap),
// ids, order keys and statistics.
import { initialKeys } from "../../core/order-keys";
import { wordTimeLimit } from "../../core/transcript-apply";
import type { AudioFileRow } from "../db/schema";
import { newId } from "../../common/ids";
import type { NormalizedTranscript } from "../transcription/types";
import { ID_BASE_LENGTH, type StoredWord } from "../../core/stored-words";
import type { TranscriptRows } from "../../core/transcript-rows";
import { plainWords } from "../../core/plain-words";
import { capLabels } from "../../core/speaker-cap";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Ids for an utterance's `count` words: one random base, then each word's index
 * in base 36, so the stored words hold the base once (stored-words.ts).
 */
export function wordIds(count: number): string[] {
  const bytes = crypto.getRandomValues(new Uint8Array(ID_BASE_LENGTH));
  let base = "";
  for (const b of bytes) base += ALPHABET[b % ALPHABET.length];
  return Array.from({ length: count }, (_, i) => base + i.toString(36));
}

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** An utterance's times as the service gave them, within [0, limit] and covering its (already bounded) words. */
function utteranceTimes(u: { start: number; end: number; words: readonly { start: number; end: number }[] }, limit: number) {
  const first = u.words[0]!.start;
  const last = Math.max(...u.words.map((w) => w.end));
  const start = Number.isFinite(u.start) ? Math.min(Math.max(u.start, 0), first) : first;
  const end = Number.isFinite(u.end) ? Math.max(Math.min(u.end, limit), last) : last;
  return { start: round(start), end: round(end) };
}

/** Turns a normalised result into rows, computing the transcript's statistics. */
export function buildTranscriptRows(
  file: Pick<AudioFileRow, "id" | "workspaceId">,
  result: NormalizedTranscript,
  meta: { service: string; startedAt: string; completedAt: string },
): TranscriptRows {
  const transcriptId = newId();
  // What edits refuse (controls, line breaks, long words, times out of order or past the recording) is repaired here.
  const limit = wordTimeLimit(result.duration);
  const spoken = result.utterances.map((u) => ({ ...u, words: plainWords(u.words, limit) })).filter((u) => u.words.length > 0);
  // Only speakers who say something are stored.
  const used = new Set(spoken.map((u) => u.speaker));
  const labels = [...result.speakers.filter((l) => used.has(l)), ...[...used].filter((l) => !result.speakers.includes(l))];
  const { kept, keptLabel } = capLabels(labels);
  const speakers = kept.map((label, position) => ({ id: newId(), label, position }));
  const speakerId = new Map(speakers.map((s) => [s.label, s.id]));
  let wordCount = 0;
  let confidenceSum = 0;
  const keys = initialKeys(spoken.length);
  const utterances = spoken.map((u, index) => {
    const ids = wordIds(u.words.length);
    const words: StoredWord[] = u.words.map((w, i) => ({
      id: ids[i]!,
      t: w.text,
      s: round(w.start),
      e: round(w.end),
      c: round(w.confidence, 4),
      ...(w.hasEntities ? { x: 1 as const } : {}),
    }));
    const confidence = u.words.reduce((sum, w) => sum + w.confidence, 0) / u.words.length;
    wordCount += words.length;
    // The stored values, so later edits add and subtract exactly what is stored.
    confidenceSum += words.reduce((sum, w) => sum + w.c, 0);
    return {
      id: newId(),
      speakerId: speakerId.get(keptLabel(u.speaker))!,
      orderKey: keys[index]!,
      ...utteranceTimes(u, limit),
      confidence: round(confidence, 4),
      sentiment: u.sentiment,
      sentimentConfidence: u.sentimentConfidence,
      words,
    };
  });
  const lastEnd = utterances.length ? utterances[utterances.length - 1]!.end : 0;
  return {
    transcript: {
      id: transcriptId,
      audioFileId: file.id,
      workspaceId: file.workspaceId,
      duration: round(result.duration > 0 ? result.duration : lastEnd),
      accuracyPercentage: wordCount ? round((confidenceSum / wordCount) * 100, 1) : 0,
      confidenceSum,
      speakerCount: speakers.length,
      wordCount,
      transcriptionService: meta.service,
      startedAt: meta.startedAt,
      completedAt: meta.completedAt,
    },
    speakers,
    utterances,
  };
}
