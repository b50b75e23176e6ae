// Options per transcription (language, vocabulary, speaker hint): the 422 texts, what is
// stored with the file, and the exact request each service receives, read back from the
// services' stand-ins (the Workers AI stand-in and the fake OpenAI-compatible server
// record every request they get).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { OPTION_LIMITS, type TranscriptionOptions } from "../../common/transcription-options";
import { getConfig } from "../../worker/config";
import { PROMPT_TERMS_MAX_CHARS } from "../../worker/transcription/services";
import { createWhisperService } from "../../worker/transcription/whisper";
import type { ReceivedAiRequest } from "../support/ai-stand-in";
import { memoryInput, utf8, wavBytes } from "../support/audio-fixtures";
import { FAKE_OPENAI_BASE_URL, FAKE_OPENAI_ORIGIN, type ReceivedTranscription } from "../support/fake-openai";
import { call as api } from "./helpers";
import { createUser, expectStatus, uploadObject, wav, type TestUser } from "./library-helpers";
import { deliver } from "./retranscribe-helpers";
import { transcribeAll } from "../support/transcribe-all";
import { withInlineWorkflow } from "../support/inline-workflow";

const openAiEnv = withInlineWorkflow(
  Object.create(env, {
    TRANSCRIPTION_SERVICE: { value: "openai-compatible" },
    OPENAI_BASE_URL: { value: FAKE_OPENAI_BASE_URL },
  }) as Env,
);
const novaEnv = withInlineWorkflow(Object.create(env, { WORKERS_AI_REMOTE: { value: "true" } }) as Env);
const whisperEnv = withInlineWorkflow(
  Object.create(env, {
    WORKERS_AI_REMOTE: { value: "true" },
    TRANSCRIPTION_SERVICE: { value: "workers-ai-whisper" },
  }) as Env,
);

const aiReceived = () => (env.AI as unknown as { received(): Promise<ReceivedAiRequest[]> }).received();
const openAiReceived = async () => (await (await fetch(`${FAKE_OPENAI_ORIGIN}/fake/received`)).json()) as ReceivedTranscription[];

/** A processing file inserted directly (confirm-upload would start a real job), with these options. */
async function processingFile(
  user: TestUser,
  filename: string,
  bytes: Uint8Array,
  contentType: string,
  options: TranscriptionOptions | null,
) {
  const id = crypto.randomUUID();
  const key = `users/${user.id}/${id}/${filename}`;
  const now = new Date().toISOString();
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType } });
  await env.DB.prepare(
    "INSERT INTO audio_files (id, workspace_id, uploaded_by, name, filename, storage_key, content_type, file_size, duration_seconds, status, processing_started_at, created_at, updated_at, transcription_options) VALUES (?1, ?2, ?2, ?, ?, ?, ?, ?, 10, 'processing', ?, ?, ?, ?)",
  )
    .bind(id, user.id, filename, filename, key, contentType, bytes.length, now, now, now, options ? JSON.stringify(options) : null)
    .run();
  return { id, key };
}

/** One delivery of the file's job, which must end it (ack, not retry). */
async function deliverOnce(user: TestUser, file: { id: string; key: string }, runEnv: Env) {
  expect((await deliver(user, file, runEnv)).explicitAcks).toHaveLength(1);
}

const getFile = async (user: TestUser, id: string) =>
  expectStatus(await api("GET", `/audio_files/${id}`, undefined, { token: user.token }), 200).data;
const setPreferences = async (user: TestUser, preferences: unknown) =>
  expectStatus(await api("PUT", "/preferences", { preferences }, { token: user.token }), 200);

async function confirm(user: TestUser, transcription_options?: unknown) {
  const uploaded = await uploadObject(user.token);
  return api(
    "POST",
    "/audio_files/confirm-upload",
    {
      filename: uploaded.filename,
      key: uploaded.key,
      file_size: uploaded.bytes.length,
      content_type: uploaded.contentType,
      ...(transcription_options === undefined ? {} : { transcription_options }),
    },
    { token: user.token },
  );
}

