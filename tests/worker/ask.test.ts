// POST /ask and GET /transcripts/{id}/questions: answers built only from retrieved utterances,
// citing them; nothing retrieved answers without the model; invented citations dropped; an
// unreadable model answer retried once, then a clear error; streamed as events; a file's
// readers ask and see its recent questions, nobody else's files are ever retrieved.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ASK_LIMITS, ASK_MESSAGES } from "../../common/ask";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import worker from "../../worker/index";
import { FAKE_OPENAI_BASE_URL, FAKE_OPENAI_ORIGIN } from "../support/fake-openai";
import { threeHourTranscript } from "../support/three-hour";
import { apiRequest, type Json } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { saying, storeTranscript, utterances } from "./transcript-helpers";
import { as, team } from "./workspace-helpers";

/** The Worker with a chat model on the (fake) OpenAI-compatible server. */
const chatEnv = Object.create(env, {
  OPENAI_BASE_URL: { value: FAKE_OPENAI_BASE_URL },
  OPENAI_CHAT_MODEL: { value: "test-chat-model" },
}) as Env;

async function ask(user: TestUser, body: Json, headers: Record<string, string> = {}) {
  const res = await worker.fetch(apiRequest("POST", "/ask", body, { token: user.token, headers }), chatEnv, createExecutionContext());
  return res;
}

async function askOk(user: TestUser, body: Json) {
  const res = await ask(user, body);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text).data as { answer: string; citations: Json[] };
}

async function askStatus(user: TestUser, body: Json, status: number) {
  const res = await ask(user, body);
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text);
}

/** The questions the model was asked (the fake records each). */
const modelAsked = async () => (await (await fetch(`${FAKE_OPENAI_ORIGIN}/fake/asked`)).json()) as string[];
const timesAsked = async (question: string) => (await modelAsked()).filter((q) => q === question).length;

/** A 3-hour transcript (3,000 utterances) in which utterance `at` alone says `term`. */
function longSaying(term: string, at: number) {
  const t = threeHourTranscript();
  const u = t.utterances[at]!;
  u.words[4] = { ...u.words[4]!, text: term };
  return t;
}

