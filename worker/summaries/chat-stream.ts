// Reading a chat model's streamed answer: both the OpenAI-compatible chat API (stream: true)
// and Workers AI's text models answer server-sent events, one JSON object per `data:` line,
// ending with `data: [DONE]`. Each line is checked with zod: a model that answers something
// else gets a ModelOutputError, which the caller may retry.
import * as z from "zod";

/** The model answered, but not in the form asked for. */
export class ModelOutputError extends Error {}

const openAiChunk = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).optional() })),
});
const workersAiChunk = z.object({ response: z.string().nullish() });

export type ChunkShape = "openai" | "workers-ai";

/** The text chunks of a streamed answer, as they arrive. */
export async function* streamedText(body: ReadableStream<Uint8Array>, shape: ChunkShape): AsyncIterable<string> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let done = false;
  try {
    while (!done) {
      const next = await reader.read();
      if (next.done) break;
      buffer += next.value;
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        const text = dataOf(line, shape);
        if (text === DONE) {
          done = true;
          break;
        }
        if (text) yield text;
      }
    }
    if (!done) {
      const text = dataOf(buffer, shape);
      if (text !== DONE && text) yield text;
    }
  } finally {
    // Stops the model's call when the reader leaves early (the question was cancelled).
    await reader.cancel().catch(() => {});
  }
}

const DONE = Symbol("done");

function dataOf(line: string, shape: ChunkShape): string | typeof DONE | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith("data:")) return null;
  const data = trimmed.slice(5).trim();
  if (data === "[DONE]") return DONE;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new ModelOutputError("The chat model's stream held a line that is not JSON");
  }
  if (shape === "openai") {
    const chunk = openAiChunk.safeParse(parsed);
    if (!chunk.success) throw new ModelOutputError("The chat model's stream held a chunk of another shape");
    return chunk.data.choices[0]?.delta?.content ?? null;
  }
  const chunk = workersAiChunk.safeParse(parsed);
  if (!chunk.success) throw new ModelOutputError("Workers AI's stream held a chunk of another shape");
  return chunk.data.response ?? null;
}