const opts = (o: Partial<TranscriptionOptions>): TranscriptionOptions => ({ language: null, vocabulary: [], speakers: "detect", ...o });

describe("transcription options: validation", () => {
  it("refuses bad options with clear 422 texts", async () => {
    const user = await createUser("opt-422");
    const cases: [unknown, string][] = [
      [{ language: "sw" }, 'Deepgram Nova-3 (Workers AI) does not support the language "sw"'],
      [{ language: "not a code" }, "Language must be a language code such as en or pt-BR"],
      [{ vocabulary: Array.from({ length: 101 }, (_, i) => `term${i}`) }, "At most 100 vocabulary terms are allowed"],
      [{ vocabulary: ["x".repeat(51)] }, "Each vocabulary term must be 50 characters or less"],
      [{ speakers: { min: 4, max: 2 } }, "The minimum number of speakers cannot be more than the maximum"],
      [{ speakers: 21 }, "The number of speakers must be a whole number from 1 to 20"],
      [{ speakers: "many" }, 'Speakers must be "detect", a number, or {min, max}'],
      [{ tone: "formal" }, 'Unrecognized key: "tone"'],
    ];
    for (const [options, message] of cases) {
      const body = expectStatus(await confirm(user, options), 422);
      expect(body.error ?? body.errors, JSON.stringify(options)).toEqual(message);
    }
  });

  it("checks the language against the user's service, not a fixed list", async () => {
    const user = await createUser("opt-lang");
    // Nova-3 takes pt-BR and "multi"; Whisper's "sw" it does not.
    expectStatus(await confirm(user, { language: "pt-BR" }), 201);
    expectStatus(await confirm(user, { language: "multi" }), 201);
    expectStatus(await confirm(user, { language: "sw" }), 422);
  });
});

describe("transcription options: stored with the file", () => {
  it("stores the options sent, trimmed and without duplicate terms", async () => {
    const user = await createUser("opt-store");
    const body = expectStatus(
      await confirm(user, { language: "de", vocabulary: [" MoveFlow ", "moveflow", "Kubernetes"], speakers: { min: 2, max: 3 } }),
      201,
    );
    expect(body.data.transcriptionOptions).toEqual({
      language: "de",
      vocabulary: ["MoveFlow", "Kubernetes"],
      speakers: { min: 2, max: 3 },
    });
    expect(body.data.detectedLanguage).toBeNull();
    expect((await getFile(user, body.data.id)).transcriptionOptions).toEqual(body.data.transcriptionOptions);
  });

  it("gives an upload without options the user's defaults from preferences", async () => {
    const user = await createUser("opt-defaults");
    expect(expectStatus(await confirm(user), 201).data.transcriptionOptions).toEqual(opts({}));
    await setPreferences(user, { transcription: { defaults: { language: "fr", vocabulary: ["Acme"], speakers: 2 } } });
    expect(expectStatus(await confirm(user), 201).data.transcriptionOptions).toEqual(
      opts({ language: "fr", vocabulary: ["Acme"], speakers: 2 }),
    );
    // Fields sent replace the defaults; the others keep them.
    expect(expectStatus(await confirm(user, { speakers: "detect" }), 201).data.transcriptionOptions).toEqual(
      opts({ language: "fr", vocabulary: ["Acme"] }),
    );
  });

  it("retranscribe replaces the options sent, keeps the others, and refuses another user's file", async () => {
    const user = await createUser("opt-retx");
    const other = await createUser("opt-retx-other");
    const file = await processingFile(user, "done.wav", wav(1), "audio/wav", opts({ language: "en", vocabulary: ["Acme"] }));
    await env.DB.prepare("UPDATE audio_files SET status = 'failed', failure_reason = 'x' WHERE id = ?").bind(file.id).run();
    const retx = (body: unknown, token = user.token) => api("POST", `/audio_files/${file.id}/retranscribe`, body, { token });

    expectStatus(await retx({ transcription_options: { vocabulary: ["y".repeat(51)] } }), 422);
    expectStatus(await retx({ transcription_options: { speakers: 3 } }, other.token), 404);
    const started = expectStatus(await retx({ transcription_options: { speakers: 3 } }), 202).data;
    expect(started.transcriptionOptions).toEqual(opts({ language: "en", vocabulary: ["Acme"], speakers: 3 }));
    expect((await getFile(user, file.id)).transcriptionOptions).toEqual(started.transcriptionOptions);
  });

  it("keeps the personal vocabulary in preferences, at most 500 terms", async () => {
    const user = await createUser("opt-personal");
    const saved = await setPreferences(user, { transcription: { vocabulary: ["MoveFlow", "moveflow", "Jane Doe"] } });
    expect(saved.data.transcription.vocabulary).toEqual(["MoveFlow", "Jane Doe"]);
    const tooMany = expectStatus(
      await api(
        "PUT",
        "/preferences",
        { preferences: { transcription: { vocabulary: Array.from({ length: 501 }, (_, i) => `t${i}`) } } },
        { token: user.token },
      ),
      422,
    );
    expect(tooMany.error).toBe("Your vocabulary can hold at most 500 terms");
  });
});

