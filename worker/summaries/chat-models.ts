// Which text model writes summaries: the OpenAI-compatible server's chat model
// when OPENAI_CHAT_MODEL is set, else Workers AI where it can run (deployed, or
// reached remotely in development). Locally with neither there is none, and no
// summary is written: a summary is never made up.
import type { Config } from "../config";
import { ModelOutputError, streamedText } from "./chat-stream";
import type { ChatMessage, ChatModel } from "./summarize";

const TIMEOUT_MS = 60_000;

/** The model summaries are written with here, or null when there is none. */
export function summaryModelName(config: Config): string | null {
  if (config.OPENAI_CHAT_MODEL && config.OPENAI_BASE_URL) return config.OPENAI_CHAT_MODEL;
  if (config.ENVIRONMENT === "production" || config.WORKERS_AI_REMOTE) return config.SUMMARY_WORKERS_AI_MODEL;
  return null;
}

export function chatModel(env: Env, config: Config): ChatModel | null {
  if (config.OPENAI_CHAT_MODEL && config.OPENAI_BASE_URL)
    return openAiChat(config.OPENAI_BASE_URL, config.OPENAI_CHAT_MODEL, config.OPENAI_API_KEY);
  if (summaryModelName(config)) return workersAiChat(env, config.SUMMARY_WORKERS_AI_MODEL);
  return null;
}

function openAiChat(baseUrl: string, model: string, apiKey: string | undefined): ChatModel {
  return {
    name: model,
    async complete(messages: ChatMessage[], maxTokens: number) {
      const response = await fetch(`${baseUrl.replace(/\/$/, "")}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ model, messages, max_tokens: maxTokens, temperature: 0.2 }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`Chat model answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== "string") throw new Error("Chat model answered without text");
      return content;
    },
    async *stream(messages: ChatMessage[], maxTokens: number, signal?: AbortSignal) {
      const response = await fetch(`${baseUrl.replace(/\/$/, "")}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ model, messages, max_tokens: maxTokens, temperature: 0.2, stream: true }),
        signal: withTimeout(signal),
      });
      if (!response.ok) throw new Error(`Chat model answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      if (!response.body || !/event-stream/.test(response.headers.get("content-type") ?? ""))
        throw new ModelOutputError("Chat model answered without a stream");
      yield* streamedText(response.body, "openai");
    },
  };
}

const withTimeout = (signal: AbortSignal | undefined) =>
  signal ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS);

function workersAiChat(env: Env, model: string): ChatModel {
  return {
    name: model,
    async complete(messages: ChatMessage[], maxTokens: number) {
      const answer = (await env.AI.run(model as Parameters<Ai["run"]>[0], { messages, max_tokens: maxTokens } as never)) as {
        response?: unknown;
      };
      if (typeof answer?.response !== "string") throw new Error("Workers AI answered without text");
      return answer.response;
    },
    // No signal crosses to the binding: leaving the stream early cancels it (streamedText), which ends the call.
    async *stream(messages: ChatMessage[], maxTokens: number) {
      const answer: unknown = await env.AI.run(
        model as Parameters<Ai["run"]>[0],
        { messages, max_tokens: maxTokens, stream: true } as never,
      );
      if (!(answer instanceof ReadableStream)) throw new ModelOutputError("Workers AI answered without a stream");
      yield* streamedText(answer as ReadableStream<Uint8Array>, "workers-ai");
    },
  };
}
