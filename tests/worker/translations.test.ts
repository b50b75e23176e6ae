// Translated subtitles (decision 048): a transcript translated utterance by utterance through
// the chat model in batches, each saved as it is done; edits make translations stale and
// only_stale redoes just those; an unreadable answer is asked for once more, then the
// translation fails with a clear message; Workers AI's translation model without a chat model;
// editors ask, every member reads, a stranger gets 404; a Spanish SRT keeps the original times.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { COSTLY_LIMITS, costlyLimitMessage } from "../../common/rate-limits";
import { TRANSLATION_LIMITS, TRANSLATION_MESSAGES } from "../../common/translations";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import worker from "../../worker/index";
import { cueTimestamp } from "../../worker/exports/formats/captions";
import { QUEUES } from "../../worker/queues";
import { FAKE_OPENAI_BASE_URL, FAKE_OPENAI_ORIGIN } from "../support/fake-openai";
import { fakeTranslation } from "../support/fake-translate";
import { apiRequest, inOneRateWindow, type Json } from "./helpers";
import { createUser, expectStatus, fetchLink, type TestUser } from "./library-helpers";
import { saying, storeTranscript, updateWords, utterances } from "./transcript-helpers";
import { as, team } from "./workspace-helpers";
import { eventually } from "../support/poll";

/** The Worker with a chat model on the (fake) OpenAI-compatible server. */
const chatEnv = Object.create(env, {
  OPENAI_BASE_URL: { value: FAKE_OPENAI_BASE_URL },
  OPENAI_CHAT_MODEL: { value: "test-chat-model" },
}) as Env;
/** No chat model, Workers AI reachable: its translation model. */
const workersAiEnv = Object.create(env, { WORKERS_AI_REMOTE: { value: "true" } }) as Env;

/** A translation request whose queued job is kept (a platform queue's stand-in): the test delivers it itself. */
async function ask(user: TestUser, fileId: string, body: unknown, base: Env = chatEnv) {
  const sent: unknown[] = [];
  const queue = { send: async (message: unknown) => void sent.push(message) };
  const runEnv = Object.create(base, { TRANSLATION_QUEUE: { value: queue } }) as Env;
  const res = await worker.fetch(
    apiRequest("POST", `/transcripts/${fileId}/translations`, body, { token: user.token }),
    runEnv,
    createExecutionContext(),
  );
  return { status: res.status, body: (await res.json()) as Json, sent };
}

