// What each comment call does, once the caller's role is known (workspaces/access.ts): one call
// into the file's store (which checks the anchor and authorship, writes, and tells the tabs on
// the file), then D1's references and mentions, then the e-mails.
import type { CommentCreate, CommentDto, CommentPerson, CommentUpdate, ReplyCreate } from "../../common/comments";
import type { CommentActor } from "../../durable-objects/transcript-store/comments";
import type { CommentsChange } from "../../durable-objects/transcript-store/comment-changes";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { commentsChangedMessage } from "../../common/live-messages";
import { publish } from "../live/publish";
import { changeComments } from "../transcripts/store";
import type { CommentTarget } from "../workspaces/access";
import { emailAboutComment } from "./notify";
import { forgetComment, mentionedMembers, recordComment, recordUpdate } from "./records";

export interface CommentCall {
  env: Env;
  config: Config;
  db: Db;
  user: UserRow;
  target: CommentTarget;
  clientId: string | null;
}

const actorOf = ({ user, target }: CommentCall): CommentActor => ({
  id: user.id,
  name: user.fullName,
  role: target.role,
});

async function change(call: CommentCall, c: CommentsChange) {
  return changeComments(call.env, call.target.fileId, c, actorOf(call), call.clientId);
}

function notice(call: CommentCall, kind: "mention" | "reply", threadId: string, body: string) {
  const { user, target } = call;
  return {
    kind,
    actorId: user.id,
    actorName: user.fullName,
    workspaceId: target.workspaceId,
    fileId: target.fileId,
    fileName: target.fileName,
    threadId,
    body,
  };
}

/**
 * The people a thread mentions hear of a change on their own channel too, so the count of open
 * mentions moves in every tab, not only in one with the file open (whose file socket hears it already).
 */
async function tellMentioned(call: CommentCall, threadId: string, people: readonly CommentPerson[]): Promise<void> {
  const ids = new Set(people.map((p) => p.id));
  const message = commentsChangedMessage(call.target.fileId, threadId, call.clientId);
  await Promise.all([...ids].map((id) => publish(call.env, id, message)));
}

const mentionedIn = (thread: CommentDto) => [thread, ...thread.replies].flatMap((c) => c.mentions);

export async function createThread(call: CommentCall, input: CommentCreate): Promise<CommentDto> {
  const mentions = await mentionedMembers(call.db, call.target.workspaceId, input.mentions);
  const id = crypto.randomUUID();
  const done = await change(call, {
    kind: "create",
    thread: { id, startWordId: input.start_word_id, endWordId: input.end_word_id, body: input.body, mentions },
  });
  await recordComment(call.db, { id, fileId: call.target.fileId, threadId: null, mentions, authorId: call.user.id, resolved: false });
  await tellMentioned(call, id, mentions);
  await emailAboutComment(call.env, call.config, call.db, mentions, notice(call, "mention", id, input.body));
  return done.answer!.thread;
}

export async function replyTo(call: CommentCall, threadId: string, input: ReplyCreate): Promise<CommentDto> {
  const mentions = await mentionedMembers(call.db, call.target.workspaceId, input.mentions);
  const id = crypto.randomUUID();
  const done = await change(call, { kind: "reply", threadId, reply: { id, body: input.body, mentions } });
  const { thread, participants } = done.answer!;
  await recordComment(call.db, { id, fileId: call.target.fileId, threadId, mentions, authorId: call.user.id, resolved: thread.resolved });
  // Those newly mentioned hear they were; everyone else in the thread that there is a reply.
  const mentioned = new Set(mentions.map((m) => m.id));
  await tellMentioned(call, threadId, mentions);
  await Promise.all([
    emailAboutComment(call.env, call.config, call.db, mentions, notice(call, "mention", threadId, input.body)),
    emailAboutComment(
      call.env,
      call.config,
      call.db,
      participants.filter((p) => !mentioned.has(p.id)),
      notice(call, "reply", threadId, input.body),
    ),
  ]);
  return thread;
}

export async function updateComment(call: CommentCall, id: string, input: CommentUpdate): Promise<CommentDto> {
  const mentions = input.body !== undefined ? await mentionedMembers(call.db, call.target.workspaceId, input.mentions ?? []) : [];
  const done = await change(call, {
    kind: "update",
    id,
    change: {
      ...(input.body !== undefined ? { body: input.body, mentions } : {}),
      ...(input.resolved !== undefined ? { resolved: input.resolved } : {}),
    },
  });
  const { thread } = done.answer!;
  const before = new Set([thread, ...thread.replies].filter((c) => c.id !== id).flatMap((c) => c.mentions.map((m) => m.id)));
  await recordUpdate(call.db, {
    threadId: thread.id,
    fileId: call.target.fileId,
    mentions,
    authorId: call.user.id,
    resolved: thread.resolved,
  });
  const added = mentions.filter((m) => !before.has(m.id));
  // A resolve or reopen changes everyone's count; an edit only the newly mentioned people's.
  await tellMentioned(call, thread.id, input.resolved !== undefined ? mentionedIn(thread) : added);
  if (input.body !== undefined && added.length)
    await emailAboutComment(call.env, call.config, call.db, added, notice(call, "mention", thread.id, input.body));
  return thread;
}

export async function deleteComment(call: CommentCall, id: string): Promise<void> {
  await change(call, { kind: "delete", id });
  await forgetComment(call.db, id);
}
