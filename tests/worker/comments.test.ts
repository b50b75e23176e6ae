// Comments on a transcript (docs/api.md, Comments): threads anchored to words, replies, resolve,
// authorship and roles, anchors through edits and undo, mentions by e-mail, limits.
import { describe, expect, it } from "vitest";
import { COMMENT_LIMITS, COMMENT_MESSAGES } from "../../common/comments";
import { WORKSPACE_MESSAGES } from "../../common/workspaces";
import { type Json, latestMail, mailsTo } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import {
  sampleTranscript,
  merge,
  split,
  storeTranscript,
  undoOk,
  unchangedWords,
  updateWords,
  utterances,
  userWithTranscript,
} from "./transcript-helpers";
import { openTab, until } from "./live-helpers";
import { inObject } from "./store-helpers";
import { as, team } from "./workspace-helpers";

const comments = async (user: TestUser, fileId: string): Promise<Json[]> =>
  expectStatus(await as(user, "GET", `/transcripts/${fileId}/comments`), 200).data;

const comment = async (user: TestUser, fileId: string, body: Json) =>
  expectStatus(await as(user, "POST", `/transcripts/${fileId}/comments`, body), 201).data;

/** A team file with a stored transcript (moved into the team). */
async function teamFile() {
  const t = await team();
  const { fileId } = await storeTranscript(t.owner);
  expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
  return { t, fileId, list: await utterances(t.owner, fileId) };
}

