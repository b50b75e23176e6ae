// The "Import from a link" form's request, checked in the browser with the API's own schema.
import { linkImportSchema } from "../../../common/imports";
import type { TranscriptionOptions } from "../../../common/transcription-options";
import type { LinkImportInput } from "../api/imports";

/** The import of `url` into a workspace (and a folder of it, or none), or the text to show beside the field. */
export function linkImportRequest(
  url: string,
  target: { workspaceId: string; folderId: string | null },
  options?: TranscriptionOptions,
): { input: LinkImportInput; error: null } | { input: null; error: string } {
  const input: LinkImportInput = {
    url: url.trim(),
    workspace_id: target.workspaceId,
    folder_id: target.folderId,
    ...(options ? { transcription_options: options } : {}),
  };
  const parsed = linkImportSchema.safeParse(input);
  if (!parsed.success) return { input: null, error: parsed.error.issues[0]?.message ?? "Invalid link" };
  return { input, error: null };
}