describe("ask", { timeout: 120_000 }, () => {
  it("answers a question about a term said once in 3 hours citing exactly that utterance", async () => {
    const user = await createUser("ask");
    const { fileId } = await storeTranscript(user, longSaying("zeppelin", 1_234));
    const target = (await utterances(user, fileId))[1_234];
    const question = "What did they say about the zeppelin?";
    const { answer, citations } = await askOk(user, { question, file_id: fileId });
    expect(citations).toEqual([
      {
        file_id: fileId,
        utterance_id: target.id,
        start_time: target.startTime,
        end_time: target.endTime,
        text: expect.stringContaining("zeppelin"),
      },
    ]);
    expect(answer).toMatch(/zeppelin.*\[1\]/);
    expect(await timesAsked(question)).toBe(1);
  });

  it("asks the whole library: cites both files that say it, never another person's", async () => {
    const user = await createUser("ask-lib");
    const other = await createUser("ask-other");
    const a = await storeTranscript(user, saying("we met at the aquarium on monday", "nothing else"));
    const b = await storeTranscript(user, saying("unrelated words here", "the aquarium tickets were cheap"));
    await storeTranscript(user, saying("no fish today"));
    const theirs = await storeTranscript(other, saying("my aquarium aquarium secret"));
    const { answer, citations } = await askOk(user, { question: "What happened at the aquarium?" });
    expect(new Set(citations.map((c) => c.file_id))).toEqual(new Set([a.fileId, b.fileId]));
    expect(citations.map((c) => c.file_id)).not.toContain(theirs.fileId);
    expect(answer).toContain("[1]");
    expect(answer).toContain("[2]");
  });

  it("answers with Workers AI where it runs, streamed the same way", async () => {
    const user = await createUser("ask-workers-ai");
    const { fileId } = await storeTranscript(user, saying("the zeppelin landed at noon", "then lunch"));
    const remote = Object.create(env, { WORKERS_AI_REMOTE: { value: "true" } }) as Env;
    const res = await worker.fetch(
      apiRequest("POST", "/ask", { question: "When did the zeppelin land?", file_id: fileId }, { token: user.token }),
      remote,
      createExecutionContext(),
    );
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.answer).toBe("Workers AI says: the zeppelin landed at noon [1].");
    expect(body.data.citations).toHaveLength(1);
  });

  it("answers that nothing was found without calling the model", async () => {
    const user = await createUser("ask-none");
    const { fileId } = await storeTranscript(user, saying("the budget looks fine", "hiring plans next"));
    const question = "Where do they discuss xylophones?";
    expect(await askOk(user, { question, file_id: fileId })).toEqual({ answer: ASK_MESSAGES.notFoundInFile, citations: [] });
    expect(await askOk(user, { question })).toEqual({ answer: ASK_MESSAGES.notFoundInLibrary, citations: [] });
    // Only stop words: nothing to look for.
    expect((await askOk(user, { question: "What did they say about it?", file_id: fileId })).citations).toEqual([]);
    expect(await timesAsked(question)).toBe(0);
  });

  it("drops a citation of a passage that was not given", async () => {
    const user = await createUser("ask-invented");
    const { fileId } = await storeTranscript(user, saying("the zeppelin landed at noon", "then lunch"));
    const { answer, citations } = await askOk(user, { question: "ask-invented: when did the zeppelin land?", file_id: fileId });
    expect(citations).toHaveLength(1);
    expect(answer).toContain("[1]");
    expect(answer).not.toMatch(/\[(2|99)\]/);
    expect(answer).toMatch(/Also this and that\.$/);
  });

  it("retries an unreadable answer once, then fails with a clear 502", async () => {
    const user = await createUser("ask-malformed");
    const { fileId } = await storeTranscript(user, saying("the zeppelin landed at noon"));
    const once = "ask-malformed-once: when did the zeppelin land?";
    expect((await askOk(user, { question: once, file_id: fileId })).answer).toContain("[1]");
    expect(await timesAsked(once)).toBe(2);

    const always = "ask-malformed: when did the zeppelin land?";
    expect(await askStatus(user, { question: always, file_id: fileId }, 502)).toMatchObject({ error: ASK_MESSAGES.malformed });
    expect(await timesAsked(always)).toBe(2);
    // A model that fails is not retried: its error says so.
    const failing = "ask-fail: when did the zeppelin land?";
    expect(await askStatus(user, { question: failing, file_id: fileId }, 502)).toMatchObject({ error: ASK_MESSAGES.failed });
  });

  it("refuses an empty or too long question, and a stranger's or missing file alike", async () => {
    const user = await createUser("ask-input");
    const stranger = await createUser("ask-stranger");
    const { fileId } = await storeTranscript(user, saying("the zeppelin landed at noon"));
    expect(await askStatus(user, { question: "   ", file_id: fileId }, 422)).toEqual({ error: ASK_MESSAGES.questionRequired });
    expect(await askStatus(user, { file_id: fileId }, 422)).toEqual({ error: ASK_MESSAGES.questionRequired });
    const long = "zeppelin ".repeat(ASK_LIMITS.questionMax / 9 + 1);
    expect(await askStatus(user, { question: long, file_id: fileId }, 422)).toEqual({ error: ASK_MESSAGES.questionTooLong });
    const missing = await askStatus(user, { question: "zeppelin?", file_id: crypto.randomUUID() }, 404);
    expect(missing).toEqual({ error: EDIT_MESSAGES.transcriptNotFound });
    expect(await askStatus(stranger, { question: "zeppelin?", file_id: fileId }, 404)).toEqual(missing);
    expect(expectStatus(await as(stranger, "GET", `/transcripts/${fileId}/questions`), 404)).toEqual(missing);
    // Another person's workspace is the 404 of one that does not exist.
    expect((await ask(stranger, { question: "zeppelin?", workspace_id: user.id })).status).toBe(404);
  });

  it("streams citations first, then the answer's tokens, then the cleaned answer", async () => {
    const user = await createUser("ask-stream");
    const { fileId } = await storeTranscript(user, saying("the zeppelin landed at noon", "then lunch"));
    const question = "ask-invented: when did the zeppelin land?";
    const res = await ask(user, { question, file_id: fileId }, { accept: "text/event-stream" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = (await res.text())
      .split("\n\n")
      .filter(Boolean)
      .map((block) => ({
        event: /^event: (.*)$/m.exec(block)![1],
        data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!),
      }));
    const names = events.map((e) => e.event);
    expect(names[0]).toBe("citations");
    expect(names.at(-1)).toBe("done");
    expect(names.slice(1, -1).every((n) => n === "token")).toBe(true);
    expect(names.length).toBeGreaterThan(3);
    const json = await askOk(user, { question, file_id: fileId });
    expect(events[0]!.data).toEqual({ citations: json.citations });
    expect(events.at(-1)!.data).toEqual(json);
    // Tokens are the model's text as it came; done carries it without the invented citations.
    const streamed = events
      .filter((e) => e.event === "token")
      .map((e) => e.data.text)
      .join("");
    expect(streamed).toContain("[99]");
    expect(events.at(-1)!.data.answer).not.toContain("[99]");

    const failed = await ask(user, { question: "ask-fail: the zeppelin?", file_id: fileId }, { accept: "text/event-stream" });
    const blocks = (await failed.text()).split("\n\n").filter(Boolean);
    expect(blocks.map((b) => /^event: (.*)$/m.exec(b)![1])).toEqual(["citations", "error"]);
    expect(blocks[1]).toContain(JSON.stringify({ error: ASK_MESSAGES.failed }));
  });

  it("lets every member who reads a team file ask, keeps its recent questions for them, and a stranger gets 404", async () => {
    const t = await team();
    const { fileId } = await storeTranscript(t.owner, saying("the zeppelin budget was approved", "good"));
    expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
    const first = await askOk(t.viewer, { question: "Was the zeppelin budget approved?", file_id: fileId });
    expect(first.citations).toHaveLength(1);
    // The team's library: the file moved in keeps its transcript in its first store, and is found.
    const library = await askOk(t.commenter, { question: "zeppelin budget?", workspace_id: t.workspace.id });
    expect(library.citations.map((c) => c.file_id)).toEqual([fileId]);
    // The owner's personal library no longer holds the file.
    expect((await askOk(t.owner, { question: "zeppelin budget?" })).citations).toEqual([]);
    expect(await askStatus(t.stranger, { question: "zeppelin?", file_id: fileId }, 404)).toEqual({
      error: EDIT_MESSAGES.transcriptNotFound,
    });
    expect((await ask(t.stranger, { question: "zeppelin?", workspace_id: t.workspace.id })).status).toBe(404);

    await askOk(t.editor, { question: "Who approved the zeppelin?", file_id: fileId });
    const recent = expectStatus(await as(t.viewer, "GET", `/transcripts/${fileId}/questions`), 200).data;
    expect(recent.map((q: Json) => [q.question, q.asked_by.id])).toEqual([
      ["Who approved the zeppelin?", t.editor.id],
      ["Was the zeppelin budget approved?", t.viewer.id],
    ]);
    expect(recent[1]).toMatchObject({ answer: first.answer, citations: first.citations, asked_at: expect.any(String) });
  });

  it(`keeps the newest ${ASK_LIMITS.recentPerFile} questions of a file`, async () => {
    // Two askers: one person's questions are limited per minute.
    const t = await team();
    const { fileId } = await storeTranscript(t.owner, saying("the zeppelin landed at noon"));
    expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
    const total = ASK_LIMITS.recentPerFile + 2;
    for (let i = 0; i < total; i++) await askOk(i % 2 ? t.viewer : t.owner, { question: `zeppelin ${i}?`, file_id: fileId });
    const recent = expectStatus(await as(t.owner, "GET", `/transcripts/${fileId}/questions`), 200).data;
    expect(recent.map((q: Json) => q.question)).toEqual(
      Array.from({ length: ASK_LIMITS.recentPerFile }, (_, i) => `zeppelin ${total - 1 - i}?`),
    );
  });
});
