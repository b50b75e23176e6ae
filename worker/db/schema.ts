// Drizzle mirror of migrations/*.sql. The SQL files are the source of truth:
// change both together (tests/worker/schema-drift.test.ts compares them:
// columns, indexes and foreign keys).
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { REVIEW_STATUSES } from "../../common/comments";
import { EXPORT_FORMAT_NAMES, EXPORT_STATUSES } from "../../common/exports";
import { FILE_STATUSES } from "../../common/library";
import type { TranscriptionOptions } from "../../common/transcription-options";
import type { WebhookEvent } from "../../common/webhooks";
import { WORKSPACE_ROLES } from "../../common/workspaces";
import { MEDIA_REDACTION_STATES } from "../../common/redactions";

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
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, CASCADE),
    name: text("name").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  // Folder names are unique per workspace whatever their case.
  (t) => [uniqueIndex("folders_workspace_name_unique").on(t.workspaceId, sql`${t.name} COLLATE NOCASE`)],
);

export const audioFiles = sqliteTable(
  "audio_files",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, CASCADE),
    /** Who uploaded it (null once that account is gone: the workspace keeps the file). */
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** The transcript store object (named by the workspace the file was uploaded to); a move between workspaces keeps it. */
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
    /** Pieces of the recording transcribed so far, of how many (null until the job has planned them). */
    jobChunksDone: integer("job_chunks_done"),
    jobChunksTotal: integer("job_chunks_total"),
    /** The link an import fetches, until it is fetched (kept after a failure: Retry fetches it again; the sweep sends a lost import again). */
    importUrl: text("import_url"),
    /** An import's download so far, and the length the link declared (null: not said). */
    importReceivedBytes: integer("import_received_bytes"),
    importTotalBytes: integer("import_total_bytes"),
    /** When the file's words were last redacted (decision 058). */
    redactedAt: text("redacted_at"),
    /** The media's redaction: pending, done, unsupported or failed (null: nothing redacted). */
    mediaRedaction: text("media_redaction", { enum: MEDIA_REDACTION_STATES }),
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
    reviewStatus: text("review_status", { enum: REVIEW_STATUSES }).notNull().default("draft"),
    /** Who set the current review status, and when. */
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: text("reviewed_at"),
  },
  (t) => [
    uniqueIndex("audio_files_storage_key_unique").on(t.storageKey),
    index("audio_files_workspace_review").on(t.workspaceId, t.reviewStatus),
    index("audio_files_workspace_folder").on(t.workspaceId, t.folderId, t.createdAt),
    index("audio_files_workspace_created").on(t.workspaceId, t.createdAt, t.id),
    index("audio_files_uploaded_by").on(t.uploadedBy),
  ],
);

export type FolderRow = typeof folders.$inferSelect;
export type AudioFileRow = typeof audioFiles.$inferSelect;

/** D1's header of a transcript (its content lives in its workspace's store, decisions 029 and 039): which file has one. */
export const transcripts = sqliteTable(
  "transcripts",
  {
    id: text("id").primaryKey(),
    audioFileId: text("audio_file_id")
      .notNull()
      .references(() => audioFiles.id, CASCADE),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("transcripts_audio_file_unique").on(t.audioFileId)],
);

/**
 * The library search's index rows for file names (migrations 0019, 0023): one per file, whose id
 * is the rowid in the FTS5 table search_fts. Written only by the migrations' triggers.
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

export type TranscriptRow = typeof transcripts.$inferSelect;

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
    /** The translation exported (decision 048); null for the transcript itself. */
    language: text("language"),
    status: text("status", { enum: EXPORT_STATUSES }).notNull(),
    filename: text("filename").notNull(),
    storageKey: text("storage_key"),
    sizeBytes: integer("size_bytes"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** Times the recovery sweep re-sent it after its message was lost (worker/exports/recovery.ts). */
    requeues: integer("requeues").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    completedAt: text("completed_at"),
  },
  (t) => [
    index("exports_user_created").on(t.userId, t.createdAt),
    index("exports_audio_file").on(t.audioFileId),
    index("exports_unfinished").on(t.updatedAt).where(sql`status IN ('pending', 'processing')`),
  ],
);
export type ExportRow = typeof exportsTable.$inferSelect;

