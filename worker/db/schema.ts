// Drizzle mirror of migrations/*.sql. The SQL files are the source of truth:
// change both together (tests/worker/schema-drift.test.ts compares them:
// columns, indexes and foreign keys).
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  foreignKey,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { EXPORT_FORMAT_NAMES, EXPORT_STATUSES } from "../../common/exports";
import { FILE_STATUSES } from "../../common/library";
import type { TranscriptionOptions } from "../../common/transcription-options";

const CASCADE = { onDelete: "cascade" } as const;

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    passwordHash: text("password_hash"),
    googleSub: text("google_sub"),
    emailConfirmedAt: text("email_confirmed_at"),
    preferences: text("preferences").notNull().default("{}"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_sub_unique").on(t.googleSub).where(sql`google_sub IS NOT NULL`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("sessions_user_id").on(t.userId)],
);

export const socketTickets = sqliteTable(
  "socket_tickets",
  {
    ticketHash: text("ticket_hash").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, CASCADE),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("socket_tickets_user").on(t.userId, t.expiresAt)],
);

export const emailTokens = sqliteTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    purpose: text("purpose", { enum: ["confirm_email", "reset_password"] }).notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("email_tokens_user_purpose").on(t.userId, t.purpose)],
);

export const devOutbox = sqliteTable("dev_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull(),
  createdAt: text("created_at").notNull(),
});

export type UserRow = typeof users.$inferSelect;

export const folders = sqliteTable(
  "folders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    name: text("name").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  // Folder names are unique per user whatever their case.
  (t) => [uniqueIndex("folders_user_name_unique").on(t.userId, sql`${t.name} COLLATE NOCASE`)],
);

export const audioFiles = sqliteTable(
  "audio_files",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    folderId: text("folder_id").references(() => folders.id, CASCADE),
    name: text("name").notNull(),
    filename: text("filename").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    fileSize: integer("file_size").notNull(),
    durationSeconds: integer("duration_seconds"),
    status: text("status", { enum: FILE_STATUSES }).notNull(),
    failureReason: text("failure_reason"),
    transcriptionService: text("transcription_service"),
    processingStartedAt: text("processing_started_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** The transcription job's last attempt number, its last transient error and when it tries again. */
    jobAttempts: integer("job_attempts").notNull().default(0),
    jobError: text("job_error"),
    jobRetryAt: text("job_retry_at"),
    /** When a job last started an attempt: a processing file silent past the bound has lost its message. */
    jobHeartbeatAt: text("job_heartbeat_at"),
    jobRequeues: integer("job_requeues").notNull().default(0),
    /** The user's options for this file's transcription (JSON, null = defaults). */
    transcriptionOptions: text("transcription_options", { mode: "json" }).$type<TranscriptionOptions>(),
    /** The language the service reported for the last transcription. */
    detectedLanguage: text("detected_language"),
    /** Hints the last transcription's service could not use (JSON list of texts). */
    transcriptionNotices: text("transcription_notices", { mode: "json" }).$type<string[]>(),
    /** The running re-transcription replaces the transcript whole instead of keeping corrected utterances. */
    discardCorrections: integer("discard_corrections").notNull().default(0),
    /** Which change of the user's store the copied transcript fields above come from (decision 023, rule 4). */
    transcriptFieldsSeq: integer("transcript_fields_seq").notNull().default(0),
  },
  (t) => [
    uniqueIndex("audio_files_storage_key_unique").on(t.storageKey),
    index("audio_files_user_folder").on(t.userId, t.folderId, t.createdAt),
    index("audio_files_user_created").on(t.userId, t.createdAt, t.id),
  ],
);

export type FolderRow = typeof folders.$inferSelect;
export type AudioFileRow = typeof audioFiles.$inferSelect;

export const transcripts = sqliteTable(
  "transcripts",
  {
    id: text("id").primaryKey(),
    audioFileId: text("audio_file_id")
      .notNull()
      .references(() => audioFiles.id, CASCADE),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    summary: text("summary"),
    summaryType: text("summary_type"),
    summaryModel: text("summary_model"),
    notes: text("notes"),
    duration: real("duration").notNull(),
    accuracyPercentage: real("accuracy_percentage").notNull(),
    speakerCount: integer("speaker_count").notNull(),
    wordCount: integer("word_count").notNull(),
    transcriptionService: text("transcription_service").notNull(),
    startedAt: text("started_at").notNull(),
    completedAt: text("completed_at").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Sum of every word's confidence: accuracy = confidence_sum / word_count, kept by each edit. */
    confidenceSum: real("confidence_sum").notNull().default(0),
    /** seq of the edit operation the transcript currently reflects; -1 before the first. */
    historyIndex: integer("history_index").notNull().default(-1),
    /** A generated summary being written, or the last attempt failed (see summaryError). */
    summaryStatus: text("summary_status", { enum: ["generating", "failed"] }),
    summaryError: text("summary_error"),
    /** Which store holds the content (decision 023): these tables, or the owner's object. */
    store: text("store", { enum: ["d1", "object"] })
      .notNull()
      .default("d1"),
  },
  (t) => [
    uniqueIndex("transcripts_audio_file_unique").on(t.audioFileId),
    // Whether a user has transcripts in their object (library search asks it): only those rows are indexed.
    index("transcripts_user_in_object").on(t.userId).where(sql`store = 'object'`),
  ],
);

