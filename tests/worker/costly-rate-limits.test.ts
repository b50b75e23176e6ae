// Per-user rate limits on the costly calls (wrangler.toml *_USER_LIMITER, the local
// simulator counting in fixed 60 s windows): summary generation, export requests,
// retranscribe, ask and translation answer 429 {error} with Retry-After once a user's calls are spent.
import { describe, expect, it } from "vitest";
import { COSTLY_LIMITS, type CostlyAction, costlyLimitMessage } from "../../common/rate-limits";
import { call, inOneRateWindow } from "./helpers";
import { createUser, type TestUser } from "./library-helpers";
import { userWithTranscript } from "./transcript-helpers";

const TIMEOUT_MS = 60_000;

/** One costly call of `action` on `fileId` (valid input; the limit is checked before the file is looked up). */
function costly(action: CostlyAction, user: TestUser, fileId: string) {
  const opts = { token: user.token };
  if (action === "summary") return call("POST", `/transcripts/${fileId}/summary`, { summary_type: "bullets" }, opts);
  if (action === "export") return call("POST", `/transcripts/${fileId}/request-export`, { format: "txt" }, opts);
  if (action === "ask") return call("POST", "/ask", { question: "what was decided?", file_id: fileId }, opts);
  if (action === "translate") return call("POST", `/transcripts/${fileId}/translations`, { language: "es" }, opts);
  return call("POST", `/audio_files/${fileId}/retranscribe`, {}, opts);
}

describe("per-user limits on costly calls", () => {
  for (const action of Object.keys(COSTLY_LIMITS) as CostlyAction[]) {
    it(
      `answers the ${action} call past the limit with 429, the retry time and Retry-After, for that user only`,
      async () => {
        await inOneRateWindow(async () => {
          const { limit, periodSeconds } = COSTLY_LIMITS[action];
          const user = await createUser(`limit-${action}`);
          const other = await createUser(`free-${action}`);
          // Calls on a file that is not theirs still count: the limit guards the endpoint, not one file.
          const missing = crypto.randomUUID();
          const statuses: number[] = [];
          for (let i = 0; i < limit; i++) statuses.push((await costly(action, user, missing)).status);
          expect(statuses).toEqual(Array(limit).fill(404));

          const limited = await costly(action, user, missing);
          expect(limited.status).toBe(429);
          expect(limited.body).toEqual({ error: costlyLimitMessage(action) });
          expect(limited.body.error).toContain(`try again in ${periodSeconds} seconds`);
          expect(limited.res.headers.get("retry-after")).toBe(String(periodSeconds));

          // Another user is not affected.
          expect((await costly(action, other, missing)).status).toBe(404);
        });
      },
      TIMEOUT_MS,
    );
  }

  it(
    "lets invalid input through to its 422 without spending the limit",
    async () => {
      await inOneRateWindow(async () => {
        const { user, fileId } = await userWithTranscript("limit-invalid");
        for (let i = 0; i < COSTLY_LIMITS.summary.limit + 2; i++) {
          const res = await call("POST", `/transcripts/${fileId}/summary`, { summary_type: "nonsense" }, { token: user.token });
          expect(res.status).toBe(422);
        }
        // Answered by the summary code itself (409 here: this test transcript cannot be summarized), not by the limiter.
        expect((await costly("summary", user, fileId)).status).toBe(409);
      });
    },
    TIMEOUT_MS,
  );
});
