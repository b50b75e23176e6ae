import * as z from "zod";
import { IMPORT_LIMITS } from "../common/imports";
import { DEFAULT_QUOTAS } from "../common/limits";
import { SHARE_LIMITS } from "../common/shares";
import { DEFAULT_RETRY_SECONDS } from "../common/webhooks";
import { SERVICE_NAMES } from "./transcription/services";

const flag = () =>
  z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true");

/**
 * Vars and secrets the Worker needs; checked once per isolate so a bad deploy fails loudly. Built on
 * that first check, not when the isolate starts (start-up has a CPU limit of its own).
 */
const buildConfigSchema = () =>
  z.object({
    ENVIRONMENT: z.enum(["development", "production"]),
    JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters (run `openssl rand -hex 32`)"),
    APP_NAME: z.string().min(1).default("Transcribe"),
    /** The SPA's origin: every link in an e-mail points here, never at a request's Host. */
    APP_URL: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined))
      .transform((v) => v?.replace(/\/+$/, "")),
    EMAIL_FROM: z.email(),
    GOOGLE_CLIENT_ID: z
      .string()
      .optional()
      .transform((v) => (v ? v : null)),
    GOOGLE_JWKS_URL: z.url(),
    TRANSCRIPTION_SERVICE: z.enum(SERVICE_NAMES),
    FEATURE_SERVICE_SELECTION: flag(),
    FEATURE_UTTERANCE_META_COLUMN: flag(),
    FEATURE_DEBUG: flag(),
    /** Set when `wrangler dev` reaches Workers AI remotely (needs a Cloudflare login). */
    WORKERS_AI_REMOTE: flag(),
    OPENAI_BASE_URL: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).default("whisper-1"),
    OPENAI_MAX_FILE_SIZE_MB: z.coerce.number().positive().default(25),
    /** A chat model on the OpenAI-compatible server: summaries are written with it. */
    OPENAI_CHAT_MODEL: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** The Workers AI text model for summaries where Workers AI runs. */
    SUMMARY_WORKERS_AI_MODEL: z.string().min(1).default("@cf/meta/llama-3.1-8b-instruct"),
    /**
     * A processing file with no sign of its job for this long is checked by the recovery sweep: if its
     * queue message never started a workflow it is re-queued, or failed after a few tries.
     */
    JOB_LOST_AFTER_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(16 * 60),
    /**
     * The first wait before a transcription request that failed is tried again; each later one doubles
     * (a service's Retry-After, when it sends one, is the wait instead). Tests make it short.
     */
    TRANSCRIPTION_RETRY_SECONDS: z.coerce.number().min(0).max(900).default(30),
    /** A link import waits this long for the link's answer; the body is then timed only by IMPORT_DOWNLOAD_SECONDS. */
    IMPORT_ANSWER_SECONDS: z.coerce
      .number()
      .positive()
      .max(120)
      .default(IMPORT_LIMITS.answerMs / 1000),
    /** The whole download of a link import at most: under the queue consumer's 15 minutes. */
    IMPORT_DOWNLOAD_SECONDS: z.coerce
      .number()
      .positive()
      .max(14 * 60)
      .default(IMPORT_LIMITS.downloadMs / 1000),
    /** Per-user quotas (common/limits.ts has the defaults and texts). */
    QUOTA_FOLDERS: z.coerce.number().int().positive().default(DEFAULT_QUOTAS.folders),
    QUOTA_FILES: z.coerce.number().int().positive().default(DEFAULT_QUOTAS.files),
    QUOTA_STORAGE_GB: z.coerce.number().positive().default(DEFAULT_QUOTAS.storageGb),
    QUOTA_TRANSCRIPTIONS_PER_HOUR: z.coerce.number().int().positive().default(DEFAULT_QUOTAS.transcriptionsPerHour),
    QUOTA_SHARES: z.coerce.number().int().positive().default(SHARE_LIMITS.perUserDefault),
    /** Seconds before each retry of a failed webhook delivery, comma-separated (tests make them short). */
    WEBHOOK_RETRY_SECONDS: z
      .string()
      .optional()
      .transform((v) => (v ? v.split(",").map((n) => Number(n.trim())) : [...DEFAULT_RETRY_SECONDS]))
      .pipe(z.array(z.number().int().min(0).max(43_200)).min(1).max(9)),
    /** `low`: far cheaper password hashes, so test runs that sign up hundreds of accounts stay quick. */
    PASSWORD_HASH_COST: z.enum(["standard", "low"]).default("standard"),
    /** R2 S3 credentials: with all four, uploads and playback use real presigned URLs. */
    R2_ACCOUNT_ID: z.string().optional(),
    R2_ACCESS_KEY_ID: z.string().optional(),
    R2_SECRET_ACCESS_KEY: z.string().optional(),
    R2_BUCKET_NAME: z.string().optional(),
  });

/** Where `npm start` serves by default; the local default for APP_URL. */
export const LOCAL_APP_URL = "http://localhost:8787";

const buildCheckedSchema = () =>
  buildConfigSchema()
    .refine((c) => c.ENVIRONMENT !== "production" || c.APP_URL, {
      message: "APP_URL is required in production: the origin of the app, which links in e-mails point at",
      path: ["APP_URL"],
    })
    .refine((c) => c.ENVIRONMENT === "development" || c.PASSWORD_HASH_COST === "standard", {
      message: "PASSWORD_HASH_COST=low is for test runs in development only",
      path: ["PASSWORD_HASH_COST"],
    })
    .transform((c) => ({ ...c, APP_URL: c.APP_URL ?? LOCAL_APP_URL }));

export type Config = z.infer<ReturnType<typeof buildCheckedSchema>>;
let checkedSchema: ReturnType<typeof buildCheckedSchema> | undefined;

export class ConfigError extends Error {
  override name = "ConfigError";
}

const cache = new WeakMap<object, Config>();

export function getConfig(env: Env): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  checkedSchema ??= buildCheckedSchema();
  const parsed = checkedSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Invalid Worker configuration (check wrangler.toml vars and secrets): ${problems}`);
  }
  cache.set(env, parsed.data);
  return parsed.data;
}