export const speakers = sqliteTable(
  "speakers",
  {
    id: text("id").primaryKey(),
    transcriptId: text("transcript_id")
      .notNull()
      .references(() => transcripts.id, CASCADE),
    originalLabel: text("original_label").notNull(),
    name: text("name"),
    role: text("role"),
    position: integer("position").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("speakers_transcript").on(t.transcriptId, t.position)],
);

export const utterances = sqliteTable(
  "utterances",
  {
    id: text("id").primaryKey(),
    transcriptId: text("transcript_id")
      .notNull()
      .references(() => transcripts.id, CASCADE),
    speakerId: text("speaker_id")
      .notNull()
      .references(() => speakers.id),
    /** Fractional-indexing key; utterances sort by it. The position is computed on read. */
    orderKey: text("order_key").notNull(),
    version: integer("version").notNull().default(1),
    startTime: real("start_time").notNull(),
    endTime: real("end_time").notNull(),
    confidenceScore: real("confidence_score").notNull(),
    sentiment: text("sentiment"),
    sentimentConfidence: real("sentiment_confidence"),
    words: text("words").notNull(),
    /** 1 once a user operation wrote the row (decision 017): a re-transcription keeps it. */
    edited: integer("edited").notNull().default(0),
  },
  (t) => [uniqueIndex("utterances_transcript_order").on(t.transcriptId, t.orderKey)],
);

/** One edit operation with the row states before and after it (a `Change`, stored as worker/transcripts/change-codec.ts says). */
export const editOperations = sqliteTable(
  "edit_operations",
  {
    transcriptId: text("transcript_id")
      .notNull()
      .references(() => transcripts.id, CASCADE),
    seq: integer("seq").notNull(),
    type: text("type").notNull(),
    summary: text("summary").notNull(),
    change: text("change").notNull(),
    opId: text("op_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.transcriptId, t.seq] }), uniqueIndex("edit_operations_op_id").on(t.transcriptId, t.opId)],
);

/**
 * The library search's index rows (migration 0019): one per indexed text, whose id is the
 * rowid in the FTS5 table search_fts; `kind` 0 utterance, 1 file name, 2 speaker, 3 summary,
 * 4 notes; `file_row` the id of the file's name row. Written only by the migration's triggers; read
 * through the view search_docs.
 */
export const searchRefs = sqliteTable(
  "search_refs",
  {
    id: integer("id").primaryKey(),
    kind: integer("kind").notNull(),
    refId: text("ref_id").notNull(),
    fileRow: integer("file_row"),
  },
  (t) => [uniqueIndex("search_refs_ref").on(t.refId, t.kind)],
);

/** A re-transcription's history entry (transcript_id, seq) holds the transcript before and after it (decision 017). */
const snapshotOf = (t: { transcriptId: AnySQLiteColumn; seq: AnySQLiteColumn }) =>
  foreignKey({ columns: [t.transcriptId, t.seq], foreignColumns: [editOperations.transcriptId, editOperations.seq] }).onDelete("cascade");

export const transcriptSnapshots = sqliteTable(
  "transcript_snapshots",
  {
    transcriptId: text("transcript_id").notNull(),
    seq: integer("seq").notNull(),
    side: text("side", { enum: ["before", "after"] }).notNull(),
    duration: real("duration").notNull(),
    accuracyPercentage: real("accuracy_percentage").notNull(),
    confidenceSum: real("confidence_sum").notNull(),
    speakerCount: integer("speaker_count").notNull(),
    wordCount: integer("word_count").notNull(),
    transcriptionService: text("transcription_service").notNull(),
    startedAt: text("started_at").notNull(),
    completedAt: text("completed_at").notNull(),
    transcriptionOptions: text("transcription_options"),
    detectedLanguage: text("detected_language"),
    transcriptionNotices: text("transcription_notices"),
  },
  (t) => [primaryKey({ columns: [t.transcriptId, t.seq, t.side] }), snapshotOf(t)],
);

export const snapshotSpeakers = sqliteTable(
  "snapshot_speakers",
  {
    transcriptId: text("transcript_id").notNull(),
    seq: integer("seq").notNull(),
    side: text("side").notNull(),
    id: text("id").notNull(),
    originalLabel: text("original_label").notNull(),
    name: text("name"),
    role: text("role"),
    position: integer("position").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.transcriptId, t.seq, t.side, t.id] }), snapshotOf(t)],
);

