// What each highlight call does once the caller's role is known (workspaces/access.ts): the
// label as the workspace spells it, one call into the file's store (which checks the words and
// who made it, writes and tells the tabs on the file), then D1's reference and the new label.
import type { HighlightCreate, HighlightDto } from "../../common/highlights";
import type { HighlightActor } from "../../durable-objects/transcript-store/highlights";
import type { Db } from "../db/client";
import { highlightRefs, type UserRow } from "../db/schema";
import { batch } from "../lib/d1-batch";
import { changeHighlights } from "../transcripts/store";
import type { CommentTarget } from "../workspaces/access";
import { eq } from "drizzle-orm";
import { addLabel, labelFor } from "./labels";

export interface HighlightCall {
  env: Env;
  db: Db;
  user: UserRow;
  target: CommentTarget;
  clientId: string | null;
}

const actorOf = ({ user, target }: HighlightCall): HighlightActor => ({
  id: user.id,
  name: user.fullName,
  role: target.role,
});

export async function createHighlight(call: HighlightCall, input: HighlightCreate): Promise<HighlightDto> {
  const { env, db, target } = call;
  const label = await labelFor(db, target.workspaceId, input.label);
  const id = crypto.randomUUID();
  const change = { kind: "create", id, startWordId: input.start_word_id, endWordId: input.end_word_id, label: label.label } as const;
  const made = await changeHighlights(env, target.fileId, change, actorOf(call), call.clientId);
  await batch(db, [
    db.insert(highlightRefs).values({ id, audioFileId: target.fileId }),
    ...(label.isNew ? [addLabel(db, target.workspaceId, label.label)] : []),
  ]);
  return made!;
}

export async function removeHighlight(call: HighlightCall, id: string): Promise<void> {
  await changeHighlights(call.env, call.target.fileId, { kind: "delete", id }, actorOf(call), call.clientId);
  await call.db.delete(highlightRefs).where(eq(highlightRefs.id, id));
}