describe("transcription options: GET /service/configuration", () => {
  it("lists per service its languages and whether it takes vocabulary and speaker hints", async () => {
    const user = await createUser("opt-config");
    const config = expectStatus(await api("GET", "/service/configuration", undefined, { token: user.token }), 200);
    const byName = Object.fromEntries(
      config.transcription.all_services.map((s: { name: string; options: unknown }) => [s.name, s.options]),
    );
    expect(config.transcription.user_service_name).toBe("workers-ai-nova-3");
    expect(byName["workers-ai-nova-3"]).toMatchObject({
      automatic_language: true,
      vocabulary: { max_terms: 100, prompt_chars: null },
      speakers: "diarize",
    });
    expect(byName["workers-ai-nova-3"].languages).toEqual(expect.arrayContaining(["multi", "en", "pt-BR", "nl"]));
    expect(byName["workers-ai-nova-3"].languages).not.toContain("sw");
    expect(byName["workers-ai-whisper"]).toMatchObject({
      vocabulary: { max_terms: 100, prompt_chars: PROMPT_TERMS_MAX_CHARS },
      speakers: "none",
    });
    expect(byName["workers-ai-whisper"].languages).toEqual(expect.arrayContaining(["en", "sw", "yue"]));
    expect(byName["openai-compatible"]).toMatchObject({
      vocabulary: { max_terms: 100, prompt_chars: PROMPT_TERMS_MAX_CHARS },
      speakers: "none",
    });
  });
});

