// The messages pushed on a user's live channel: one zod union used by the
// Worker (to build them), the Durable Object (to send them) and the SPA (to
// parse them). Anything else on the socket (heartbeats, greetings) is ignored.
import * as z from "zod";
import type { TranscriptChangedMessage } from "../core/live-change";
import { exportFormatSchema, exportStatusSchema } from "./exports";
import { FILE_STATUSES, type AudioFileDto } from "./library";

const fileStatus = z.enum(FILE_STATUSES);

export const fileStatusChangedSchema = z.object({
  type: z.literal("file_status_changed"),
  file_id: z.string(),
  file: z.object({ status: fileStatus, has_transcript: z.boolean(), name: z.string() }),
  message: z.string(),
  /** Progress only (a download's bytes so far): the tab updates without a toast. */
  quiet: z.boolean().optional(),
  /** The whole file as GET /audio_files/{id} answers it: a tab updates from it without refetching. */
  audio_file: z
    .custom<AudioFileDto>((v) => typeof v === "object" && v !== null && typeof (v as { id?: unknown }).id === "string")
    .optional(),
});
/** Live event pushed to every open tab of the file's owner. */
export type FileStatusChangedEvent = z.infer<typeof fileStatusChangedSchema>;

/** Another tab (or undo/redo) changed a transcript (the fields: core/live-change.ts). */
export const transcriptChangedSchema = z.object({
  type: z.literal("transcript_changed"),
  file_id: z.string(),
  utterance_ids: z.array(z.string()),
  removed_utterance_ids: z.array(z.string()),
  details_changed: z.boolean(),
  client_id: z.string().nullable(),
  reload: z.boolean().optional(),
}) satisfies z.ZodType<TranscriptChangedMessage>;

/**
 * An export finished: the tab shows a toast that stays until closed, whose
 * button asks for a fresh download link (GET /exports/{id}/download).
 */
export const exportCompletedSchema = z.object({
  type: z.literal("export_completed"),
  export: z.object({
    id: z.string(),
    audio_file_id: z.string(),
    format: exportFormatSchema,
    status: exportStatusSchema,
    filename: z.string(),
  }),
  message: z.string(),
});

/**
 * Close codes of the live socket, as the SPA reads them: the session is over, a newer tab took
 * the slot, or the member no longer belongs to the file's workspace (a file socket's end: the tab
 * stops reconnecting). The live room closes with these numbers.
 */
export const SOCKET_CLOSE_CODES = { sessionEnded: 4001, tooManySockets: 4008, accessEnded: 4003 } as const;

/** Presence timings: a tab repeats its caret this often, and a person not heard from for the window is gone. */
export const PRESENCE_TIMINGS = { repeatMs: 10_000, goneAfterMs: 30_000 } as const;

/** One person with the file open: who, and the utterance their caret is in (null: none). */
export const presencePersonSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  utterance_id: z.string().nullable(),
  /** When the server last heard from them (ISO). */
  seen_at: z.string(),
});
export type PresencePerson = z.infer<typeof presencePersonSchema>;

/**
 * Everyone with a file open on a file socket (`/cable?token=…&file=<id>`), sent to each of that
 * file's sockets whenever someone arrives, moves their caret, repeats it, or leaves. One entry
 * per person (their latest tab); the receiving tab leaves itself out.
 */
export const presenceSchema = z.object({
  type: z.literal("presence"),
  file_id: z.string(),
  people: z.array(presencePersonSchema),
});
export type PresenceMessage = z.infer<typeof presenceSchema>;

/** What a tab sends on its file socket: where its caret is (sent on change and every PRESENCE_TIMINGS.repeatMs). */
export const caretSchema = z.object({ type: z.literal("caret"), utterance_id: z.string().max(100).nullable() });

/**
 * A member changed a workspace's library (an upload confirmed, a file renamed, moved or deleted,
 * a folder made, renamed or deleted): every member's tabs showing it refetch its lists.
 */
export const libraryChangedSchema = z.object({
  type: z.literal("library_changed"),
  workspace_id: z.string(),
  /** The tab that made the change (its X-Client-Id header), which shows it already. */
  client_id: z.string().nullable(),
});
export type LibraryChangedMessage = z.infer<typeof libraryChangedSchema>;

/** Comments of a file were added, replied to, changed, resolved or deleted: tabs showing it refetch them. */
export const commentsChangedSchema = z.object({
  type: z.literal("comments_changed"),
  file_id: z.string(),
  /** The threads concerned (a reply's thread, a deleted thread). */
  comment_ids: z.array(z.string()),
  /** The tab that made the change, which shows it already. */
  client_id: z.string().nullable().optional(),
});
export type CommentsChangedMessage = z.infer<typeof commentsChangedSchema>;

export const commentsChangedMessage = (fileId: string, threadId: string, clientId: string | null): CommentsChangedMessage => ({
  type: "comments_changed",
  file_id: fileId,
  comment_ids: [threadId],
  client_id: clientId,
});

/** Highlights of a file were added or removed: tabs showing it refetch them. */
export const highlightsChangedSchema = z.object({
  type: z.literal("highlights_changed"),
  file_id: z.string(),
  /** The tab that made the change, which shows it already. */
  client_id: z.string().nullable().optional(),
});
export type HighlightsChangedMessage = z.infer<typeof highlightsChangedSchema>;

export const liveMessageSchema = z.discriminatedUnion("type", [
  libraryChangedSchema,
  commentsChangedSchema,
  highlightsChangedSchema,
  fileStatusChangedSchema,
  transcriptChangedSchema,
  exportCompletedSchema,
  presenceSchema,
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
export type ExportCompletedMessage = z.infer<typeof exportCompletedSchema>;

/** Parses one socket frame; heartbeats, greetings and unknown shapes give null. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== "string" || data[0] !== "{") return null;
  try {
    const parsed = liveMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
