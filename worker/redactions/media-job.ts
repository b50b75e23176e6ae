// The redaction queue's consumer (decision 058): a redacted file's media rewritten with every
// redaction it has, streamed from its object to a new one (same length), then the file points at
// the new object and the original is deleted: a PCM WAV's samples (wav.ts), an MP3's frames
// (mp3.ts). A format the job cannot rewrite without a codec is marked unsupported (its media stays
// blocked). At-least-once safe: a redelivery rewrites again.
import { and, eq, sql } from "drizzle-orm";
import type { MediaFill } from "../../common/redactions";
import { getDb } from "../db/client";
import { publishToWorkspace } from "../live/publish";
import { audioFiles } from "../db/schema";
import type { RedactMediaMessage } from "../queue-messages";
import { readRedactions } from "../transcripts/store";
import { isMp3, mp3Redactor } from "./mp3";
import { byteRanges, WAV_HEADER_BYTES, wavLayout, wavRedactor } from "./wav";

/** The file lists (and so the players, keyed by the media's state) are read again on every member's tabs. */
export async function tellMediaState(env: Env, workspaceId: string): Promise<void> {
  await publishToWorkspace(env, workspaceId, { type: "library_changed", workspace_id: workspaceId, client_id: null }).catch(() => null);
}

export async function enqueueMediaRedaction(env: Env, fileId: string, userId: string): Promise<void> {
  const message: RedactMediaMessage = { type: "redact_media", audio_file_id: fileId, user_id: userId };
  await env.REDACTION_QUEUE.send(message);
}

/** A new key beside the old one, keeping its file name (the served type follows its extension). */
export const redactedKey = (key: string) => {
  const slash = key.lastIndexOf("/");
  const name = key.slice(slash + 1).replace(/^redacted-[0-9a-f]{8}-/, "");
  return `${key.slice(0, slash + 1)}redacted-${crypto.randomUUID().slice(0, 8)}-${name}`;
};

export async function runMediaRedactionJob(message: Message<unknown>, body: RedactMediaMessage, env: Env): Promise<void> {
  const db = getDb(env.DB);
  const file = await db
    .select({
      key: audioFiles.storageKey,
      type: audioFiles.contentType,
      redactedAt: audioFiles.redactedAt,
      workspaceId: audioFiles.workspaceId,
    })
    .from(audioFiles)
    .where(eq(audioFiles.id, body.audio_file_id))
    .get();
  if (!file) return message.ack(); // deleted meanwhile
  const redactions = await readRedactions(env, body.audio_file_id);
  const head = await env.MEDIA.get(file.key, { range: { offset: 0, length: WAV_HEADER_BYTES } });
  // Done only if no redaction came since this job read them: that one's job finishes the work.
  const mark = (state: "done" | "unsupported", key = file.key) =>
    db
      .update(audioFiles)
      .set({
        storageKey: key,
        mediaRedaction: sql`CASE WHEN ${audioFiles.redactedAt} IS ${file.redactedAt} THEN ${state} ELSE ${audioFiles.mediaRedaction} END`,
      })
      .where(and(eq(audioFiles.id, body.audio_file_id), eq(audioFiles.storageKey, file.key)))
      .returning({ id: audioFiles.id })
      .get();
  if (!head) {
    await mark("done"); // no media to rewrite (gone, or never stored)
    await tellMediaState(env, file.workspaceId);
    return message.ack();
  }
  const headBytes = new Uint8Array(await head.arrayBuffer());
  const layout = wavLayout(headBytes);
  const times = redactions.map((r) => ({ start: r.start_time, end: r.end_time }));
  let redactor: TransformStream<Uint8Array, Uint8Array>;
  if (layout) {
    const ranges = redactions.flatMap((r) =>
      byteRanges(layout, [{ start: r.start_time, end: r.end_time }]).map((b) => ({ ...b, fill: r.media as MediaFill })),
    );
    redactor = wavRedactor(layout, ranges);
  } else if (isMp3(headBytes)) {
    // Frame by frame, always silence: a tone would need an encoder.
    redactor = mp3Redactor(times);
  } else {
    await mark("unsupported");
    await tellMediaState(env, file.workspaceId);
    return message.ack();
  }
  const original = await env.MEDIA.get(file.key);
  if (!original) return message.ack();
  const key = redactedKey(file.key);
  const { readable, writable } = new FixedLengthStream(original.size);
  const piped = original.body.pipeThrough(redactor).pipeTo(writable);
  await Promise.all([env.MEDIA.put(key, readable, { httpMetadata: { contentType: file.type } }), piped]);
  // Only if the file still points at what was read: else a later job (or a deletion) took over.
  if (await mark("done", key)) await env.MEDIA.delete(file.key);
  else await env.MEDIA.delete(key);
  await tellMediaState(env, file.workspaceId);
  message.ack();
}

/** After the last try: the media stays blocked, marked failed. */
export async function giveUpMediaRedaction(env: Env, body: RedactMediaMessage): Promise<void> {
  const failed = await getDb(env.DB)
    .update(audioFiles)
    .set({ mediaRedaction: "failed" })
    .where(eq(audioFiles.id, body.audio_file_id))
    .returning({ workspaceId: audioFiles.workspaceId })
    .get();
  if (failed) await tellMediaState(env, failed.workspaceId);
}