export const transcriptionStarts = sqliteTable(
  "transcription_starts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, CASCADE),
    // No foreign key: a start still counts for the quota after its file is deleted.
    audioFileId: text("audio_file_id").notNull(),
    startedAt: text("started_at").notNull(),
  },
  (t) => [index("transcription_starts_workspace_time").on(t.workspaceId, t.startedAt)],
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
    /** The workspace the file will land in: its parts count toward that workspace's storage. */
    workspaceId: text("workspace_id").references(() => workspaces.id, CASCADE),
    storageKey: text("storage_key").notNull(),
    r2UploadId: text("r2_upload_id").notNull(),
    contentType: text("content_type").notNull(),
    fileSize: integer("file_size").notNull(),
    partSize: integer("part_size").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    completedAt: text("completed_at"),
  },
  (t) => [
    index("multipart_uploads_user").on(t.userId),
    index("multipart_uploads_expires").on(t.expiresAt),
    index("multipart_uploads_workspace").on(t.workspaceId),
  ],
);

/** Bytes held for a storage key not yet a file's, toward its workspace's quota (migrations/0038_storage_holds.sql). */
export const storageHolds = sqliteTable(
  "storage_holds",
  {
    storageKey: text("storage_key").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, CASCADE),
    bytes: integer("bytes").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("storage_holds_workspace").on(t.workspaceId, t.expiresAt)],
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

/** Workspaces (migrations/0027): a personal one per account (its id is the account's) and teams. */
export const workspaces = sqliteTable(
  "workspaces",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    personalUserId: text("personal_user_id").references(() => users.id, CASCADE),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("workspaces_personal_user").on(t.personalUserId).where(sql`personal_user_id IS NOT NULL`)],
);
export type WorkspaceRow = typeof workspaces.$inferSelect;

export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, CASCADE),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("workspace_members_user").on(t.userId)],
);

/** Pending invitations: the link's token only as a hash; accepted and revoked ones are deleted. */
export const workspaceInvitations = sqliteTable(
  "workspace_invitations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, CASCADE),
    email: text("email").notNull(),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: text("expires_at").notNull(),
    sentAt: text("sent_at").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("workspace_invitations_token").on(t.tokenHash),
    uniqueIndex("workspace_invitations_email").on(t.workspaceId, t.email),
  ],
);
export type InvitationRow = typeof workspaceInvitations.$inferSelect;

export const workspaceActivity = sqliteTable(
  "workspace_activity",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, CASCADE),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    kind: text("kind").notNull(),
    detail: text("detail").notNull().default("{}"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("workspace_activity_time").on(t.workspaceId, t.createdAt), index("workspace_activity_created").on(t.createdAt)],
);

/** Personal API tokens (migrations/0028): the secret only as a hash. */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    hint: text("hint").notNull(),
    canWrite: integer("can_write", { mode: "boolean" }).notNull().default(false),
    expiresAt: text("expires_at"),
    lastUsedAt: text("last_used_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("api_tokens_hash").on(t.tokenHash), index("api_tokens_user").on(t.userId, t.createdAt)],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Which file a comment or reply belongs to (its text lives in the transcript store): `threadId` null for a thread. */
export const commentRefs = sqliteTable(
  "comment_refs",
  {
    id: text("id").primaryKey(),
    audioFileId: text("audio_file_id")
      .notNull()
      .references(() => audioFiles.id, CASCADE),
    threadId: text("thread_id").references((): AnySQLiteColumn => commentRefs.id, CASCADE),
  },
  (t) => [index("comment_refs_file").on(t.audioFileId), index("comment_refs_thread").on(t.threadId)],
);

/** A person a thread mentions, with the thread's resolved flag (the "mentions me" count). */
export const commentMentions = sqliteTable(
  "comment_mentions",
  {
    threadId: text("thread_id")
      .notNull()
      .references(() => commentRefs.id, CASCADE),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    audioFileId: text("audio_file_id")
      .notNull()
      .references(() => audioFiles.id, CASCADE),
    resolved: integer("resolved", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    index("comment_mentions_user").on(t.userId, t.resolved, t.createdAt),
    index("comment_mentions_file").on(t.audioFileId),
  ],
);

/** A workspace's webhook (migrations/0031): its signing secret sealed (worker/webhooks/signing.ts). */
export const webhooks = sqliteTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, CASCADE),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).notNull().$type<WebhookEvent[]>(),
    secret: text("secret").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    failureCount: integer("failure_count").notNull().default(0),
    disabledReason: text("disabled_reason"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("webhooks_workspace").on(t.workspaceId)],
);
export type WebhookRow = typeof webhooks.$inferSelect;

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhooks.id, CASCADE),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("webhook_deliveries_webhook").on(t.webhookId, t.createdAt)],
);

