// An edit is one call into the object that stores the file's transcript (decisions 029, 039): D1
// gives the sign-in and, in one read, that object and the caller's role; it reads nothing of the
// transcript, and the object checks, commits and tells the tabs itself. Counted by wrapping the
// bindings the Worker is given: every D1 statement it prepares, every call on an object's stub.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { apiRequest } from "./helpers";
import { expectStatus } from "./library-helpers";
import { openTab, until } from "./live-helpers";
import { unchangedWords, userWithTranscript, utterances } from "./transcript-helpers";

/** The Worker's env with D1 and the user objects' namespace wrapped to record what they are asked. */
function counted() {
  const statements: string[] = [];
  /** Each a trip to D1: the statements it carried. */
  const trips: string[][] = [];
  const objectCalls: string[] = [];
  const bound = <T extends object>(target: T, key: PropertyKey) => {
    const value = Reflect.get(target, key);
    return typeof value === "function" ? value.bind(target) : value;
  };
  // A statement sent alone is a trip; a batch (given back its own statements) is one trip.
  const unwrapped = new WeakMap<object, { inner: D1PreparedStatement; query: string }>();
  const statement = (inner: D1PreparedStatement, query: string): D1PreparedStatement => {
    const wrapped = new Proxy(inner, {
      get: (target, key) => {
        if (key === "bind") return (...values: unknown[]) => statement(target.bind(...values), query);
        if (key === "first" || key === "all" || key === "run" || key === "raw") {
          const run = bound(target, key) as (...args: unknown[]) => unknown;
          return (...args: unknown[]) => {
            trips.push([query]);
            return run(...args);
          };
        }
        return bound(target, key);
      },
    });
    unwrapped.set(wrapped, { inner, query });
    return wrapped;
  };
  // Requests read D1 through a session (worker/lib/d1-session.ts): its statements are counted too.
  const recording = <T extends D1Database | D1DatabaseSession>(inner: T): T =>
    new Proxy(inner, {
      get: (target, key) =>
        key === "prepare"
          ? (query: string) => {
              statements.push(query);
              return statement(target.prepare(query), query);
            }
          : key === "batch"
            ? (list: D1PreparedStatement[]) => {
                trips.push(list.map((s) => unwrapped.get(s)?.query ?? ""));
                return target.batch(list.map((s) => unwrapped.get(s)?.inner ?? s));
              }
            : key === "withSession"
              ? (...args: unknown[]) => recording((target as D1Database).withSession(...(args as [string])))
              : bound(target, key),
    });
  const db = recording(env.DB);
  const namespace = env.TRANSCRIPT_ROOM as unknown as DurableObjectNamespace;
  const objects = new Proxy(namespace, {
    get: (target, key) =>
      key === "get"
        ? (id: DurableObjectId) =>
            new Proxy(target.get(id), {
              get: (stub, method) => {
                const value = Reflect.get(stub, method);
                if (typeof value !== "function") return value;
                return (...args: unknown[]) => {
                  objectCalls.push(String(method));
                  return value(...args);
                };
              },
            })
        : bound(target, key),
  });
  const wrapped = Object.create(env, { DB: { value: db }, TRANSCRIPT_ROOM: { value: objects } }) as Env;
  return { wrapped, statements, trips, objectCalls };
}

describe("one call per edit", () => {
  it("a word edit makes one D1 trip (the sign-in and the file's access), one call into its room, and the file's sockets hear of it", async () => {
    const { user, fileId } = await userWithTranscript("trips");
    const [first] = await utterances(user, fileId);
    const tab = await openTab(user, "transcript_changed", fileId);
    const { wrapped, statements, trips, objectCalls } = counted();
    const words = unchangedWords(first);
    words[0] = { id: first.transcriptWords[0].id, text: "Changed" };
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      apiRequest("PATCH", `/transcripts/${fileId}/utterances/${first.id}/update_words`, { words }, { token: user.token }),
      wrapped,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expectStatus(res, 200);
    expect(objectCalls).toEqual(["edit"]);
    // D1 is asked, in one trip (decision 051), for the sign-in, in one read the file's workspace and
    // the caller's role there, and the editor's edit limit (decision 053: taken, then read); never
    // for the transcript.
    expect(trips).toHaveLength(1);
    expect(trips[0]).toHaveLength(4);
    expect(statements.filter((q) => /edit_budgets/.test(q))).toHaveLength(2);
    const fileReads = statements.filter((q) => /\b(transcripts|audio_files|utterances)\b/.test(q));
    expect(fileReads).toHaveLength(1);
    expect(fileReads[0]).toMatch(/from "audio_files" inner join "workspace_members"/i);
    expect(statements.filter((q) => /\b(transcripts|utterances)\b/.test(q))).toEqual([]);
    expect(await until(() => tab.messages.some((m) => m.file_id === fileId && m.utterance_ids.includes(first.id)))).toBe(true);
    tab.close();
  });

  it("another user's file answers the same 404 as a file that does not exist", async () => {
    const alice = await userWithTranscript("trips-alice");
    const bob = await userWithTranscript("trips-bob");
    const [first] = await utterances(alice.user, alice.fileId);
    const body = { words: unchangedWords(first) };
    const patch = (fileId: string) =>
      worker.fetch(
        apiRequest("PATCH", `/transcripts/${fileId}/utterances/${first.id}/update_words`, body, { token: bob.user.token }),
        counted().wrapped,
        createExecutionContext(),
      );
    const stranger = await patch(alice.fileId);
    const missing = await patch(crypto.randomUUID());
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual(await missing.json());
    expect(missing.status).toBe(404);
  });

  it("a session signed out answers 401 on an edit, its file read in the same trip or not", async () => {
    const { user, fileId } = await userWithTranscript("trips-out");
    const [first] = await utterances(user, fileId);
    const body = { words: unchangedWords(first) };
    const send = (method: string, path: string, json?: unknown) =>
      worker.fetch(apiRequest(method, path, json, { token: user.token }), env, createExecutionContext());
    expectStatus(await send("POST", "/auth/logout"), 200);
    for (const id of [fileId, crypto.randomUUID()]) {
      const res = await send("PATCH", `/transcripts/${id}/utterances/${first.id}/update_words`, body);
      expect(res.status).toBe(401);
    }
  });

  it("opening a transcript (details, first screenful, whole) asks D1 once per request", async () => {
    const { user, fileId } = await userWithTranscript("trips-open");
    for (const path of [
      `/transcripts/${fileId}`,
      `/transcripts/${fileId}/utterances?format=compact&first=40`,
      `/transcripts/${fileId}/utterances`,
    ]) {
      const { wrapped, trips, objectCalls } = counted();
      const res = await worker.fetch(apiRequest("GET", path, undefined, { token: user.token }), wrapped, createExecutionContext());
      expectStatus(res, 200);
      expect(trips, path).toHaveLength(1);
      expect(objectCalls, path).toHaveLength(1);
    }
  });
});
