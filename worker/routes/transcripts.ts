import { type Context, Hono } from "hono";
import { type CompactUtterances, encodeUtterances } from "../../common/compact-utterances";
import { utterancesQuerySchema } from "../../common/utterances-query";
import type { UtteranceDto } from "../../core/transcript";
import { requireAuth } from "../auth/middleware";
import { dataAsJsonText } from "../lib/json-text";
import { validate } from "../lib/validate";
import { readCompactUtterancesJson, readCurrentStates, readSpeakers, readTranscript, readUtterancesJson } from "../transcripts/store";
import type { AppEnv } from "../types";
import { accessFrom } from "../workspaces/access";
import { fileAccess, fileAccessOf } from "../transcripts/file-access";
import { transcriptCommentRoutes } from "./comments";
import { transcriptHighlightRoutes } from "./highlights";
import { editHistoryRoutes } from "./edit-history";
import { transcriptQuestionRoutes } from "./questions";
import { replaceRoutes } from "./replace";
import { redactionRoutes } from "./redactions";
import { speakerMergeRoutes } from "./speaker-merge";
import { transcriptDetailsRoutes } from "./transcript-details";
import { transcriptExportRoutes } from "./transcript-exports";
import { transcriptSummaryRoutes } from "./transcript-summary";
import { transcriptTranslationRoutes } from "./translations";
import { utteranceRoutes } from "./utterances";
import { chapterRoutes } from "./chapters";
import { dataOf, listOf, routeDocs } from "../lib/openapi";
import { speakerSchema, transcriptSchema, utterancesAnswerSchema } from "../../common/response-schemas";

/** The transcript of `:id`, for a member of its workspace (404 for anyone else): answers its id. */
const readable = async (c: Context<AppEnv>) => {
  const fileId = c.req.param("id") ?? "";
  accessFrom(await fileAccessOf(c, fileId), "read");
  return fileId;
};

const doc = routeDocs("Transcripts");

/**
 * Every `/transcripts/{id}` route takes the audio file's id. The editing
 * sub-apps (utterance operations, edit history) are mounted here, behind the
 * same sign-in check.
 */
export const transcriptRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/:id",
    doc({ summary: "Get a transcript (without its utterances)", response: dataOf(transcriptSchema), errors: [404] }),
    fileAccess("id"),
    async (c) => c.json({ data: await readTranscript(c.env, await readable(c)) }, 200),
  )
  .get(
    "/:id/utterances",
    doc({
      summary: "A transcript's utterances",
      description: "All, the first ones, or only those named by `ids`; `format=compact` for the compact shape.",
      response: utterancesAnswerSchema,
      responseDescription: "`{data: {data: [Utterance]}}`, or with `format=compact` `{data: CompactUtterances}`",
      errors: [404],
    }),
    fileAccess("id"),
    validate("query", utterancesQuerySchema),
    async (c) => {
      const { ids, first, format } = c.req.valid("query");
      const audioFileId = await readable(c);
      if (ids) {
        // Only the named ones (another tab applies a change by them); unknown ids are simply absent.
        const list = await readCurrentStates(c.env, audioFileId, ids);
        return format === "compact" ? c.json({ data: encodeUtterances(list) }, 200) : c.json({ data: { data: list } }, 200);
      }
      if (format === "compact") return dataAsJsonText<CompactUtterances>(c, await readCompactUtterancesJson(c.env, audioFileId, first));
      return dataAsJsonText<{ data: UtteranceDto[] }>(c, `{"data":${await readUtterancesJson(c.env, audioFileId, first)}}`);
    },
  )
  .get(
    "/:id/speakers",
    doc({ summary: "A transcript's speakers", response: listOf(speakerSchema), errors: [404] }),
    fileAccess("id"),
    async (c) => c.json({ data: await readSpeakers(c.env, await readable(c)) }, 200),
  )
  .route("/", utteranceRoutes)
  .route("/", replaceRoutes)
  .route("/", redactionRoutes)
  .route("/:id/edit-history", editHistoryRoutes)
  .route("/", transcriptDetailsRoutes)
  .route("/", speakerMergeRoutes)
  .route("/", transcriptExportRoutes)
  .route("/", transcriptSummaryRoutes)
  .route("/", transcriptCommentRoutes)
  .route("/", transcriptQuestionRoutes)
  .route("/", transcriptHighlightRoutes)
  .route("/", chapterRoutes)
  .route("/", transcriptTranslationRoutes);