async function deliver(messages: unknown[], runEnv: Env = chatEnv) {
  const batch = createMessageBatch(
    QUEUES.translation,
    messages.map((body) => ({ id: `t-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, runEnv, ctx);
  return getQueueResult(batch, ctx);
}

/** Asks for a translation and runs its job: the GET answer after. */
async function translate(user: TestUser, fileId: string, body: Json, runEnv: Env = chatEnv): Promise<Json> {
  const asked = await ask(user, fileId, body, runEnv);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  expect(asked.sent).toHaveLength(1);
  await deliver(asked.sent, runEnv);
  return read(user, fileId, body.language);
}

const read = async (user: TestUser, fileId: string, language = "es") =>
  expectStatus(await as(user, "GET", `/transcripts/${fileId}/translations/${language}`), 200).data;

/** The fake model's translation requests that carried `marker`. */
async function requestsWith(marker: string): Promise<{ target: string; texts: string[] }[]> {
  const all = (await (await fetch(`${FAKE_OPENAI_ORIGIN}/fake/translations`)).json()) as { target: string; texts: string[] }[];
  return all.filter((r) => r.texts.some((t) => t.includes(marker)));
}

const marker = () => `mk${crypto.randomUUID().slice(0, 8)}`;

describe("translations", { timeout: 120_000 }, () => {
  it("translates a transcript utterance by utterance, in batches within the character budget", async () => {
    const user = await createUser("tr-batches");
    const mark = marker();
    const lines = Array.from({ length: 90 }, (_, i) => `good morning everyone thanks for joining the quarterly budget review ${i} ${mark}`);
    const { fileId } = await storeTranscript(user, saying(...lines));
    const asked = await ask(user, fileId, { language: "es" });
    expect(asked.status).toBe(202);
    expect(asked.body.data).toMatchObject({ language: "es", status: "pending", utterances: [], error: null });
    await deliver(asked.sent);

    const list = await utterances(user, fileId);
    expect(await read(user, fileId)).toEqual({
      language: "es",
      status: "completed",
      utterances: list.map((u, i) => ({ utterance_id: u.id, text: fakeTranslation(lines[i]!, "es") })),
      stale_utterance_ids: [],
      done: 90,
      total: 90,
      error: null,
      updated_at: expect.any(String),
    });
    expect(fakeTranslation(lines[0]!, "es")).toBe(
      `buenos días todos gracias por unirse el trimestral presupuesto revisión [es]0 [es]${mark}`,
    );
    const sent = await requestsWith(mark);
    expect(sent.length).toBeGreaterThan(1);
    // Batches run side by side, so they may reach the model in any order: each line once, in one of them.
    expect(sent.flatMap((r) => r.texts).sort()).toEqual([...lines].sort());
    for (const r of sent) expect(r.texts.join("").length).toBeLessThanOrEqual(TRANSLATION_LIMITS.batchChars);
    expect(expectStatus(await as(user, "GET", `/transcripts/${fileId}/translations`), 200).data).toEqual([
      { language: "es", status: "completed", done: 90, total: 90, stale_count: 0, error: null, updated_at: expect.any(String) },
    ]);
  });

  it("names the utterances edited or added since, and only_stale translates just those", async () => {
    const user = await createUser("tr-stale");
    const mark = marker();
    const { fileId } = await storeTranscript(
      user,
      saying(`good morning ${mark}`, `the budget looks fine ${mark}`, `thanks for joining ${mark}`),
    );
    await translate(user, fileId, { language: "es" });
    expect(await requestsWith(mark)).toHaveLength(1);

    const [first, second] = await utterances(user, fileId);
    const edited = second.transcriptWords.map((w: Json, i: number) => (i === 1 ? { id: w.id, text: "hiring" } : { id: w.id }));
    expectStatus(await updateWords(user, fileId, second.id, { words: edited }), 200);
    const stale = await read(user, fileId);
    expect(stale.stale_utterance_ids).toEqual([second.id]);
    // Its latest translation is kept until it is translated again.
    expect(stale.utterances[1]).toEqual({ utterance_id: second.id, text: `el presupuesto parece bien [es]${mark}` });
    expect(expectStatus(await as(user, "GET", `/transcripts/${fileId}/translations`), 200).data[0]).toMatchObject({ stale_count: 1 });

    const updated = await translate(user, fileId, { language: "es", only_stale: true });
    const sent = await requestsWith(mark);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.texts).toEqual([`the hiring looks fine ${mark}`]);
    expect(updated).toMatchObject({ status: "completed", stale_utterance_ids: [], done: 1, total: 1 });
    expect(updated.utterances.map((u: Json) => u.text)).toEqual([
      `buenos días [es]${mark}`,
      `el contratación parece bien [es]${mark}`,
      `gracias por unirse [es]${mark}`,
    ]);
    expect(updated.utterances[0].utterance_id).toBe(first.id);
  });

  it("asks once more for an answer it cannot read, then fails with a clear message", async () => {
    const user = await createUser("tr-malformed");
    const once = marker();
    const a = await storeTranscript(user, saying(`good morning translate-malformed-once ${once}`, "the budget"));
    expect(await translate(user, a.fileId, { language: "es" })).toMatchObject({ status: "completed", error: null });
    expect(await requestsWith(once)).toHaveLength(2);

    const always = marker();
    const b = await storeTranscript(user, saying(`good morning translate-malformed ${always}`, "the budget"));
    const failed = await translate(user, b.fileId, { language: "es" });
    expect(failed).toMatchObject({ status: "failed", error: TRANSLATION_MESSAGES.malformed(1, 2), utterances: [] });
    expect(await requestsWith(always)).toHaveLength(2);

    // An answer that leaves out an id is not read as a translation either.
    const dropped = marker();
    const c = await storeTranscript(user, saying(`good translate-drop ${dropped}`, `morning ${dropped}`));
    expect(await translate(user, c.fileId, { language: "es" })).toMatchObject({
      status: "failed",
      error: TRANSLATION_MESSAGES.malformed(1, 2),
    });
    expect(await requestsWith(dropped)).toHaveLength(2);
  });

  it("uses Workers AI's translation model without a chat model, one utterance a call", async () => {
    const user = await createUser("tr-workers-ai");
    const { fileId } = await storeTranscript(user, saying("good morning", "the budget looks fine"));
    const done = await translate(user, fileId, { language: "pt-BR" }, workersAiEnv);
    expect(done).toMatchObject({ status: "completed", stale_utterance_ids: [] });
    expect(done.utterances.map((u: Json) => u.text)).toEqual(["pt: good morning", "pt: the budget looks fine"]);
  });

  it("refuses what cannot be translated: no model 409, the transcript's own or an unknown language 422, never asked 404", async () => {
    const user = await createUser("tr-refused");
    const { fileId } = await storeTranscript(user, saying("good morning"));
    await env.DB.prepare("UPDATE audio_files SET detected_language = 'english' WHERE id = ?").bind(fileId).run();
    expect((await ask(user, fileId, { language: "es" }, env)).body).toEqual({ error: TRANSLATION_MESSAGES.unavailable });
    for (const body of [{ language: "en" }, { language: "en-GB" }]) {
      const refused = await ask(user, fileId, body);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ error: TRANSLATION_MESSAGES.sameLanguage });
      expect(refused.sent).toEqual([]);
    }
    for (const body of [{ language: "xx" }, {}, { language: "es", only_stale: "yes" }, { language: "es", extra: 1 }])
      expect((await ask(user, fileId, body)).status).toBe(422);
    expect(expectStatus(await as(user, "GET", `/transcripts/${fileId}/translations/es`), 404)).toEqual({
      error: TRANSLATION_MESSAGES.notRequested,
    });
    expect(expectStatus(await as(user, "GET", `/transcripts/${fileId}/translations/not-a-language`), 404)).toBeTruthy();
    expect(expectStatus(await as(user, "GET", `/transcripts/${fileId}/translations`), 200).data).toEqual([]);
  });

  it("lets editors translate and every member read; viewers and commenters 403, a stranger 404", async () => {
    const t = await team();
    const { fileId } = await storeTranscript(t.owner, saying("good morning", "thanks for joining"));
    expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
    await translate(t.editor, fileId, { language: "es" });
    for (const reader of [t.owner, t.editor, t.commenter, t.viewer])
      expect((await read(reader, fileId)).utterances.map((u: Json) => u.text)).toEqual(["buenos días", "gracias por unirse"]);
    for (const reader of [t.commenter, t.viewer]) expect((await ask(reader, fileId, { language: "fr" })).status).toBe(403);
    const stranger = await ask(t.stranger, fileId, { language: "fr" });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ error: EDIT_MESSAGES.transcriptNotFound });
    expect(expectStatus(await as(t.stranger, "GET", `/transcripts/${fileId}/translations/es`), 404)).toEqual({
      error: EDIT_MESSAGES.transcriptNotFound,
    });
    expect(expectStatus(await as(t.stranger, "GET", `/transcripts/${fileId}/translations`), 404)).toBeTruthy();
  });

  it("limits translation requests per user (429 with Retry-After)", async () => {
    await inOneRateWindow(async () => {
      const user = await createUser("tr-limit");
      const missing = crypto.randomUUID();
      for (let i = 0; i < COSTLY_LIMITS.translate.limit; i++) expect((await ask(user, missing, { language: "es" })).status).toBe(404);
      const limited = await ask(user, missing, { language: "es" });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: costlyLimitMessage("translate") });
    });
  });

  it("exports a Spanish SRT with the original utterance timings; only a completed translation exports", async () => {
    const user = await createUser("tr-export");
    const { fileId } = await storeTranscript(user, saying("good morning everyone", "the budget looks fine", "thanks for joining"));
    const refused = expectStatus(await as(user, "POST", `/transcripts/${fileId}/request-export`, { format: "srt", language: "es" }), 422);
    expect(refused).toEqual({ error: TRANSLATION_MESSAGES.notRequested });
    await translate(user, fileId, { language: "es" });

    const requested = expectStatus(
      await as(user, "POST", `/transcripts/${fileId}/request-export`, {
        format: "srt",
        language: "es",
        options: { include_speakers: false },
      }),
      202,
    ).data;
    expect(requested).toMatchObject({ language: "es", filename: "take.es.srt" });
    const row = await eventually(
      async () => expectStatus(await as(user, "GET", `/exports/${requested.id}`), 200).data,
      (r) => r.status === "completed" || r.status === "failed",
      { ms: 20_000, every: 100 },
    );
    expect(row.status, row.error).toBe("completed");
    const link = expectStatus(await as(user, "GET", `/exports/${requested.id}/download`), 200).download_url;
    const srt = await (await fetchLink(link)).text();
    const list = await utterances(user, fileId);
    const texts = ["buenos días todos", "el presupuesto parece bien", "gracias por unirse"];
    expect(srt).toBe(
      list.map((u, i) => `${i + 1}\n${cueTimestamp(u.startTime, ",")} --> ${cueTimestamp(u.endTime, ",")}\n${texts[i]}\n`).join("\n"),
    );
  });
});
