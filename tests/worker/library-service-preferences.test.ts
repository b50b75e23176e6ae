import { beforeAll, describe, expect, it } from "vitest";
import { call, expectOk, typedApi } from "./helpers";
import { createUser, type TestUser } from "./library-helpers";

const MB = 1024 * 1024;

type PreferencesPatch = Parameters<ReturnType<typeof typedApi>["preferences"]["$put"]>[0]["json"]["preferences"];

let user: TestUser;
const api = (token = user.token) => typedApi({ token });

beforeAll(async () => {
  user = await createUser("prefs");
});

describe("GET /service/configuration", () => {
  it("needs a token", async () => {
    const res = await call("GET", "/service/configuration");
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it("refuses an invalid token", async () => {
    const res = await call("GET", "/service/configuration", undefined, { token: "not-a-real-token" });
    expect(res.status).toBe(401);
  });

  it("answers the active service's constraints, every service and the feature flags", async () => {
    const body = await expectOk(await api().service.configuration.$get());

    expect(body.file_constraints.max_file_size).toBe(1048576000);
    expect(body.file_constraints.max_file_size).toBe(1000 * MB);
    expect(body.file_constraints.supported_formats).toEqual(expect.arrayContaining(["audio/mpeg", "video/mp4", "audio/wav"]));
    expect(body.file_constraints.supported_formats).not.toContain("audio/x-ms-wma");

    expect(body.transcription.active_service_name).toBe("workers-ai-nova-3");
    // Nothing will transcribe this user's uploads here: the app says so before any upload.
    expect(body.transcription.available).toBe(false);
    const services = body.transcription.all_services as {
      name: string;
      label: string;
      available: boolean;
      supported_formats: string[];
      max_file_size: number;
    }[];
    expect(services.map((s) => s.name)).toEqual(["workers-ai-nova-3", "workers-ai-whisper", "openai-compatible"]);
    for (const s of services) {
      expect(s.label).toEqual(expect.any(String));
      expect(s.label.length).toBeGreaterThan(0);
      expect(s.supported_formats.length).toBeGreaterThan(0);
      // development without a remote Workers AI and without OPENAI_BASE_URL: nothing is reachable.
      expect(s.available, s.name).toBe(false);
    }
    const nova = services.find((s) => s.name === "workers-ai-nova-3")!;
    expect(nova.max_file_size).toBe(1000 * MB);
    expect(nova.supported_formats).toEqual(body.file_constraints.supported_formats);
    const openai = services.find((s) => s.name === "openai-compatible")!;
    // Files over the server's 25 MB per request go in pieces: the upload limit is the app's.
    expect(openai.max_file_size).toBe(1000 * MB);
    const whisper = services.find((s) => s.name === "workers-ai-whisper")!;
    expect(whisper.supported_formats).toContain("audio/mpeg");
    expect(whisper.supported_formats).not.toContain("video/mp4");

    // wrangler.toml: service selection and debug off, utterance meta column on.
    expect(body.features).toEqual({ service_selection: false, utterance_meta_column: true, debug: false });
  });
});

describe("PUT /preferences", () => {
  // `put` sends anything (for the refusals); `save` is the typed call for what must succeed.
  const put = (preferences: unknown) => call("PUT", "/preferences", { preferences }, { token: user.token });
  const save = async (preferences: PreferencesPatch, token = user.token) =>
    expectOk(await api(token).preferences.$put({ json: { preferences } }));
  const stored = async () => (await expectOk(await api().auth.validate.$get())).user.preferences;

  it("needs a token", async () => {
    const res = await call("PUT", "/preferences", { preferences: { theme: "dark" } });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it("starts from the defaults", async () => {
    const fresh = await createUser("prefs-defaults");
    const validated = await expectOk(await api(fresh.token).auth.validate.$get());
    expect(validated.user.preferences).toEqual({
      sidebar: { files_collapsed: false, tools_collapsed: false },
      theme: "light",
      tutorials: { shown: [], skip_all: false },
      transcription_service: null,
      transcript: { utterance_meta_column: false },
      playback: { skip_seconds: 5, backstep_seconds: 1, pause_while_typing: false, typing_resume_ms: 1500 },
      notifications: { email_when_done: "long_files_only", email_mentions: true },
      transcription: { vocabulary: [], defaults: { language: null, vocabulary: [], speakers: "detect" } },
    });
  });

  it("answers the whole merged object and persists it", async () => {
    const body = await save({ theme: "dark" });
    expect(body.data).toEqual({
      sidebar: { files_collapsed: false, tools_collapsed: false },
      theme: "dark",
      tutorials: { shown: [], skip_all: false },
      transcription_service: null,
      transcript: { utterance_meta_column: false },
      playback: { skip_seconds: 5, backstep_seconds: 1, pause_while_typing: false, typing_resume_ms: 1500 },
      notifications: { email_when_done: "long_files_only", email_mentions: true },
      transcription: { vocabulary: [], defaults: { language: null, vocabulary: [], speakers: "detect" } },
    });
    expect((await stored()).theme).toBe("dark");
  });

  it("merges nested objects partially", async () => {
    await save({ sidebar: { tools_collapsed: true } });
    const body = await save({ sidebar: { files_collapsed: true } });
    expect(body.data.sidebar).toEqual({ files_collapsed: true, tools_collapsed: true });
    // Earlier top-level changes survive.
    expect(body.data.theme).toBe("dark");

    const again = await save({ sidebar: { tools_collapsed: false } });
    expect(again.data.sidebar).toEqual({ files_collapsed: true, tools_collapsed: false });
    expect((await stored()).sidebar).toEqual({ files_collapsed: true, tools_collapsed: false });
  });

  it("replaces the tutorials.shown list and keeps skip_all", async () => {
    await save({ tutorials: { skip_all: true } });
    const first = await save({ tutorials: { shown: ["media-player"] } });
    expect(first.data.tutorials).toEqual({ shown: ["media-player"], skip_all: true });

    const second = await save({ tutorials: { shown: ["media-player", "transcript-editing", "media-player"] } });
    expect(second.data.tutorials).toEqual({ shown: ["media-player", "transcript-editing"], skip_all: true });

    // A patch without `shown` keeps the list.
    const third = await save({ tutorials: { skip_all: false } });
    expect(third.data.tutorials).toEqual({ shown: ["media-player", "transcript-editing"], skip_all: false });
    expect((await stored()).tutorials).toEqual({ shown: ["media-player", "transcript-editing"], skip_all: false });
  });

  it("sets and clears the transcription service and the transcript flag", async () => {
    const set = await save({ transcription_service: "workers-ai-whisper", transcript: { utterance_meta_column: true } });
    expect(set.data.transcription_service).toBe("workers-ai-whisper");
    expect(set.data.transcript).toEqual({ utterance_meta_column: true });
    const cleared = await save({ transcription_service: null });
    expect(cleared.data.transcription_service).toBeNull();
    expect(cleared.data.transcript).toEqual({ utterance_meta_column: true });
  });

  it("merges the playback preferences and refuses values out of range", async () => {
    const set = await save({ playback: { backstep_seconds: 0, pause_while_typing: true } });
    expect(set.data.playback).toEqual({ skip_seconds: 5, backstep_seconds: 0, pause_while_typing: true, typing_resume_ms: 1500 });
    const step = await save({ playback: { skip_seconds: 2.5 } });
    expect(step.data.playback).toEqual({ skip_seconds: 2.5, backstep_seconds: 0, pause_while_typing: true, typing_resume_ms: 1500 });
    const before = await stored();
    for (const patch of [
      { playback: { skip_seconds: 0 } },
      { playback: { skip_seconds: 61 } },
      { playback: { backstep_seconds: -1 } },
      { playback: { typing_resume_ms: 100 } },
      { playback: { typing_resume_ms: 1500.5 } },
      { playback: { pause_while_typing: "yes" } },
      { playback: { rewind: 1 } },
    ]) {
      const res = await put(patch);
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.body.error ?? res.body.errors, JSON.stringify(patch)).toBeTruthy();
    }
    expect(await stored()).toEqual(before);
    await save({ playback: { skip_seconds: 5, backstep_seconds: 1, pause_while_typing: false } });
  });

  it("refuses an unknown transcription service", async () => {
    const res = await put({ transcription_service: "carrier-pigeon" });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: "Unknown transcription service" });
  });

  it("refuses an invalid theme with 422 and changes nothing", async () => {
    const before = await stored();
    const res = await put({ theme: "purple" });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: "Theme must be light or dark" });
    expect(await stored()).toEqual(before);
  });

  it("refuses unknown keys, top-level and nested", async () => {
    const before = await stored();
    for (const patch of [
      { font: "serif" },
      { sidebar: { extra_collapsed: true } },
      { tutorials: { seen: [] } },
      { theme: "dark", colour: "red" },
    ]) {
      const res = await put(patch);
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.body.error ?? res.body.errors, JSON.stringify(patch)).toBeTruthy();
    }
    expect(await stored()).toEqual(before);
  });

  it("refuses wrong value types and unknown tutorial ids", async () => {
    for (const patch of [
      { sidebar: { files_collapsed: "yes" } },
      { tutorials: { shown: ["not-a-tutorial"] } },
      { tutorials: { skip_all: 1 } },
    ]) {
      const res = await put(patch);
      expect(res.status, JSON.stringify(patch)).toBe(422);
    }
    const unknownTutorial = await put({ tutorials: { shown: ["not-a-tutorial"] } });
    expect(unknownTutorial.body).toEqual({ error: "Unknown tutorial" });
  });

  it("refuses a body without preferences", async () => {
    const res = await call("PUT", "/preferences", { theme: "dark" }, { token: user.token });
    expect(res.status).toBe(422);
  });

  it("keeps preferences per user", async () => {
    const other = await createUser("prefs-other");
    await save({ theme: "dark" }, other.token);
    const mine = await save({ theme: "light" });
    expect(mine.data.theme).toBe("light");
    const theirs = await expectOk(await api(other.token).auth.validate.$get());
    expect(theirs.user.preferences.theme).toBe("dark");
    expect(theirs.user.preferences.sidebar).toEqual({ files_collapsed: false, tools_collapsed: false });
  });
});
