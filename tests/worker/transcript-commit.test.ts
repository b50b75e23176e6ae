// The one commit path: a change computed on rows that moved is refused as a
// CommitConflict (found from D1's SQLite code, not its wording), retried by
// commitWithRetry, and answered 409 {error} once the attempts run out.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EDIT_MESSAGES } from "../../common/transcript-ops";
import { isConstraintViolation, sqliteCode } from "../../worker/lib/d1-errors";
import { ApiError } from "../../worker/lib/errors";
import { COMMIT_ATTEMPTS, CommitConflict, commitChange, commitWithRetry } from "../../worker/transcripts/commit";
import { currentStates } from "../../worker/transcripts/read";
import { createUser } from "./library-helpers";
import { storeTranscript } from "./transcript-helpers";

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("D1 errors", () => {
  it("carry the SQLite result code, primary and extended, for each kind of constraint", async () => {
    const db = env.DB;
    await db.exec("CREATE TABLE d1_error_probe (id TEXT PRIMARY KEY, n INTEGER NOT NULL, u TEXT UNIQUE)");
    const notNull = await failureOf(() => db.batch([db.prepare("INSERT INTO d1_error_probe (id, n) VALUES ('a', NULL)")]));
    const primaryKey = await failureOf(() =>
      db.batch([
        db.prepare("INSERT INTO d1_error_probe (id, n) VALUES ('b', 1)"),
        db.prepare("INSERT INTO d1_error_probe (id, n) VALUES ('b', 2)"),
      ]),
    );
    const unique = await failureOf(() =>
      db.batch([
        db.prepare("INSERT INTO d1_error_probe (id, n, u) VALUES ('c', 1, 'x')"),
        db.prepare("INSERT INTO d1_error_probe (id, n, u) VALUES ('d', 1, 'x')"),
      ]),
    );
    const single = await failureOf(() => db.prepare("INSERT INTO d1_error_probe (id, n) VALUES ('e', NULL)").run());
    expect(sqliteCode(notNull)).toEqual({ primary: "SQLITE_CONSTRAINT", extended: "SQLITE_CONSTRAINT_NOTNULL" });
    expect(sqliteCode(primaryKey)).toEqual({ primary: "SQLITE_CONSTRAINT", extended: "SQLITE_CONSTRAINT_PRIMARYKEY" });
    expect(sqliteCode(unique)).toEqual({ primary: "SQLITE_CONSTRAINT", extended: "SQLITE_CONSTRAINT_UNIQUE" });
    expect(sqliteCode(single)).toEqual({ primary: "SQLITE_CONSTRAINT", extended: "SQLITE_CONSTRAINT_NOTNULL" });
    for (const error of [notNull, primaryKey, unique, single]) expect(isConstraintViolation(error)).toBe(true);
  });

  it("are not constraint violations when SQLite refused for another reason, nor are other errors", async () => {
    const missing = await failureOf(() => env.DB.batch([env.DB.prepare("SELECT * FROM no_such_table")]));
    expect(sqliteCode(missing)?.primary).toBe("SQLITE_ERROR");
    expect(isConstraintViolation(missing)).toBe(false);
    // The wording alone is not enough: only the code SQLite gave counts.
    expect(isConstraintViolation(new Error("NOT NULL constraint failed: t.n"))).toBe(false);
    expect(sqliteCode("SQLITE_CONSTRAINT")).toBeNull();
  });
});

describe("commitChange", () => {
  it("refuses a change computed on a version that is no longer stored, writing nothing", async () => {
    const user = await createUser("commit");
    const { transcriptId } = await storeTranscript(user);
    const first = (await env.DB.prepare("SELECT id FROM utterances WHERE transcript_id = ? ORDER BY order_key LIMIT 1")
      .bind(transcriptId)
      .first<{ id: string }>())!;
    const [current] = await currentStates(env.DB, transcriptId, [first.id]);
    const stale = { ...current!, version: current!.version + 7 };
    const plan = (before: typeof stale) => ({
      transcriptId,
      change: { utterances: [{ id: first.id, before, after: { ...before, version: before.version + 1, speakerId: before.speakerId } }] },
      history: { record: { type: "other" as const, summary: "edit", change: { utterances: [] }, opId: null } },
      now: new Date().toISOString(),
    });

    const refused = await failureOf(() => commitChange(env.DB, plan(stale)));
    expect(refused).toBeInstanceOf(CommitConflict);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as CommitConflict).status).toBe(409);
    expect((refused as CommitConflict).message).toBe(EDIT_MESSAGES.stale);
    expect(sqliteCode((refused as CommitConflict).cause)?.extended).toBe("SQLITE_CONSTRAINT_NOTNULL");
    const [after] = await currentStates(env.DB, transcriptId, [first.id]);
    expect(after!.version).toBe(current!.version);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM edit_operations WHERE transcript_id = ?").bind(transcriptId).first("n")).toBe(0);

    const done = await commitChange(env.DB, plan(current!));
    expect(done.utterances.map((u) => [u.id, u.version])).toEqual([[first.id, current!.version + 1]]);
  });
});

describe("commitWithRetry", () => {
  it("tries again while the commit conflicts, each attempt numbered", async () => {
    const seen: number[] = [];
    const result = await commitWithRetry(async (n) => {
      seen.push(n);
      if (n < 3) throw new CommitConflict(new Error("moved"));
      return "done";
    });
    expect(result).toBe("done");
    expect(seen).toEqual([1, 2, 3]);
  });

  it(`gives up after ${COMMIT_ATTEMPTS} attempts with the conflict, a 409 for the app's error handler`, async () => {
    let attempts = 0;
    const error = await failureOf(() =>
      commitWithRetry(async () => {
        attempts++;
        throw new CommitConflict(new Error("moved"));
      }),
    );
    expect(attempts).toBe(COMMIT_ATTEMPTS);
    expect(error).toBeInstanceOf(CommitConflict);
    expect((error as ApiError).status).toBe(409);
  });

  it("does not retry any other failure", async () => {
    let attempts = 0;
    const error = await failureOf(() =>
      commitWithRetry(async () => {
        attempts++;
        throw new ApiError(404, "gone");
      }),
    );
    expect(attempts).toBe(1);
    expect((error as ApiError).status).toBe(404);
  });
});