describe("comments", { timeout: 120_000 }, () => {
  it("anchors a thread to words, in text order, with replies, edits of one's own, resolve and delete", async () => {
    const { user, fileId } = await userWithTranscript("comments");
    const [first, second] = await utterances(user, fileId);
    const w = (u: Json, i: number) => u.transcriptWords[i].id;

    const late = await comment(user, fileId, {
      start_word_id: w(second, 0),
      end_word_id: w(second, 1),
      body: "  Check this <b>quote</b>  ",
    });
    expect(late).toMatchObject({
      body: "Check this <b>quote</b>",
      author: { id: user.id, full_name: expect.any(String) },
      resolved: false,
      resolved_by: null,
      replies: [],
      anchor: {
        start_word_id: w(second, 0),
        end_word_id: w(second, 1),
        start_time: second.transcriptWords[0].startTime,
        end_time: second.transcriptWords[1].endTime,
        text: `${second.transcriptWords[0].text} ${second.transcriptWords[1].text}`,
        removed: false,
      },
    });
    // Across two utterances, and earlier in the text: listed first.
    const early = await comment(user, fileId, { start_word_id: w(first, 2), end_word_id: w(second, 0), body: "Spans a turn" });
    expect((await comments(user, fileId)).map((c) => c.id)).toEqual([early.id, late.id]);

    const reply = expectStatus(await as(user, "POST", `/comments/${late.id}/replies`, { body: "Done" }), 201).data;
    expect(reply.replies.map((r: Json) => r.body)).toEqual(["Done"]);
    const replyId = reply.replies[0].id;
    expectStatus(await as(user, "PATCH", `/comments/${replyId}`, { body: "Done, checked" }), 200);
    const resolved = expectStatus(await as(user, "PATCH", `/comments/${late.id}`, { resolved: true }), 200).data;
    expect(resolved).toMatchObject({ resolved: true, resolved_by: { id: user.id }, replies: [{ body: "Done, checked" }] });
    expect(expectStatus(await as(user, "PATCH", `/comments/${late.id}`, { resolved: false }), 200).data.resolved).toBe(false);
    expect(expectStatus(await as(user, "PATCH", `/comments/${replyId}`, { resolved: true }), 422).error).toBe(
      COMMENT_MESSAGES.replyNotResolvable,
    );

    expectStatus(await as(user, "DELETE", `/comments/${late.id}`), 200);
    expect((await comments(user, fileId)).map((c) => c.id)).toEqual([early.id]);
    // Its reply went with it.
    expectStatus(await as(user, "PATCH", `/comments/${replyId}`, { body: "x" }), 404);
  });

  it("refuses bad input with a clear error", async () => {
    const { user, fileId } = await userWithTranscript("comments-bad");
    // A longer transcript: each transcript's word ids are its own, so its last words are none of this file's.
    const other = await storeTranscript(user, sampleTranscript(40, 4));
    const [first] = await utterances(user, fileId);
    const foreign = (await utterances(user, other.fileId)).at(-1)!;
    const a = first.transcriptWords[0].id;
    const b = first.transcriptWords[2].id;
    const post = (body: Json) => as(user, "POST", `/transcripts/${fileId}/comments`, body);

    expect(expectStatus(await post({ start_word_id: a, end_word_id: b, body: "   " }), 422).error).toBe(COMMENT_MESSAGES.bodyRequired);
    expect(expectStatus(await post({ start_word_id: a, end_word_id: b, body: "x".repeat(5001) }), 422).error).toBe(
      COMMENT_MESSAGES.bodyTooLong,
    );
    expect(expectStatus(await post({ start_word_id: a, end_word_id: b, body: "evil\u202Etxt" }), 422).error).toBe(
      COMMENT_MESSAGES.bodyDirection,
    );
    expect(expectStatus(await post({ start_word_id: b, end_word_id: a, body: "x" }), 422).error).toBe(COMMENT_MESSAGES.anchorReversed);
    // Words of another transcript of the same user.
    const foreignWord = foreign.transcriptWords[0].id;
    expect(expectStatus(await post({ start_word_id: foreignWord, end_word_id: foreignWord, body: "x" }), 422).error).toBe(
      COMMENT_MESSAGES.anchorNotFound,
    );
    expectStatus(await post({ start_word_id: a, end_word_id: b, body: "x", extra: 1 }), 422);
    expect(expectStatus(await post({ start_word_id: a, end_word_id: b, body: "hi", mentions: ["nobody"] }), 422).error).toBe(
      COMMENT_MESSAGES.mentionNotMember,
    );
    expectStatus(await as(user, "GET", "/transcripts/missing/comments"), 404);
    expectStatus(await as(user, "POST", "/comments/missing/replies", { body: "x" }), 404);
    // Line breaks are part of a comment; the body keeps them.
    expect((await comment(user, fileId, { start_word_id: a, end_word_id: a, body: "one\r\ntwo" })).body).toBe("one\ntwo");
  });

  it("lets each role do what it may: viewers read, commenters comment, editors and authors resolve", async () => {
    const { t, fileId, list } = await teamFile();
    const words = { start_word_id: list[0].transcriptWords[0].id, end_word_id: list[0].transcriptWords[1].id, body: "Spelling?" };

    expect(expectStatus(await as(t.viewer, "POST", `/transcripts/${fileId}/comments`, words), 403).error).toBe(
      WORKSPACE_MESSAGES.forbidden,
    );
    expect(expectStatus(await as(t.stranger, "POST", `/transcripts/${fileId}/comments`, words), 404).error).toBeTruthy();
    expectStatus(await as(t.stranger, "GET", `/transcripts/${fileId}/comments`), 404);

    const byCommenter = await comment(t.commenter, fileId, words);
    const byEditor = await comment(t.editor, fileId, words);
    expect((await comments(t.viewer, fileId)).length).toBe(2);
    expectStatus(await as(t.viewer, "POST", `/comments/${byCommenter.id}/replies`, { body: "x" }), 403);
    expectStatus(await as(t.stranger, "POST", `/comments/${byCommenter.id}/replies`, { body: "x" }), 404);
    expectStatus(await as(t.stranger, "PATCH", `/comments/${byCommenter.id}`, { resolved: true }), 404);

    // Only the author edits or deletes; editors and the author resolve.
    expect(expectStatus(await as(t.editor, "PATCH", `/comments/${byCommenter.id}`, { body: "mine now" }), 403).error).toBe(
      COMMENT_MESSAGES.notAuthor,
    );
    expectStatus(await as(t.editor, "DELETE", `/comments/${byCommenter.id}`), 403);
    expect(expectStatus(await as(t.commenter, "PATCH", `/comments/${byEditor.id}`, { resolved: true }), 403).error).toBe(
      COMMENT_MESSAGES.resolveNotAllowed,
    );
    expectStatus(await as(t.commenter, "PATCH", `/comments/${byCommenter.id}`, { resolved: true }), 200);
    const reopened = expectStatus(await as(t.owner, "PATCH", `/comments/${byCommenter.id}`, { resolved: false }), 200).data;
    expect(reopened.resolved).toBe(false);
    expectStatus(await as(t.editor, "PATCH", `/comments/${byCommenter.id}`, { resolved: true }), 200);
    expectStatus(await as(t.commenter, "DELETE", `/comments/${byCommenter.id}`), 200);
  });

  it("keeps anchors through edits, splits, merges and deletion, and undo brings them back", async () => {
    const { user, fileId } = await userWithTranscript("comments-anchor");
    const [first, second] = await utterances(user, fileId);
    const ids = first.transcriptWords.map((w: Json) => w.id);
    const thread = await comment(user, fileId, { start_word_id: ids[1], end_word_id: ids[2], body: "Anchored" });
    const anchor = async () => (await comments(user, fileId)).find((c) => c.id === thread.id).anchor;

    // Correcting an anchored word keeps the anchor on it, with the new text.
    await updateWords(user, fileId, first.id, {
      version: first.version,
      words: first.transcriptWords.map((w: Json, i: number) => (i === 1 ? { id: w.id, text: "Fixed" } : { id: w.id })),
    });
    expect(await anchor()).toMatchObject({ start_word_id: ids[1], end_word_id: ids[2], text: `Fixed ${first.transcriptWords[2].text}` });

    // Split between the anchored words, then merge back: the anchor spans the two halves, then one.
    const [now] = await utterances(user, fileId);
    await split(user, fileId, first.id, { version: now.version, first_word_id: ids[2], new_utterance_id: "split-half" });
    expect(await anchor()).toMatchObject({ start_word_id: ids[1], end_word_id: ids[2], removed: false });
    const afterSplit = await utterances(user, fileId);
    await merge(user, fileId, afterSplit[0].id, { version: afterSplit[0].version, source_version: afterSplit[1].version });
    expect(await anchor()).toMatchObject({ start_word_id: ids[1], end_word_id: ids[2], removed: false });

    // Deleting the first anchored word shrinks it; deleting both marks it removed at its time.
    const [merged] = await utterances(user, fileId);
    const keep = (drop: string[]) => merged.transcriptWords.filter((w: Json) => !drop.includes(w.id)).map((w: Json) => ({ id: w.id }));
    await updateWords(user, fileId, merged.id, { version: merged.version, words: keep([ids[1]]) });
    expect(await anchor()).toMatchObject({ start_word_id: ids[2], end_word_id: ids[2], removed: false });
    const [shrunk] = await utterances(user, fileId);
    await updateWords(user, fileId, shrunk.id, {
      version: shrunk.version,
      words: unchangedWords(shrunk).filter((w: Json) => w.id !== ids[2]),
    });
    expect(await anchor()).toMatchObject({ removed: true, start_time: first.transcriptWords[1].startTime });
    // Still listed (text order by time) before a comment on the second utterance.
    const later = await comment(user, fileId, {
      start_word_id: second.transcriptWords[0].id,
      end_word_id: second.transcriptWords[0].id,
      body: "b",
    });
    expect((await comments(user, fileId)).map((c) => c.id)).toEqual([thread.id, later.id]);

    await undoOk(user, fileId);
    expect(await anchor()).toMatchObject({ start_word_id: ids[2], end_word_id: ids[2], removed: false });
    await undoOk(user, fileId);
    expect(await anchor()).toMatchObject({ start_word_id: ids[1], end_word_id: ids[2], removed: false });
  });

  it("e-mails the people mentioned, and the thread's people on a reply, as their preference allows", async () => {
    const { t, fileId, list } = await teamFile();
    const words = { start_word_id: list[1].transcriptWords[0].id, end_word_id: list[1].transcriptWords[0].id };
    // The editor has the app open on another file: their own channel hears of the mention.
    const editorTab = await openTab(t.editor, "comments_changed");
    const thread = await comment(t.commenter, fileId, { ...words, body: "@Editor is this right?", mentions: [t.editor.id] });
    expect(await until(() => editorTab.messages.some((m) => m.comment_ids.includes(thread.id)), 1_000)).toBe(true);
    expect(thread.mentions).toEqual([{ id: t.editor.id, full_name: expect.any(String) }]);
    const mail = await latestMail(t.editor.email);
    expect(mail.subject).toContain("mentioned you");
    expect(mail.text).toContain("is this right?");
    expect(mail.text).toContain(`/dashboard/file/${fileId}?comment=${thread.id}`);

    // The editor's count of open mentions, gone once resolved.
    const mentions = async (u: TestUser) => expectStatus(await as(u, "GET", "/comments/mentions"), 200);
    expect((await mentions(t.editor)).data).toEqual([expect.objectContaining({ comment_id: thread.id, audio_file_id: fileId })]);
    expect((await mentions(t.editor)).meta.total).toBe(1);

    // A reply reaches the thread's author (the commenter); the viewer who turned mentions off hears nothing.
    expectStatus(await as(t.viewer, "PUT", "/preferences", { preferences: { notifications: { email_mentions: false } } }), 200);
    expectStatus(await as(t.editor, "POST", `/comments/${thread.id}/replies`, { body: "Yes, @Viewer", mentions: [t.viewer.id] }), 201);
    const toAuthor = await latestMail(t.commenter.email);
    expect(toAuthor.subject).toContain("replied");
    expect((await mailsTo(t.viewer.email)).filter((m) => m.subject.includes("comment"))).toEqual([]);

    const heard = editorTab.messages.length;
    expectStatus(await as(t.commenter, "PATCH", `/comments/${thread.id}`, { resolved: true }), 200);
    expect((await mentions(t.editor)).meta.total).toBe(0);
    expect(await until(() => editorTab.messages.length > heard, 1_000)).toBe(true);
    editorTab.close();
    // A stranger cannot be mentioned.
    expectStatus(await as(t.commenter, "POST", `/transcripts/${fileId}/comments`, { ...words, body: "x", mentions: [t.stranger.id] }), 422);
  });

  it("refuses a thread or a reply past the file's and the thread's limits with 403", async () => {
    const { user, fileId } = await userWithTranscript("comments-limits");
    const [first] = await utterances(user, fileId);
    const id = first.transcriptWords[0].id;
    const thread = await comment(user, fileId, { start_word_id: id, end_word_id: id, body: "limit" });
    // The replies up to the limit written into the store directly (two hundred requests would only slow the suite).
    await inObject(fileId, (sql) => {
      for (let i = 1; i < COMMENT_LIMITS.repliesPerThread; i++)
        sql.exec(
          "INSERT INTO comments (id, file_id, thread, body, author_id, author_name, created_at, updated_at) VALUES (?, ?, ?, 'r', ?, 'A', ?, ?)",
          `${thread.id}-r${i}`,
          fileId,
          thread.id,
          user.id,
          thread.created_at,
          thread.created_at,
        );
    });
    expectStatus(await as(user, "POST", `/comments/${thread.id}/replies`, { body: "the last one" }), 201);
    expect(expectStatus(await as(user, "POST", `/comments/${thread.id}/replies`, { body: "one more" }), 403).error).toBe(
      COMMENT_MESSAGES.tooManyReplies,
    );

    // Threads up to the file's limit, the same way.
    await inObject(fileId, (sql) => {
      for (let i = 1; i < COMMENT_LIMITS.threadsPerFile - 1; i++)
        sql.exec(
          "INSERT INTO comments (id, file_id, body, author_id, author_name, created_at, updated_at, word_ids, start_time, end_time, text) VALUES (?, ?, 't', ?, 'A', ?, ?, ?, 0, 0, '')",
          `${thread.id}-t${i}`,
          fileId,
          user.id,
          thread.created_at,
          thread.created_at,
          JSON.stringify([id]),
        );
    });
    const words = { start_word_id: id, end_word_id: id };
    expectStatus(await as(user, "POST", `/transcripts/${fileId}/comments`, { ...words, body: "the last thread" }), 201);
    expect(expectStatus(await as(user, "POST", `/transcripts/${fileId}/comments`, { ...words, body: "one more" }), 403).error).toBe(
      COMMENT_MESSAGES.tooManyThreads,
    );
  });

  it("a new account sees none of another's comments", async () => {
    const { user, fileId } = await userWithTranscript("comments-private");
    const [first] = await utterances(user, fileId);
    const thread = await comment(user, fileId, {
      start_word_id: first.transcriptWords[0].id,
      end_word_id: first.transcriptWords[0].id,
      body: "mine",
    });
    const other = await createUser("comments-other");
    expectStatus(await as(other, "GET", `/transcripts/${fileId}/comments`), 404);
    expectStatus(await as(other, "DELETE", `/comments/${thread.id}`), 404);
  });
});
