import { Hono } from "hono";
import { IMPORT_MESSAGES, linkImportSchema } from "../../common/imports";
import { WEBHOOK_MESSAGES } from "../../common/webhooks";
import { requireAuth } from "../auth/middleware";
import { preferencesOf } from "../auth/users";
import { importFromLink } from "../imports/start";
import { unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { toDto } from "../library/audio-files";
import { tellLibraryChanged } from "../live/library-changed";
import { requestedOptions } from "../transcription/options";
import type { AppEnv } from "../types";
import { urlProblem } from "../webhooks/addresses";
import { destinationOf } from "../library/admission";
import { audioFileDtoSchema } from "../../common/response-schemas";
import { dataOf, routeDocs } from "../lib/openapi";

/** The address check's reason in an import's words. */
const importRefusal = (problem: string) =>
  problem === WEBHOOK_MESSAGES.urlNotPublic
    ? IMPORT_MESSAGES.notPublic
    : problem === WEBHOOK_MESSAGES.urlInvalid
      ? IMPORT_MESSAGES.urlInvalid
      : problem;

/** `POST /audio_files/import`: a file from a link, fetched by a job and then transcribed as an upload. */
export const importRoutes = new Hono<AppEnv>().use(requireAuth).post(
  "/import",
  routeDocs("Audio files")({
    summary: "Import an audio file from a link",
    description: "The file is fetched by a job (status `processing`), then transcribed as an upload. A refused link answers 422.",
    status: 202,
    response: dataOf(audioFileDtoSchema),
    errors: [404],
  }),
  validate("json", linkImportSchema, [
    { url: "https://media.example.com/interviews/2024-05-14.mp3", transcription_options: { language: "en", speakers: 2 } },
  ]),
  async (c) => {
    const input = c.req.valid("json");
    const problem = urlProblem(input.url, c.var.config.ENVIRONMENT === "development");
    if (problem) throw unprocessable(importRefusal(problem));
    // What the link holds is checked by the import's job, once its first bytes are read.
    const workspaceId = await destinationOf(c.var.db, c.var.user.id, input, "later");
    const preferences = preferencesOf(c.var.user);
    const options = requestedOptions(c.var.config, preferences, input.transcription_options, preferences.transcription.defaults);
    const file = await importFromLink(c.env, c.var.db, c.var.config, {
      userId: c.var.user.id,
      workspaceId,
      url: input.url,
      folderId: input.folder_id ?? null,
      options,
    });
    tellLibraryChanged(c, workspaceId);
    return c.json({ data: toDto(file) }, 202);
  },
);