/** When a file's transcript.edited last went to a webhook (at most once a minute). */
export const webhookEditMarks = sqliteTable(
  "webhook_edit_marks",
  {
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhooks.id, CASCADE),
    audioFileId: text("audio_file_id")
      .notNull()
      .references(() => audioFiles.id, CASCADE),
    sentAt: text("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.webhookId, t.audioFileId] })],
);

/** A recording being sent from the browser in chunks (migrations/0032, worker/recordings/). */
export const recordings = sqliteTable(
  "recordings",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, CASCADE),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, CASCADE),
    folderId: text("folder_id").references(() => folders.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    mimeType: text("mime_type").notNull(),
    createdAt: text("created_at").notNull(),
    /** Set when finished: the file its chunks are joined into, and how many. */
    audioFileId: text("audio_file_id"),
    chunkCount: integer("chunk_count"),
  },
  (t) => [
    index("recordings_user").on(t.userId, t.createdAt),
    index("recordings_workspace").on(t.workspaceId),
    index("recordings_created").on(t.createdAt),
  ],
);
export type RecordingRow = typeof recordings.$inferSelect;

export const recordingChunks = sqliteTable(
  "recording_chunks",
  {
    recordingId: text("recording_id")
      .notNull()
      .references(() => recordings.id, CASCADE),
    n: integer("n").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.n] })],
);

/** Which file a highlight belongs to (decision 047): its text and words live in the file's store. */
export const highlightRefs = sqliteTable(
  "highlight_refs",
  {
    id: text("id").primaryKey(),
    audioFileId: text("audio_file_id")
      .notNull()
      .references(() => audioFiles.id, CASCADE),
  },
  (t) => [index("highlight_refs_file").on(t.audioFileId)],
);

/** A workspace's custom highlight label, added by its first use; `labelKey` is the label in lower case. */
export const highlightLabels = sqliteTable(
  "highlight_labels",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, CASCADE),
    labelKey: text("label_key").notNull(),
    label: text("label").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.labelKey] })],
);

/** Sends a person's actions cause, counted per sender and scope for their limits (migrations/0039, worker/lib/send-limits.ts). */
export const sendClaims = sqliteTable(
  "send_claims",
  {
    id: integer("id").primaryKey(),
    kind: text("kind").notNull(),
    senderId: text("sender_id").notNull(),
    scopeId: text("scope_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("send_claims_sender").on(t.kind, t.senderId, t.createdAt),
    index("send_claims_scope").on(t.kind, t.scopeId, t.createdAt),
    index("send_claims_created").on(t.createdAt),
  ],
);

/** A comment e-mail held back by the limits, sent later in the recipient's digest (worker/comments/digest.ts). */
export const missedCommentMails = sqliteTable(
  "missed_comment_mails",
  {
    id: text("id").primaryKey(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, CASCADE),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, CASCADE),
    audioFileId: text("audio_file_id")
      .notNull()
      .references(() => audioFiles.id, CASCADE),
    kind: text("kind").$type<"mention" | "reply">().notNull(),
    actorName: text("actor_name").notNull(),
    fileName: text("file_name").notNull(),
    threadId: text("thread_id").notNull(),
    excerpt: text("excerpt").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("missed_comment_mails_recipient").on(t.recipientId, t.createdAt),
    index("missed_comment_mails_created").on(t.createdAt),
    index("missed_comment_mails_file").on(t.audioFileId),
  ],
);

/** Each person's edit limit, a bucket refilled at a steady rate (migration 0041, worker/auth/edit-budget.ts). */
export const editBudgets = sqliteTable("edit_budgets", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  units: real("units").notNull(),
  at: integer("at").notNull(),
});
