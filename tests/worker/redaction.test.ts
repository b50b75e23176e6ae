// Redaction (decision 058): words become one marker `[Label]` for good — in the utterances, every
// history entry (undo and redo cannot bring them back), comments' and highlights' quotes, the
// translation, the summary and notes, search, Ask's passages, share views and webhook payloads;
// the file's earlier exports are deleted. Roles, suggestions and bulk redaction through the API.
import { createExecutionContext, createMessageBatch, getQueueResult, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { workspaceIndex } from "../../worker/objects";
import { QUEUES } from "../../worker/queues";
import { FAKE_OPENAI_BASE_URL } from "../support/fake-openai";
import { FAKE_RECEIVER_ORIGIN } from "../support/fake-receiver";
import { apiRequest, call, type Json } from "./helpers";
import { createUser, expectStatus, type TestUser, wav } from "./library-helpers";
import { search } from "./search-helpers";
import { inObject } from "./store-helpers";
import { history, redo, saying, storeTranscript, undo, updateWords, userWithTranscript, utterances } from "./transcript-helpers";
import { as, team } from "./workspace-helpers";

/** The Worker with a chat model on the (fake) OpenAI-compatible server: Ask and translations. */
const chatEnv = Object.create(env, {
  OPENAI_BASE_URL: { value: FAKE_OPENAI_BASE_URL },
  OPENAI_CHAT_MODEL: { value: "test-chat-model" },
}) as Env;
const withChat = async (user: TestUser, method: string, path: string, body?: unknown) => {
  const res = await worker.fetch(apiRequest(method, path, body, { token: user.token }), chatEnv, createExecutionContext());
  return { status: res.status, text: await res.text() };
};

/** A Spanish translation, its queued job delivered here with the chat model (the platform queue's stand-in). */
async function translate(user: TestUser, fileId: string) {
  const sent: unknown[] = [];
  const runEnv = Object.create(chatEnv, { TRANSLATION_QUEUE: { value: { send: async (m: unknown) => void sent.push(m) } } }) as Env;
  const res = await worker.fetch(
    apiRequest("POST", `/transcripts/${fileId}/translations`, { language: "es" }, { token: user.token }),
    runEnv,
    createExecutionContext(),
  );
  expect(res.status).toBe(202);
  const batch = createMessageBatch(
    QUEUES.translation,
    sent.map((body) => ({ id: `t-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, chatEnv, ctx);
  await getQueueResult(batch, ctx);
}

const redact = async (user: TestUser, fileId: string, body: Json) =>
  expectStatus(await as(user, "POST", `/transcripts/${fileId}/redactions`, body), 201);
const words = (u: Json) => u.transcriptWords.map((w: Json) => w.text).join(" ");
const SECRET = /zebul|quartz/i;

/** Every row of every table of the file's room, as text. */
const roomDump = (fileId: string) =>
  inObject(fileId, (sql) => {
    const tables = sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
      .toArray();
    return tables.map((t) => `${t.name}: ${JSON.stringify(sql.exec(`SELECT * FROM "${t.name}"`).toArray())}`).join("\n");
  });

/** The workspace index's readable rows and its vocabulary (the terms search can still find). */
const indexDump = (workspaceId: string) =>
  runInDurableObject(workspaceIndex(env, workspaceId), (_i, state) => {
    const sql = state.storage.sql;
    const rows = ["files", "speakers", "passages"].map((t) => JSON.stringify(sql.exec(`SELECT * FROM ${t}`).toArray()));
    const terms = sql
      .exec<{ term: string }>("SELECT term FROM search_vocab")
      .toArray()
      .map((r) => r.term);
    return `${rows.join("\n")}\n${terms.join(" ")}`;
  });

/** Asks again until `check` answers something (or throws after `ms`). */
async function eventually<T>(check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("Gave up waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function waitForExport(user: TestUser, id: string): Promise<Json> {
  return eventually(async () => {
    const row = expectStatus(await as(user, "GET", `/exports/${id}`), 200).data;
    return row.status === "completed" ? row : undefined;
  }, 45_000);
}

describe("redaction", { timeout: 120_000 }, () => {
  it("takes the words out of the utterances, history, quotes, translation, fields, search, Ask, shares, exports and webhooks", async () => {
    const { user, fileId } = await userWithTranscript(
      "redact",
      saying("my name is Zebulun Quartz today", "nice to meet you", "we talked about the weather"),
    );
    // An edit history that holds the words: a correction, then the summary and notes.
    let [first] = await utterances(user, fileId);
    const ws = first.transcriptWords;
    const corrected = ws.map((w: Json, i: number) => (i === 3 ? { id: w.id, text: "Zebulon" } : { id: w.id }));
    expect((await updateWords(user, fileId, first.id, { version: first.version, words: corrected })).status).toBe(200);
    const fields = { summary: "Met Zebulon Quartz today.", notes: "Call Zebulon Quartz back." };
    expectStatus(await as(user, "PUT", `/transcripts/${fileId}`, { transcript: fields }), 200);
    [first] = await utterances(user, fileId);
    const [name, surname] = [first.transcriptWords[3].id, first.transcriptWords[4].id];
    // A comment and a highlight quoting them, a share link, a translation, an export and a webhook.
    expectStatus(
      await as(user, "POST", `/transcripts/${fileId}/comments`, { start_word_id: name, end_word_id: surname, body: "Check" }),
      201,
    );
    expectStatus(
      await as(user, "POST", `/transcripts/${fileId}/highlights`, {
        start_word_id: first.transcriptWords[2].id,
        end_word_id: surname,
        label: "quote",
      }),
      201,
    );
    const share = expectStatus(
      await as(user, "POST", `/audio_files/${fileId}/shares`, { include_summary: true, include_notes: true }),
      201,
    ).data;
    const secret = /\/s\/([^/?#]+)/.exec(share.url)![1]!;
    await translate(user, fileId);
    const translated = expectStatus(await as(user, "GET", `/transcripts/${fileId}/translations/es`), 200).data;
    expect(translated.status).toBe("completed");
    expect(JSON.stringify(translated)).toMatch(SECRET);
    const requested = expectStatus(await as(user, "POST", `/transcripts/${fileId}/request-export`, { format: "txt" }), 202).data;
    const exported = await waitForExport(user, requested.id);
    const exportKey = `users/${user.id}/exports/${exported.id}/${exported.filename}`;
    expect(await env.MEDIA.head(exportKey)).not.toBeNull();
    const hookKey = `redact-${crypto.randomUUID()}`;
    expectStatus(await as(user, "POST", "/webhooks", { url: `${FAKE_RECEIVER_ORIGIN}/${hookKey}`, events: ["transcript.edited"] }), 201);
    expect((await search(user, "Zebulon")).data.length).toBeGreaterThan(0);

    const made = await redact(user, fileId, { start_word_id: name, end_word_id: surname, label: "Name" });
    expect(made).toEqual({ id: expect.any(String), label: "Name", start_time: 1.5, end_time: 2.4 });

    [first] = await utterances(user, fileId);
    expect(words(first)).toBe("my name is [Name] today");
    const h = await history(user, fileId);
    expect(h.operations.map((o: Json) => o.summary)).toEqual(["Edited (redacted)", expect.any(String), "Redacted [Name]"]);
    expect(h.operations.at(-1).author).toEqual({ id: user.id, name: expect.any(String) });
    // Undo and redo walk the history without bringing the words back.
    for (let i = 0; i < 3; i++) expect((await undo(user, fileId)).status).toBe(200);
    expect(words((await utterances(user, fileId))[0])).toBe("my name is [Name] today");
    for (let i = 0; i < 3; i++) expect((await redo(user, fileId)).status).toBe(200);

    const reads = [
      `/transcripts/${fileId}`,
      `/transcripts/${fileId}/utterances`,
      `/transcripts/${fileId}/edit-history`,
      `/transcripts/${fileId}/comments`,
      `/transcripts/${fileId}/highlights`,
      `/transcripts/${fileId}/translations/es`,
      `/transcripts/${fileId}/redactions`,
      `/transcripts/${fileId}/questions`,
      `/workspaces/${user.id}/activity`,
    ];
    for (const path of reads) {
      const answer = await as(user, "GET", path);
      expect(JSON.stringify(answer.body), path).not.toMatch(SECRET);
    }
    expect(JSON.stringify(expectStatus(await as(user, "GET", `/transcripts/${fileId}/highlights`), 200).data)).toContain("[Name]");
    for (const path of ["", "/utterances"]) {
      const page = await call("GET", `/shared/${secret}${path}`);
      expect(page.status).toBe(200);
      expect(JSON.stringify(page.body)).not.toMatch(SECRET);
    }
    expect((await search(user, "Zebulon")).data).toEqual([]);
    expect((await search(user, "Quartz")).data).toEqual([]);
    const asked = await withChat(user, "POST", "/ask", { question: "What is my name?", file_id: fileId });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.text).toContain("[Name]");
    expect(asked.text).not.toMatch(SECRET);
    // The export made before is gone, row and file.
    expect((await as(user, "GET", `/exports/${exported.id}`)).status).toBe(404);
    expect(await env.MEDIA.head(exportKey)).toBeNull();
    // The webhook heard of the edit without its words.
    const heard = await eventually(async () => {
      const got = (await (await fetch(`${FAKE_RECEIVER_ORIGIN}/received/${hookKey}`)).json()) as { body: string }[];
      return got.length ? got : undefined;
    }, 30_000);
    expect(heard.map((r) => JSON.parse(r.body).type)).toContain("transcript.edited");
    expect(JSON.stringify(heard)).not.toMatch(SECRET);
    // Nothing in the file's room or the workspace's index holds them any more.
    expect(await roomDump(fileId)).not.toMatch(SECRET);
    expect(await indexDump(user.id)).not.toMatch(SECRET);
  });

  it("suggests what to redact with counts, and redacts every occurrence of a term or kind in one step", async () => {
    const { user, fileId } = await userWithTranscript(
      "redact-bulk",
      saying(
        "ask Miriam about it, mail miriam@example.org",
        "or call 555-010-2030 today. Miriam agreed",
        "the account is 12345678 and 555-010-9999 too",
      ),
    );
    const suggestions = expectStatus(await as(user, "GET", `/transcripts/${fileId}/redaction-suggestions`), 200).data;
    expect(suggestions).toEqual(
      expect.arrayContaining([
        { kind: "email", text: "miriam@example.org", count: 1 },
        { kind: "phone", text: "555-010-2030", count: 1 },
        { kind: "phone", text: "555-010-9999", count: 1 },
        { kind: "number", text: "12345678", count: 1 },
        { kind: "name", text: "Miriam", count: 2 },
      ]),
    );
    const phones = expectStatus(
      await as(user, "POST", `/transcripts/${fileId}/redactions/bulk`, { kind: "phone", label: "Number" }),
      201,
    ).data;
    expect(phones).toHaveLength(2);
    const names = expectStatus(
      await as(user, "POST", `/transcripts/${fileId}/redactions/bulk`, { query: "miriam", label: "Name" }),
      201,
    ).data;
    // The e-mail address holds the name as a whole word too.
    expect(names).toHaveLength(3);
    const list = await utterances(user, fileId);
    expect(list.map(words)).toEqual([
      "ask [Name] about it, mail [Name]",
      "or call [Number] today. [Name] agreed",
      "the account is 12345678 and [Number] too",
    ]);
    expect((await history(user, fileId)).operations.map((o: Json) => o.summary)).toEqual(["Redacted 2 × [Number]", "Redacted 3 × [Name]"]);
    expect(expectStatus(await as(user, "GET", `/transcripts/${fileId}/redactions`), 200).data).toHaveLength(5);
    const none = await as(user, "POST", `/transcripts/${fileId}/redactions/bulk`, { query: "nobody here", label: "Name" });
    expect(none.status).toBe(422);
  });

  it("lets editors and owners redact: viewers and commenters get 403, non-members 404", async () => {
    const t = await team();
    const { fileId } = await storeTranscript(t.owner, saying("hello Ada Lovelace here", "and Ada again"));
    expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
    const [u] = await utterances(t.owner, fileId);
    const body = { start_word_id: u.transcriptWords[1].id, end_word_id: u.transcriptWords[2].id, label: "Name" };
    const bulk = { query: "Ada", label: "Name" };
    for (const [who, status] of [
      [t.viewer, 403],
      [t.commenter, 403],
      [t.stranger, 404],
    ] as const) {
      expect((await as(who, "POST", `/transcripts/${fileId}/redactions`, body)).status).toBe(status);
      expect((await as(who, "POST", `/transcripts/${fileId}/redactions/bulk`, bulk)).status).toBe(status);
      expect((await as(who, "GET", `/transcripts/${fileId}/redaction-suggestions`)).status).toBe(status);
    }
    expect((await as(t.stranger, "GET", `/transcripts/${fileId}/redactions`)).status).toBe(404);
    expect(expectStatus(await as(t.viewer, "GET", `/transcripts/${fileId}/redactions`), 200).data).toEqual([]);
    await redact(t.editor, fileId, body);
    expect(words((await utterances(t.viewer, fileId))[0])).toBe("hello [Name] here");
    const activity = expectStatus(await as(t.owner, "GET", `/workspaces/${t.workspace.id}/activity`), 200).data;
    expect(activity[0]).toMatchObject({
      kind: "redaction",
      actor: { id: t.editor.id },
      detail: { file_id: fileId, label: "Name", start_time: "0.5", end_time: "1.4" },
    });
    expect(JSON.stringify(activity)).not.toMatch(/Ada|Lovelace/);
    // A label is one word without brackets.
    expect((await as(t.editor, "POST", `/transcripts/${fileId}/redactions`, { ...body, label: "two words" })).status).toBe(422);
  });
});

describe("redacted media", { timeout: 120_000 }, () => {
  const fileRow = (id: string) =>
    env.DB.prepare("SELECT storage_key, media_redaction FROM audio_files WHERE id = ?")
      .bind(id)
      .first<{ storage_key: string; media_redaction: string | null }>();
  const rewritten = (id: string) =>
    eventually(async () => {
      const row = await fileRow(id);
      return row?.media_redaction === "done" || row?.media_redaction === "unsupported" ? row : undefined;
    }, 30_000);
  const samples = (bytes: Uint8Array) => new Int16Array(bytes.buffer.slice(bytes.byteOffset + 44, bytes.byteOffset + bytes.byteLength));

  it("silences a WAV's samples across a redacted range (a tone where asked), keeps the rest, and deletes the original", async () => {
    const user = await createUser("redact-wav");
    const { fileId } = await storeTranscript(user, saying("my name is Zebulon Quartz today", "nice to meet you"));
    const before = await fileRow(fileId);
    const original = wav(6, 8000);
    await env.MEDIA.put(before!.storage_key, original);
    const [first, second] = await utterances(user, fileId);
    // 1.5–2.4 s in silence, 4.0–4.9 s as a tone.
    await redact(user, fileId, { start_word_id: first.transcriptWords[3].id, end_word_id: first.transcriptWords[4].id, label: "Name" });
    expect((await as(user, "GET", `/audio_files/${fileId}/download`)).status).toBe(409);
    await redact(user, fileId, { start_word_id: second.transcriptWords[0].id, end_word_id: second.transcriptWords[1].id, media: "tone" });
    const after = await rewritten(fileId);
    expect(after.media_redaction).toBe("done");
    expect(after.storage_key).not.toBe(before!.storage_key);
    expect(await env.MEDIA.head(before!.storage_key)).toBeNull();
    const bytes = new Uint8Array(await (await env.MEDIA.get(after.storage_key))!.arrayBuffer());
    expect(bytes.length).toBe(original.length);
    const [was, now] = [samples(original), samples(bytes)];
    const at = (seconds: number) => Math.round(seconds * 8000);
    // Widened by 50 ms each side.
    expect(now.slice(at(1.45), at(2.45)).every((s) => s === 0)).toBe(true);
    expect(was.slice(at(1.45), at(2.45)).some((s) => s !== 0)).toBe(true);
    const tone = now.slice(at(3.95), at(4.95));
    expect(tone.some((s) => s !== 0)).toBe(true);
    expect(Math.max(...tone.map(Math.abs))).toBeLessThanOrEqual(3277);
    expect(tone).not.toEqual(was.slice(at(3.95), at(4.95)));
    // Everything else is as it was.
    expect(now.slice(0, at(1.45))).toEqual(was.slice(0, at(1.45)));
    expect(now.slice(at(2.45), at(3.95))).toEqual(was.slice(at(2.45), at(3.95)));
    expect(now.slice(at(4.95))).toEqual(was.slice(at(4.95)));
    expect((await as(user, "GET", `/audio_files/${fileId}/download`)).status).toBe(200);
  });

  it("silences the MP3 frames across a redacted range, header kept, every other byte as it was", async () => {
    const user = await createUser("redact-mp3");
    const { fileId } = await storeTranscript(user, saying("my name is Zebulon Quartz today"));
    const before = await fileRow(fileId);
    // An ID3v2 tag, then 200 MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, 417 bytes, 26.1 ms each).
    const FRAME = 417;
    const tag = [0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 20, ...new Array(20).fill(0x41)];
    const bytes = new Uint8Array(tag.length + 200 * FRAME);
    bytes.set(tag);
    for (let i = 0; i < 200; i++) {
      const at = tag.length + i * FRAME;
      bytes.set([0xff, 0xfb, 0x90, 0x00], at);
      bytes.fill(0x55 + (i % 7), at + 4, at + FRAME);
    }
    await env.MEDIA.put(before!.storage_key, bytes);
    const [first] = await utterances(user, fileId);
    // 1.5–2.4 s, widened to 1.45–2.45 s.
    await redact(user, fileId, { start_word_id: first.transcriptWords[3].id, end_word_id: first.transcriptWords[4].id });
    const after = await rewritten(fileId);
    expect(after.media_redaction).toBe("done");
    const now = new Uint8Array(await (await env.MEDIA.get(after.storage_key))!.arrayBuffer());
    expect(now.length).toBe(bytes.length);
    expect(now.slice(0, tag.length)).toEqual(bytes.slice(0, tag.length));
    const seconds = 1152 / 44100;
    let silenced = 0;
    for (let i = 0; i < 200; i++) {
      const at = tag.length + i * FRAME;
      const frame = now.slice(at, at + FRAME);
      expect(frame.slice(0, 4)).toEqual(bytes.slice(at, at + 4));
      const overlaps = i * seconds < 2.45 && (i + 1) * seconds > 1.45;
      if (overlaps) {
        silenced++;
        expect(frame.slice(4).every((b) => b === 0)).toBe(true);
      } else expect(frame).toEqual(bytes.slice(at, at + FRAME));
    }
    expect(silenced).toBe(39);
    expect(await env.MEDIA.head(before!.storage_key)).toBeNull();
  });

  it("marks media it cannot rewrite unsupported and keeps refusing to play or download it", async () => {
    const user = await createUser("redact-m4a");
    const { fileId } = await storeTranscript(user, saying("my name is Zebulon Quartz today"));
    const row = await fileRow(fileId);
    await env.MEDIA.put(row!.storage_key, new TextEncoder().encode("....ftypM4A not a wav nor an mp3"));
    const [first] = await utterances(user, fileId);
    await redact(user, fileId, { start_word_id: first.transcriptWords[3].id, end_word_id: first.transcriptWords[3].id });
    expect((await rewritten(fileId)).media_redaction).toBe("unsupported");
    expect((await as(user, "GET", `/audio_files/${fileId}/download`)).status).toBe(409);
    expect(expectStatus(await as(user, "GET", `/audio_files/${fileId}`), 200).data).toMatchObject({
      mediaRedaction: "unsupported",
      redactedAt: expect.any(String),
    });
    // Transcribing that media again would bring the words back.
    expect((await as(user, "POST", `/audio_files/${fileId}/retranscribe`, {})).status).toBe(409);
  });
});
