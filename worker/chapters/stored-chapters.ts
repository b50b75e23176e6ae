// A transcript's chapters as the Worker reads them: one call into the store object holding them.
import type { ChaptersAnswer } from "../../common/chapters";
import { transcriptRoom } from "../objects";
import { unwrap } from "../transcripts/store";

/** The chapters in order and the state of a generation; 404 for a file the store does not hold. */
export async function readChapters(env: Env, fileId: string): Promise<ChaptersAnswer> {
  return unwrap<ChaptersAnswer>(await transcriptRoom(env, fileId).readChapters(fileId));
}
