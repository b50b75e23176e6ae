// One transcription run as a Workflow (decision 044): prepare, one step per attempt at each
// piece of the recording, store, announce, clean up. The engine keeps each step's result, so
// a failed piece is tried again alone and a restart or a deploy resumes after the last
// finished step. Waits between attempts are sleeps of their own (they honour a service's
// Retry-After, which the engine's step retries cannot); the engine's retries are for the
// unexpected (storage or database hiccups).
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from "cloudflare:workers";
import { getConfig } from "../config";
import { errorText, writeLog } from "../lib/request-log";
import { removePieces } from "./run-end";
import { instanceIdOf, type RunParams } from "./run-key";
import { announceRun, failRun, prepareRun, storeRun, transcribePiece } from "./run-steps";
import { NOTHING_CARRIED } from "./types";

export type RunResult = { outcome: "ready" | "failed" | "ended"; reason?: string };

export class TranscriptionWorkflow extends WorkflowEntrypoint<Env, RunParams> {
  override async run(event: Readonly<WorkflowEvent<RunParams>>, step: WorkflowStep): Promise<RunResult> {
    return transcriptionRun(this.env, event.payload, step);
  }
}

/** The run's steps in order; exported so the run can be driven by any engine that keeps step results. */
export async function transcriptionRun(env: Env, params: RunParams, step: WorkflowStep): Promise<RunResult> {
  const base = getConfig(env).TRANSCRIPTION_RETRY_SECONDS * 1000;
  const config: WorkflowStepConfig = { retries: { limit: 3, delay: base, backoff: "exponential" }, timeout: "15 minutes" };
  const run = <T extends Rpc.Serializable<T>>(name: string, fn: () => Promise<T>) => step.do(name, config, () => logged(params, name, fn));
  const fail = async (reason: string): Promise<RunResult> => {
    await run("fail", async () => {
      await failRun(env, params, reason);
      await removePieces(env, params.fileId);
      return true;
    });
    return { outcome: "failed", reason };
  };

  // No catch-all here: the engine stops a run by throwing out of step.do (a pause, a terminate), and a
  // step that fails past its retries leaves the instance errored, which the recovery sweep turns into a
  // failed file (recovery.ts).
  const prepared = await run("prepare", () => prepareRun(env, params));
  if ("ended" in prepared) return { outcome: "ended" };
  if ("failed" in prepared) return await fail(prepared.failed);
  let carried = NOTHING_CARRIED;
  for (let index = 0; index < prepared.total; index++) {
    const piece = `piece ${index + 1} of ${prepared.total}`;
    let firstTriedAt: number | null = null;
    for (let attempt = 1; ; attempt++) {
      const outcome = await run(`${piece}, attempt ${attempt}`, () =>
        transcribePiece(env, params, prepared, index, attempt, carried, firstTriedAt),
      );
      if ("ended" in outcome) return { outcome: "ended" };
      if ("failed" in outcome) return await fail(outcome.failed);
      if (outcome.done) {
        carried = outcome.carried;
        break;
      }
      firstTriedAt = outcome.firstTriedAt;
      await step.sleep(`wait before ${piece}, attempt ${attempt + 1}`, outcome.retryInSeconds * 1000);
    }
  }
  const stored = await run("store", () => storeRun(env, params, prepared));
  if ("ended" in stored) return { outcome: "ended" };
  if ("failed" in stored) return await fail(stored.failed);
  if (stored.announce) await run("announce", () => announceRun(env, params, stored.hadSummary).then(() => true));
  await run("clean up", () => removePieces(env, params.fileId).then(() => true));
  return { outcome: stored.announce ? "ready" : "ended" };
}

/** Runs a step's work and writes its log line, which carries the run key (the instance id). */
async function logged<T>(params: RunParams, name: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const line = {
    kind: "step" as const,
    requestId: crypto.randomUUID(),
    workflow: "transcription",
    runKey: instanceIdOf(params),
    step: name,
  };
  try {
    const result = await fn();
    writeLog({ ...line, outcome: "done", durationMs: Date.now() - started, fileId: params.fileId });
    return result;
  } catch (error) {
    writeLog({ ...line, outcome: "error", durationMs: Date.now() - started, fileId: params.fileId, error: errorText(error) });
    throw error;
  }
}