export const snapshotUtterances = sqliteTable(
  "snapshot_utterances",
  {
    transcriptId: text("transcript_id").notNull(),
    seq: integer("seq").notNull(),
    side: text("side").notNull(),
    id: text("id").notNull(),
    speakerId: text("speaker_id").notNull(),
    orderKey: text("order_key").notNull(),
    version: integer("version").notNull(),
    startTime: real("start_time").notNull(),
    endTime: real("end_time").notNull(),
    confidenceScore: real("confidence_score").notNull(),
    sentiment: text("sentiment"),
    sentimentConfidence: real("sentiment_confidence"),
    words: text("words").notNull(),
    edited: integer("edited").notNull(),
  },
  (t) => [primaryKey({ columns: [t.transcriptId, t.seq, t.side, t.id] }), snapshotOf(t)],
);

export type TranscriptRow = typeof transcripts.$inferSelect;
export type SpeakerRow = typeof speakers.$inferSelect;
export type UtteranceRow = typeof utterances.$inferSelect;
export type EditOperationRow = typeof editOperations.$inferSelect;

export const exportsTable = sqliteTable(
  "exports",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    audioFileId: text("audio_file_id")
      .notNull()
      .references(() => audioFiles.id, CASCADE),
    format: text("format", { enum: EXPORT_FORMAT_NAMES }).notNull(),
    /** JSON of ExportOptions. */
    options: text("options").notNull(),
    status: text("status", { enum: EXPORT_STATUSES }).notNull(),
    filename: text("filename").notNull(),
    storageKey: text("storage_key"),
    sizeBytes: integer("size_bytes"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    completedAt: text("completed_at"),
  },
  (t) => [index("exports_user_created").on(t.userId, t.createdAt), index("exports_audio_file").on(t.audioFileId)],
);
export type ExportRow = typeof exportsTable.$inferSelect;

export const transcriptionStarts = sqliteTable(
  "transcription_starts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    // No foreign key: a start still counts for the quota after its file is deleted.
    audioFileId: text("audio_file_id").notNull(),
    startedAt: text("started_at").notNull(),
  },
  (t) => [index("transcription_starts_user_time").on(t.userId, t.startedAt)],
);

export const pendingUploads = sqliteTable(
  "pending_uploads",
  {
    storageKey: text("storage_key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("pending_uploads_created").on(t.createdAt)],
);

/** An R2 multipart upload handed out to a user (see migrations/0015_multipart_uploads.sql). */
export const multipartUploads = sqliteTable(
  "multipart_uploads",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    storageKey: text("storage_key").notNull(),
    r2UploadId: text("r2_upload_id").notNull(),
    contentType: text("content_type").notNull(),
    fileSize: integer("file_size").notNull(),
    partSize: integer("part_size").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    completedAt: text("completed_at"),
  },
  (t) => [index("multipart_uploads_user").on(t.userId), index("multipart_uploads_expires").on(t.expiresAt)],
);

export const shares = sqliteTable(
  "shares",
  {
    id: text("id").primaryKey(),
    /** SHA-256 of the secret in the link's URL; the secret itself is never stored. */
    secretHash: text("secret_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    audioFileId: text("audio_file_id")
      .notNull()
      .references(() => audioFiles.id, CASCADE),
    label: text("label"),
    includeMedia: integer("include_media", { mode: "boolean" }).notNull().default(false),
    includeSummary: integer("include_summary", { mode: "boolean" }).notNull().default(false),
    includeNotes: integer("include_notes", { mode: "boolean" }).notNull().default(false),
    showOwnerName: integer("show_owner_name", { mode: "boolean" }).notNull().default(false),
    expiresAt: text("expires_at"),
    views: integer("views").notNull().default(0),
    lastViewedAt: text("last_viewed_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("shares_secret_hash").on(t.secretHash),
    index("shares_audio_file").on(t.audioFileId, t.createdAt),
    index("shares_user").on(t.userId),
  ],
);
export type ShareRow = typeof shares.$inferSelect;

/** Visitors counted in the last hour per link: a keyed hash of address and user agent, never the address. */
export const shareViews = sqliteTable(
  "share_views",
  {
    shareId: text("share_id")
      .notNull()
      .references(() => shares.id, CASCADE),
    visitorHash: text("visitor_hash").notNull(),
    countedAt: text("counted_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.visitorHash] })],
);

/** "Transcription done" e-mails sent: one per file, run and outcome (migrations/0016). */
export const doneEmails = sqliteTable(
  "done_emails",
  {
    audioFileId: text("audio_file_id")
      .notNull()
      .references(() => audioFiles.id, CASCADE),
    runStartedAt: text("run_started_at").notNull(),
    outcome: text("outcome").notNull(),
    sentAt: text("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.audioFileId, t.runStartedAt, t.outcome] })],
);
