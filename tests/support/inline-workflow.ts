// Cloudflare's Workflow binding, run inline: `create` runs the whole transcription run
// before it answers, each step once, sleeps skipped. The worker tests that send a job
// through the queue with their own bindings (another service, a fake server) use it: an
// instance on the real engine runs with the Worker's configured bindings, not theirs.
// The engine itself is tested in tests/workflows.
import type { WorkflowStep } from "cloudflare:workers";
import { transcriptionRun } from "../../worker/transcription/workflow";
import type { RunParams } from "../../worker/transcription/run-key";

type Status = InstanceStatus["status"];

const instances = new Map<string, { status: Status }>();

const inlineStep = {
  do: (_name: string, configOrRun: unknown, run?: () => Promise<unknown>) => (run ?? (configOrRun as () => Promise<unknown>))(),
  sleep: async () => {},
  sleepUntil: async () => {},
  waitForEvent: async () => {
    throw new Error("Not used by the transcription run");
  },
} as unknown as WorkflowStep;

function handle(id: string): WorkflowInstance {
  const entry = instances.get(id)!;
  return {
    id,
    status: async () => ({ status: entry.status }),
    terminate: async () => {
      entry.status = "terminated";
    },
    pause: async () => {},
    resume: async () => {},
    restart: async () => {},
    sendEvent: async () => {},
  } as unknown as WorkflowInstance;
}

/** `env` with its TRANSCRIPTION_WORKFLOW replaced by the inline engine, which runs with `env` itself. */
export function withInlineWorkflow(env: Env): Env {
  const binding = {
    async create({ id, params }: { id: string; params: RunParams }) {
      if (instances.has(id)) throw new Error(`instance.already_exists: ${id}`);
      const entry: { status: Status } = { status: "running" };
      instances.set(id, entry);
      try {
        await transcriptionRun(env, params, inlineStep);
        entry.status = "complete";
      } catch {
        entry.status = "errored";
      }
      return handle(id);
    },
    async get(id: string) {
      if (!instances.has(id)) throw new Error(`instance.not_found: ${id}`);
      return handle(id);
    },
  };
  Object.defineProperty(env, "TRANSCRIPTION_WORKFLOW", { value: binding });
  return env;
}
