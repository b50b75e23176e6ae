// The changes a file's comments take, as one tagged value, so the Worker makes one call for each
// (the object runs it, answers the thread and tells the tabs on the file).
import {
  addReply,
  type CommentActor,
  type CommentChange,
  createThread,
  deleteComment,
  type NewReply,
  type NewThread,
  type ThreadAnswer,
  updateComment,
} from "./comments";

export type CommentsChange =
  | { kind: "create"; thread: NewThread }
  | { kind: "reply"; threadId: string; reply: NewReply }
  | { kind: "update"; id: string; change: CommentChange }
  | { kind: "delete"; id: string };

/** What a change answers: the thread it concerns, and the thread as it now reads (absent once deleted). */
export type CommentsChangeDone = { threadId: string; answer: ThreadAnswer | null; threadDeleted: boolean };

export function runCommentsChange(
  storage: DurableObjectStorage,
  fileId: string,
  change: CommentsChange,
  actor: CommentActor,
): CommentsChangeDone {
  switch (change.kind) {
    case "create":
      return { threadId: change.thread.id, answer: createThread(storage, fileId, change.thread, actor), threadDeleted: false };
    case "reply":
      return { threadId: change.threadId, answer: addReply(storage, fileId, change.threadId, change.reply, actor), threadDeleted: false };
    case "update": {
      const answer = updateComment(storage, fileId, change.id, change.change, actor);
      return { threadId: answer.thread.id, answer, threadDeleted: false };
    }
    case "delete": {
      const { threadId, threadDeleted } = deleteComment(storage, fileId, change.id, actor);
      return { threadId, answer: null, threadDeleted };
    }
  }
}
