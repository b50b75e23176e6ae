// Chapter generation jobs on their own queue (decision 046): asked for by an editor, marked
// "generating" in the file's store, written as one undoable history entry ("Generated
// chapters"), or marked failed with a message the panel shows. A model that fails is tried again
// by the queue (worker/queues.ts); after the last try the chapters say why.
import { eq } from "drizzle-orm";
import type { ChapterInput } from "../../core/chapters";
import type { UtteranceDto } from "../../core/transcript";
import { CHAPTER_GENERATION_MESSAGES, type ChapterGenerationDto } from "../../common/chapters";
import { transcriptRoom } from "../objects";
import { type Config, getConfig } from "../config";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { conflict } from "../lib/errors";
import { failedBecause } from "../lib/job-failure";
import { jobTarget, queueOrFail, transcriptLines } from "../lib/model-jobs";
import { publishDetailsChanged } from "../live/publish";
import type { ChaptersMessage } from "../queue-messages";
import { chatModel, summaryModelName } from "../summaries/chat-models";
import { editTranscript } from "../transcripts/store";
import { generateChapters, type ProposedChapter, UnreadableChaptersError } from "./generate";

type ChaptersOf = { audioFileId: string };

const mark = (env: Env, of: ChaptersOf, status: ChapterGenerationDto["status"], error: string | null, onlyWhileGenerating = false) =>
  transcriptRoom(env, of.audioFileId).markChapters(of.audioFileId, status, error, onlyWhileGenerating);

/** The editor asks for chapters: marked generating, then queued; 409 when no model is configured. */
export async function requestChapters(env: Env, config: Config, of: ChaptersOf, userId: string): Promise<void> {
  if (!summaryModelName(config)) throw conflict(CHAPTER_GENERATION_MESSAGES.unavailable);
  await mark(env, of, "generating", null);
  const message: ChaptersMessage = { type: "chapters", audio_file_id: of.audioFileId, user_id: userId };
  await queueOrFail(
    { kind: "chapters", fileId: of.audioFileId, failed: CHAPTER_GENERATION_MESSAGES.failed },
    () => env.CHAPTERS_QUEUE.send(message),
    () => mark(env, of, "failed", CHAPTER_GENERATION_MESSAGES.failed),
  );
}

/** Utterance numbers (1-based) to the first word of that utterance, or of the next one with words. */
export function chapterStarts(utterances: readonly UtteranceDto[], proposed: readonly ProposedChapter[]): ChapterInput[] {
  const out: ChapterInput[] = [];
  for (const chapter of proposed) {
    const word = utterances.slice(chapter.start - 1).find((u) => u.transcriptWords.length)?.transcriptWords[0];
    if (word) out.push({ title: chapter.title, startWordId: word.id, summary: chapter.summary });
  }
  return out;
}

/** Marked failed while still generating, and the file's tabs told. */
async function markFailed(env: Env, row: ChaptersOf & { workspaceId: string }, error: string) {
  if (await mark(env, row, "failed", error, true)) await publishDetailsChanged(env, row.workspaceId, row.audioFileId);
}

export async function runChaptersJob(message: Message<unknown>, job: ChaptersMessage, env: Env): Promise<void> {
  const db = getDb(env.DB);
  const row = await jobTarget(env, job.audio_file_id);
  if (!row) {
    message.ack();
    return;
  }
  const fail = async (error: string) => {
    await markFailed(env, row, error);
    message.ack();
  };
  const model = chatModel(env, getConfig(env));
  if (!model) return fail(CHAPTER_GENERATION_MESSAGES.unavailable);
  try {
    const { utterances, lines } = await transcriptLines(env, row.audioFileId);
    const input = lines.some((l) => l.text) ? chapterStarts(utterances, await generateChapters(model, lines)) : [];
    // None found: the current chapters stay (an empty answer is no reason to remove them).
    if (!input.length) return fail(CHAPTER_GENERATION_MESSAGES.none);
    // The history names who asked.
    const asker = await db.select({ id: users.id, name: users.fullName }).from(users).where(eq(users.id, job.user_id)).get();
    await editTranscript(env, row.audioFileId, { kind: "chapters", input, generated: true }, null, asker ?? null);
  } catch (error) {
    if (error instanceof UnreadableChaptersError) return fail(CHAPTER_GENERATION_MESSAGES.unreadable);
    throw error;
  }
  message.ack();
  // The edit told the tabs when the chapters changed; this tells them the generation ended either way.
  await publishDetailsChanged(env, row.workspaceId, row.audioFileId);
}

/** Failed on the queue's last try: the chapters say why. */
export async function giveUpChapters(env: Env, job: ChaptersMessage, error: unknown): Promise<void> {
  const row = await jobTarget(env, job.audio_file_id);
  if (row) await markFailed(env, row, failedBecause(CHAPTER_GENERATION_MESSAGES.failed, error));
}
