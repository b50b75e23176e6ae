import type { z } from "zod";
import type { linkImportSchema } from "../../../common/imports";
import { api, call } from "./client";

export type LinkImportInput = z.input<typeof linkImportSchema>;

/** Import from a link (docs/api.md, "Import from a link"): answered at once with the file, processing. */
export const importApi = {
  fromLink: async (input: LinkImportInput) => (await call(api.audio_files.import.$post({ json: input }), "Could not import the link")).data,
};