describe("transcription options: the request each service receives", () => {
  it("Nova-3: language, one keyterm per term, diarization off for one speaker", async () => {
    const user = await createUser("opt-nova");
    const marker = `call-${crypto.randomUUID()}`;
    const file = await processingFile(
      user,
      "call.mp3",
      utf8(marker),
      "audio/mpeg",
      opts({ language: "en-GB", vocabulary: ["MoveFlow", "Acme Corp"], speakers: 1 }),
    );
    await deliverOnce(user, file, novaEnv);
    const request = (await aiReceived()).find((r) => r.audio === marker)!;
    expect(request.model).toBe("@cf/deepgram/nova-3");
    expect(request.inputs).toEqual({
      language: "en-GB",
      keyterm: ["MoveFlow", "Acme Corp"],
      diarize: false,
      punctuate: true,
      smart_format: true,
      sentiment: true,
      detect_entities: true,
    });
    const ready = await getFile(user, file.id);
    expect(ready).toMatchObject({ status: "ready", detectedLanguage: null, transcriptionNotices: [] });
    expect((await api("GET", `/transcripts/${file.id}`, undefined, { token: user.token })).body.data.speakerCount).toBe(1);
  });

  it("Nova-3: no language detects it (and reports it); a speaker count is not sent and the file says so", async () => {
    const user = await createUser("opt-nova-auto");
    const marker = `call-${crypto.randomUUID()}`;
    const file = await processingFile(user, "call.mp3", utf8(marker), "audio/mpeg", opts({ speakers: { min: 2, max: 4 } }));
    await deliverOnce(user, file, novaEnv);
    const request = (await aiReceived()).find((r) => r.audio === marker)!;
    expect(request.inputs).toMatchObject({ detect_language: true, diarize: true });
    expect(request.inputs).not.toHaveProperty("language");
    expect(request.inputs).not.toHaveProperty("keyterm");
    expect(await getFile(user, file.id)).toMatchObject({
      status: "ready",
      detectedLanguage: "en",
      transcriptionNotices: ["Deepgram Nova-3 (Workers AI) finds the number of speakers itself; the hint of 2–4 speakers was not sent."],
    });
  });

  it("Nova-3: the file's terms first, then the personal vocabulary, at most 100 in all", async () => {
    const user = await createUser("opt-merge");
    const personal = Array.from({ length: 120 }, (_, i) => `personal${i}`);
    await setPreferences(user, { transcription: { vocabulary: ["Zeta", ...personal] } });
    const marker = `call-${crypto.randomUUID()}`;
    const file = await processingFile(user, "m.mp3", utf8(marker), "audio/mpeg", opts({ vocabulary: ["Alpha", "zeta"] }));
    await deliverOnce(user, file, novaEnv);
    const keyterm = (await aiReceived()).find((r) => r.audio === marker)!.inputs.keyterm as string[];
    expect(keyterm).toHaveLength(OPTION_LIMITS.maxTerms);
    expect(keyterm.slice(0, 4)).toEqual(["Alpha", "zeta", "personal0", "personal1"]); // "Zeta" is the file's "zeta"
    expect((await getFile(user, file.id)).transcriptionNotices).toEqual([
      "Deepgram Nova-3 (Workers AI) takes only 100 terms; 22 terms were not sent.",
    ]);
  });

  it("Whisper: language and the terms, comma-separated, as initial_prompt; no speaker hint is sent", async () => {
    const user = await createUser("opt-whisper");
    const bytes = wavBytes({ sampleRate: 8000, frames: 3 * 8000, markers: [{ time: 0.5, value: 4242 }] }).bytes;
    const file = await processingFile(
      user,
      "w.wav",
      bytes,
      "audio/wav",
      opts({ language: "nl", vocabulary: ["MoveFlow", "Acme"], speakers: 3 }),
    );
    await deliverOnce(user, file, whisperEnv);
    const request = (await aiReceived())
      .filter((r) => r.model === "@cf/openai/whisper-large-v3-turbo")
      .find((r) => r.inputs.initial_prompt === "MoveFlow, Acme")!;
    expect(request.inputs).toEqual({ task: "transcribe", language: "nl", initial_prompt: "MoveFlow, Acme" });
    expect(await getFile(user, file.id)).toMatchObject({
      status: "ready",
      detectedLanguage: "nl",
      transcriptionNotices: ["Whisper large-v3-turbo (Workers AI) cannot be told about speakers; the hint of 3 speakers was not used."],
    });
  });

  it("Whisper: each later piece's prompt is the terms, then the previous piece's words", async () => {
    const service = createWhisperService({ maxBytes: 1e9, maxSeconds: 3 });
    const term = `Term${crypto.randomUUID().slice(0, 8)}`;
    const input = memoryInput(
      wavBytes({
        sampleRate: 8000,
        frames: 6 * 8000,
        markers: [
          { time: 0.5, value: 7 },
          { time: 3.5, value: 8 },
        ],
      }).bytes,
      {
        contentType: "audio/wav",
        filename: "w.wav",
      },
    );
    const t = await transcribeAll(service, input, env, getConfig(env), { language: null, terms: [term], diarize: false });
    expect(t.language).toBe("en");
    const prompts = (await aiReceived()).filter((r) => String(r.inputs.initial_prompt ?? "").startsWith(term)).map((r) => r.inputs);
    expect(prompts).toEqual([
      { task: "transcribe", initial_prompt: term },
      { task: "transcribe", language: "en", initial_prompt: `${term}. w7.` },
    ]);
  });

  it("Whisper: terms that do not fit its prompt are not sent, and the file says how many", async () => {
    const user = await createUser("opt-whisper-long");
    const terms = Array.from({ length: 40 }, (_, i) => `${String(i).padStart(2, "0")}-${"v".repeat(37)}`); // 40 chars each
    const bytes = wavBytes({ sampleRate: 8000, frames: 8000, markers: [{ time: 0.2, value: 5 }] }).bytes;
    const file = await processingFile(user, "long.wav", bytes, "audio/wav", opts({ vocabulary: terms }));
    await deliverOnce(user, file, whisperEnv);
    const request = (await aiReceived()).find((r) => String(r.inputs.initial_prompt ?? "").startsWith(terms[0]!))!;
    const prompt = String(request.inputs.initial_prompt);
    expect(prompt.length).toBeLessThanOrEqual(PROMPT_TERMS_MAX_CHARS);
    expect(prompt).toBe(terms.slice(0, 8).join(", ")); // 8 × 40 + 7 × 2 = 334 chars; a 9th would pass 350
    expect((await getFile(user, file.id)).transcriptionNotices).toEqual([
      "Whisper large-v3-turbo (Workers AI) takes only 8 terms; 32 terms were not sent.",
    ]);
  });

  it("OpenAI-compatible: language and prompt; nothing extra when no option is set", async () => {
    const user = await createUser("opt-openai");
    const name = `opt-${crypto.randomUUID().slice(0, 8)}.wav`;
    const file = await processingFile(user, name, wav(1), "audio/wav", opts({ language: "de", vocabulary: ["MoveFlow", "Jane Doe"] }));
    await deliverOnce(user, file, openAiEnv);
    expect((await openAiReceived()).filter((r) => r.file === name)).toEqual([
      { file: name, model: "whisper-1", language: "de", prompt: "MoveFlow, Jane Doe" },
    ]);
    expect(await getFile(user, file.id)).toMatchObject({ status: "ready", detectedLanguage: "german", transcriptionNotices: [] });

    const plain = `plain-${crypto.randomUUID().slice(0, 8)}.wav`;
    const second = await processingFile(user, plain, wav(1), "audio/wav", null);
    await deliverOnce(user, second, openAiEnv);
    expect((await openAiReceived()).filter((r) => r.file === plain)).toEqual([
      { file: plain, model: "whisper-1", language: null, prompt: null },
    ]);
    expect(await getFile(user, second.id)).toMatchObject({ detectedLanguage: "english", transcriptionOptions: opts({}) });
  });

  it("OpenAI-compatible: a language the service does not take, stored before a service change, is not sent and the file says so", async () => {
    const user = await createUser("opt-openai-lang");
    const name = `lang-${crypto.randomUUID().slice(0, 8)}.wav`;
    const file = await processingFile(user, name, wav(1), "audio/wav", opts({ language: "es-419" }));
    await deliverOnce(user, file, openAiEnv);
    expect((await openAiReceived()).find((r) => r.file === name)).toMatchObject({ language: null });
    expect((await getFile(user, file.id)).transcriptionNotices).toEqual([
      'OpenAI-compatible server does not support the language "es-419"; it detected the language itself.',
    ]);
  });
});
